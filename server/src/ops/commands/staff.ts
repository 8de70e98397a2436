/**
 * The review desk's staff accounts (issue 28): the first admin is made here; afterwards admins may make accounts here
 * too. Creating or resetting an account prints its one-time password and its authenticator secret (an otpauth://
 * address a phone's authenticator app takes as a QR code or typed) once: nothing can show them again.
 */
import { z } from 'zod';
import { STAFF_LIMITS, STAFF_LOGIN_PATTERN, STAFF_ROLES } from '@core/domain/staff';
import { createStaff, listStaff, resetStaff, setDisabled, type NewStaff } from '../../modules/staff/service';
import { defineCommand, flagText, OpsError, type OpsIo } from '../framework';

const login = z.string().regex(STAFF_LOGIN_PATTERN);

function printCredentials(r: NewStaff, io: OpsIo) {
  io.out(`${r.staff.login} (${r.staff.role}, ${r.staff.displayName})`);
  io.out(`  password:        ${r.password}`);
  io.out(`  authenticator:   ${r.totpSecret}`);
  io.out(`  otpauth address: ${r.totpUri}`);
  io.out('  Hand these to their owner now: they are not shown again (staff-reset makes new ones).');
}

export const staffCreate = defineCommand({
  name: 'staff-create',
  usage: `staff-create <login> --role ${STAFF_ROLES.join('|')} --name "…" [--json]   a staff account of the review desk; prints its one-time password and authenticator secret`,
  preconditions: 'a login not taken (3-32 lower-case letters, digits, . _ -)',
  json: true,
  schema: z.object({ login, role: z.enum(STAFF_ROLES), name: z.string().trim().min(1).max(STAFF_LIMITS.displayNameMax) }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <login>');
    return { login: args.positionals[0], role: flagText(args, 'role'), name: flagText(args, 'name') };
  },
  run: (ctx, p) => createStaff(ctx, { login: p.login, displayName: p.name, role: p.role, by: 'ops:staff-create' }),
  print: (r, _p, io) => printCredentials(r, io),
});

export const staffReset = defineCommand({
  name: 'staff-reset',
  usage: 'staff-reset <login> [--json]   a new password and authenticator secret for a staff account (a lost phone or password); its sessions end',
  preconditions: 'an existing staff login',
  json: true,
  schema: z.object({ login }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <login>');
    return { login: args.positionals[0] };
  },
  run: (ctx, p) => resetStaff(ctx, p.login, 'ops:staff-reset'),
  print: (r, _p, io) => printCredentials(r, io),
});

export const staffDisable = defineCommand({
  name: 'staff-disable',
  usage: 'staff-disable <login> [--enable] [--json]   stops (or allows again) a staff account: its sessions end and its claims go back to the queue',
  preconditions: 'an existing staff login; never the last admin',
  json: true,
  schema: z.object({ login, enable: z.boolean() }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <login>');
    return { login: args.positionals[0], enable: args.flags.enable === true };
  },
  run: (ctx, p) => setDisabled(ctx, p.login, !p.enable, p.enable ? 'ops:staff-enable' : 'ops:staff-disable'),
  print: (r, p, io) => io.out(`${r.login} ${p.enable ? 'enabled' : 'disabled'}`),
});

export const staffList = defineCommand({
  name: 'staff-list',
  usage: 'staff-list [--json]   the staff accounts: login, role, name, and whether disabled or locked',
  json: true,
  schema: z.object({}),
  parse: () => ({}),
  run: (ctx) => listStaff(ctx),
  print: (rows, _p, io) => {
    if (!rows.length) io.out('no staff accounts (staff-create makes the first admin)');
    for (const s of rows) io.out(`${s.login.padEnd(20)} ${s.role.padEnd(9)} ${s.displayName}${s.disabled ? '  (disabled)' : ''}${s.locked ? '  (locked)' : ''}`);
  },
});
