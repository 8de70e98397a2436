/**
 * Organisation signing on the review desk (issue 28): the organisations and their signing links, a new organisation,
 * a new link (sent again: a new link, the one it replaces revoked with it) and revoking one, through the functions of
 * `ops org-create`, `sign-ticket` and `sign-revoke` (modules/org-sign/service.ts), with the staff member as the actor.
 */
import { ErrorCode, currentSignStep } from '@core/domain';
import type { Req, Res } from '@core/domain/contract';
import { AppError } from '../../errors';
import type { AppDeps } from '../../plugins/context';
import { findOrganisation, findTicket, listOrganisations, listTickets } from '../org-sign';
import { createOrganisation, issueTicket, revoke, statusesOf, ticketState } from '../org-sign';
import type { StaffSession } from './service';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

const actorOf = (caller: StaffSession) => `staff:${caller.staff.staffId}`;

export async function orgsList(deps: Deps): Promise<Res<'staffOrgs'>> {
  const [orgs, tickets] = await Promise.all([listOrganisations(deps.db, 500), listTickets(deps.db, null, 2000)]);
  const now = deps.clock.now();
  return {
    orgs: orgs.map((o) => ({
      orgId: o.id,
      name: o.name,
      nameZh: o.name_zh,
      registrationNumber: o.registration_number,
      country: o.country,
      signerName: o.signer_name,
      signerId: o.signer_id_masked,
      createdAt: new Date(o.created_at).toISOString(),
      tickets: tickets
        .filter((t) => t.org_id === o.id)
        .map((t) => ({
          ticketId: t.id,
          state: ticketState({ ...t, expires_at: new Date(t.expires_at) }, now),
          step: currentSignStep(statusesOf(t)),
          createdAt: new Date(t.created_at).toISOString(),
          expiresAt: new Date(t.expires_at).toISOString(),
        })),
    })),
  };
}

export async function orgCreate(deps: Deps, caller: StaffSession, o: Exclude<Req<'staffOrgCreate'>, void>): Promise<Res<'staffOrgCreate'>> {
  const r = await createOrganisation(
    deps,
    { name: o.name, nameZh: o.nameZh ?? '', registrationNumber: o.registrationNumber, country: o.country, signerName: o.signerName, signerIdNumber: o.signerIdNumber },
    actorOf(caller),
  );
  return { orgId: r.id };
}

export async function signTicket(deps: Deps, caller: StaffSession, t: Exclude<Req<'staffSignTicket'>, void>): Promise<Res<'staffSignTicket'>> {
  const org = await findOrganisation(deps.db, t.orgId);
  if (!org || org.id !== t.orgId) throw new AppError(ErrorCode.NOT_FOUND);
  if (t.replaces) {
    const old = await findTicket(deps.db, t.replaces);
    if (!old || old.org_id !== org.id) throw new AppError(ErrorCode.NOT_FOUND);
    // revoked first: a link that was revoked already is simply replaced
    await revoke(deps, old.id, actorOf(caller));
  }
  const r = await issueTicket(deps, { org: org.id, steps: t.steps, hours: t.hours }, actorOf(caller));
  return { ticketId: r.ticketId, url: r.url, expiresAt: r.expiresAt.toISOString() };
}

export async function signRevoke(deps: Deps, caller: StaffSession, ticketId: string): Promise<Res<'staffSignRevoke'>> {
  if (!(await revoke(deps, ticketId, actorOf(caller)))) throw new AppError(ErrorCode.CASE_STATE, { data: { detail: `${ticketId}: no such link, or revoked already` } });
  return { ok: true };
}
