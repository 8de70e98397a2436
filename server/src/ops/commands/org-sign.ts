/**
 * Organisation signing (issue 14): staff create an organisation with its signer, issue a signing ticket (the link
 * the signer opens), list tickets and their states, revoke one, export a signed document (or the signer's ID card
 * photo), print the local CA's root.
 */
import { X509Certificate } from 'node:crypto';
import { z } from 'zod';
import { ORG_SIGN_STEPS, SIGN_DOCUMENTS, currentSignStep, normaliseSignIdNumber, type OrgSignStep } from '@core/domain';
import { findOrganisation, listTickets } from '../../modules/org-sign/repository';
import { createOrganisation, expire, exportSigned, issueTicket, revoke, statusesOf, ticketState } from '../../modules/org-sign/service';
import { caSettingsOf, createCa } from '../../vendors/ca';
import { defineCommand, flagText, OpsError } from '../framework';

const EXPORTABLE = [...SIGN_DOCUMENTS, 'idPhoto'] as const;
const ticketId = z.string().regex(/^T[A-Za-z0-9_-]{12}$/);

export const orgCreate = defineCommand({
  name: 'org-create',
  usage:
    'org-create --name "…" [--name-zh "…"] --reg NUMBER [--country HK] --signer "…" --signer-id ID   an organisation and its signer (the ID number is kept as an HMAC; a mainland ID number makes the signer\'s ID card photo read by the OCR)',
  preconditions: 'a registration number not used by another organisation',
  schema: z.object({
    name: z.string().trim().min(2).max(200),
    nameZh: z.string().trim().max(100),
    reg: z.string().trim().regex(/^[A-Za-z0-9-]{4,30}$/),
    country: z.string().regex(/^[A-Z]{2}$/),
    signer: z.string().trim().min(2).max(100),
    signerId: z.string().refine((v) => normaliseSignIdNumber(v) !== null, '4-30 letters and digits'),
  }),
  parse: (args) => ({
    name: flagText(args, 'name'),
    nameZh: flagText(args, 'name-zh') ?? '',
    reg: flagText(args, 'reg'),
    country: flagText(args, 'country') ?? 'HK',
    signer: flagText(args, 'signer'),
    signerId: flagText(args, 'signer-id'),
  }),
  run: (ctx, p) =>
    createOrganisation(ctx, { name: p.name, nameZh: p.nameZh, registrationNumber: p.reg, country: p.country, signerName: p.signer, signerIdNumber: p.signerId }, 'ops:org-create'),
  print: (r, p, io) => io.out(`${r.id}  ${p.name} (${p.reg})  signer's ID: ${r.signerIdKind === 'cnId' ? 'mainland ID card (read by OCR)' : 'other document (photo kept for staff)'}`),
});

export const signTicket = defineCommand({
  name: 'sign-ticket',
  usage: `sign-ticket <orgId|registration number> [--steps ${ORG_SIGN_STEPS.join(',')}] [--hours N]   a signing link for the organisation's signer`,
  preconditions: 'an organisation (org-create)',
  schema: z.object({ org: z.string().min(1).max(64), steps: z.array(z.enum(ORG_SIGN_STEPS)).min(1), hours: z.number().int().min(1).max(24 * 90).optional() }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <orgId|registration number>');
    const hours = flagText(args, 'hours');
    return { org: args.positionals[0], steps: (flagText(args, 'steps') ?? ORG_SIGN_STEPS.join(',')).split(',').filter(Boolean), hours: hours === undefined ? undefined : Number(hours) };
  },
  run: async (ctx, p) => {
    if (!(await findOrganisation(ctx.db, p.org))) throw new OpsError(`no organisation ${p.org}`);
    const r = await issueTicket(ctx, { org: p.org, steps: p.steps as OrgSignStep[], hours: p.hours }, 'ops:sign-ticket');
    return { ticketId: r.ticketId, url: r.url, expiresAt: r.expiresAt.toISOString() };
  },
  print: (r, _p, io) => {
    io.out(r.url);
    io.out(`ticket ${r.ticketId}, until ${r.expiresAt}`);
  },
});

export const signTickets = defineCommand({
  name: 'sign-tickets',
  usage: 'sign-tickets [<orgId>] [--limit N]   signing tickets, newest first, with their state and step statuses',
  preconditions: 'none',
  schema: z.object({ org: z.string().max(64).nullable(), limit: z.number().int().min(1).max(10000) }),
  parse: (args) => ({ org: args.positionals[0] ?? null, limit: Number(flagText(args, 'limit') ?? 50) }),
  run: async (ctx, p) => {
    const org = p.org ? await findOrganisation(ctx.db, p.org) : null;
    if (p.org && !org) throw new OpsError(`no organisation ${p.org}`);
    const now = ctx.clock.now();
    return (await listTickets(ctx.db, org?.id ?? null, p.limit)).map((t) => ({
      ticketId: t.id,
      org: `${t.org_name} (${t.registration_number})`,
      state: ticketState({ ...t, expires_at: new Date(t.expires_at) }, now),
      step: currentSignStep(statusesOf(t)),
      statuses: `ca ${t.ca_status} doc ${t.file_status} sign ${t.signature_status}`,
      wrongTries: t.failed_attempts,
      idPhoto: t.id_photo_file_id ? (t.id_photo_read_at ? 'read' : 'kept') : 'none',
      expiresAt: new Date(t.expires_at).toISOString(),
    }));
  },
  print: (rows, _p, io) => {
    if (!rows.length) return io.out('no signing tickets');
    for (const r of rows) io.out(`${r.ticketId}  ${r.state.padEnd(7)} step ${r.step.padEnd(6)} ${r.statuses}  wrong ID ${r.wrongTries}  ID photo ${r.idPhoto}  until ${r.expiresAt}  ${r.org}`);
  },
});

export const signRevoke = defineCommand({
  name: 'sign-revoke',
  usage: 'sign-revoke <ticketId>   revoke a signing link: its sessions end, it opens no more',
  preconditions: 'a ticket not revoked yet (sign-tickets)',
  schema: z.object({ ticketId }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <ticketId>');
    return { ticketId: args.positionals[0] };
  },
  run: async (ctx, p) => {
    if (!(await revoke(ctx, p.ticketId, 'ops:sign-revoke'))) throw new OpsError(`${p.ticketId}: no such ticket, or revoked already`);
    return { ticketId: p.ticketId };
  },
  print: (r, _p, io) => io.out(`${r.ticketId} revoked`),
});

export const signExpire = defineCommand({
  name: 'sign-expire',
  usage: 'sign-expire <ticketId>   end a signing link now: the signer reads "link expired, contact service" (sign-revoke says nothing of the link)',
  preconditions: 'a ticket neither revoked nor expired (sign-tickets)',
  schema: z.object({ ticketId }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <ticketId>');
    return { ticketId: args.positionals[0] };
  },
  run: async (ctx, p) => {
    if (!(await expire(ctx, p.ticketId, 'ops:sign-expire'))) throw new OpsError(`${p.ticketId}: no such ticket, or revoked or expired already`);
    return { ticketId: p.ticketId };
  },
  print: (r, _p, io) => io.out(`${r.ticketId} expired`),
});

export const signExport = defineCommand({
  name: 'sign-export',
  usage: `sign-export <ticketId> --document ${EXPORTABLE.join('|')} --out PATH   the signed PDF, or the signer's accepted ID card photo`,
  preconditions: 'a ticket whose sign step is done (idPhoto: whose verify step took a photo)',
  schema: z.object({ ticketId, document: z.enum(EXPORTABLE), out: z.string().min(1) }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <ticketId>');
    const out = flagText(args, 'out');
    if (!out) throw new OpsError('missing --out PATH');
    return { ticketId: args.positionals[0], document: flagText(args, 'document'), out };
  },
  run: async (ctx, p) => {
    const f = await exportSigned(ctx, p.ticketId, p.document);
    if (!f) throw new OpsError(`${p.ticketId}: no ${p.document === 'idPhoto' ? 'ID card photo' : `signed ${p.document}`}`);
    return { fileName: f.fileName, size: f.bytes.length, base64: f.bytes.toString('base64') };
  },
  print: (r, p, io) => {
    io.writeFile(p.out, Buffer.from(r.base64, 'base64'));
    io.out(`${r.fileName}: ${r.size} bytes written to ${p.out}`);
  },
});

export const signCaCert = defineCommand({
  name: 'sign-ca-cert',
  usage: 'sign-ca-cert   the signing certificate authority\'s root (PEM): trust it in a PDF reader to see the signatures as valid',
  preconditions: 'none',
  schema: z.object({}),
  parse: () => ({}),
  run: async (ctx) => {
    const ca = createCa(caSettingsOf(ctx.config), ctx.db);
    return { pem: new X509Certificate(await ca.rootCertificate()).toString() };
  },
  print: (r, _p, io) => io.out(r.pem.trimEnd()),
});
