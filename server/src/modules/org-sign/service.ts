/**
 * Organisation signing (issue 14). Staff create an organisation with its signer and issue a ticket (ops); the
 * signer opens the link, proves the ID number (ApplyAuth: a session), and goes through the steps the ticket asks
 * (src/core/domain/org-sign.ts): verify (confirm the details, then the certificate from the certificate authority),
 * doc (upload what the broker needs), sign (the organisation chart and the opening form signed with the
 * certificate, the drawn signature placed on them). Every change is audited under `sign:<ticketId>`.
 */
import { generateKeyPairSync, createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import {
  ErrorCode,
  SIGN_DOCUMENTS,
  SIGN_LIMITS,
  SIGN_STEP_STATUS,
  currentSignStep,
  idPhotoIsRead,
  normaliseSignIdNumber,
  signerIdKindOf,
  todayInHongKong,
  type OrgSignStatuses,
  type OrgSignStep,
  type Req,
  type Res,
  type SignFileKind,
  type SignStepStatus,
  type SignerIdKind,
  type SignUploadPurpose,
} from '@core/domain';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { audit } from '../../db/audit';
import { AppError } from '../../errors';
import type { Clock } from '../../plugins/context';
import { signPdf } from '../../pdf/sign';
import { evidenceDetail, type ClientEvidence } from '../../plugins/client-evidence';
import type { FileStorage } from '../../storage';
import type { CaVendor } from '../../vendors/ca';
import { insertEvidence, sha256hex } from '../applications';
import { cleanUpload, reencodeImage } from '../files';
import { sniffType } from '../files';
import { cardQuality, findCard, QUALITY_LIMITS } from '../ocr';
import type { OcrVendor } from '../../vendors/ocr';
import { readIdCardByJob } from '../../jobs/vendor-calls';
import type { Jobs } from '../../jobs/queue';
import { SIGNATURE_BOX, openingForm, organisationChart } from './documents';
import * as repo from './repository';
import type { Signer } from './require-signer';
import { idNumberHmac, maskSignIdNumber, openKey, sealKey } from './secrets';

export interface SignDeps {
  config: Config;
  db: Db;
  clock: Clock;
  vendors: { ca: CaVendor; ocr: OcrVendor };
  storage: FileStorage;
  /** IdCardOcr's reading runs as a job (ocr.read) */
  jobs: Jobs;
}

const id = (bytes = 12) => randomBytes(bytes).toString('base64url');
const iso = (d: Date | string) => new Date(d).toISOString();

/* ── staff (ops) ── */

export interface NewOrganisation {
  name: string;
  nameZh: string;
  registrationNumber: string;
  country: string;
  signerName: string;
  signerIdNumber: string;
}

export async function createOrganisation(deps: Pick<SignDeps, 'config' | 'db' | 'clock'>, o: NewOrganisation, actor: string): Promise<{ id: string; signerIdKind: SignerIdKind }> {
  const normalised = normaliseSignIdNumber(o.signerIdNumber);
  if (!normalised) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: 'signerIdNumber', message: 'format' }] } });
  const orgId = `O${id(9)}`;
  const signerIdKind = signerIdKindOf(normalised, todayInHongKong(deps.clock.now()));
  await deps.db.transaction(async (tx) => {
    if (await repo.findOrganisation(tx, o.registrationNumber)) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: 'registrationNumber', message: 'exists' }] } });
    await repo.insertOrganisation(
      tx,
      {
        id: orgId,
        name: o.name,
        name_zh: o.nameZh,
        registration_number: o.registrationNumber,
        country: o.country,
        signer_name: o.signerName,
        signer_id_hmac: idNumberHmac(deps.config, normalised),
        signer_id_masked: maskSignIdNumber(normalised),
        signer_id_kind: signerIdKind,
      },
      new Date(deps.clock.now()),
    );
    await audit(tx, { actor, action: 'orgSign.organisation.create', detail: { orgId, registrationNumber: o.registrationNumber, signerIdKind } });
  });
  return { id: orgId, signerIdKind };
}

export interface NewTicket {
  org: string;
  /** which steps the broker asks (default all three) */
  steps?: readonly OrgSignStep[];
  hours?: number;
}

/** A new ticket: its secret (only here, in the link) and its id (for staff). */
export async function issueTicket(deps: Pick<SignDeps, 'config' | 'db' | 'clock'>, t: NewTicket, actor: string): Promise<{ ticketId: string; ticket: string; expiresAt: Date; url: string }> {
  const org = await repo.findOrganisation(deps.db, t.org);
  if (!org) throw new AppError(ErrorCode.NOT_FOUND);
  const steps = t.steps ?? ['verify', 'doc', 'sign'];
  const status = (s: OrgSignStep): SignStepStatus => (steps.includes(s) ? SIGN_STEP_STATUS.needed : SIGN_STEP_STATUS.notNeeded);
  const ticket = randomBytes(32).toString('base64url');
  const ticketId = `T${id(9)}`;
  const now = deps.clock.now();
  const expiresAt = new Date(now + (t.hours ?? deps.config.signTicketHours ?? SIGN_LIMITS.ticketHoursDefault) * 3_600_000);
  await deps.db.transaction(async (tx) => {
    await repo.insertTicket(
      tx,
      { id: ticketId, ticket_hash: sha256hex(ticket), org_id: org.id, ca_status: status('verify'), file_status: status('doc'), signature_status: status('sign'), expires_at: expiresAt },
      new Date(now),
    );
    await audit(tx, { actor, action: 'orgSign.ticket.issue', detail: { ticketId, orgId: org.id, steps, expiresAt: expiresAt.toISOString() } });
  });
  return { ticketId, ticket, expiresAt, url: `/pages/signature.html?ticket=${ticket}` };
}

export type TicketState = 'open' | 'done' | 'expired' | 'revoked' | 'locked';
export function ticketState(t: repo.TicketRow, now: number): TicketState {
  if (t.revoked_at) return 'revoked';
  if (t.locked_at) return 'locked';
  if (currentSignStep(statusesOf(t)) === 'result') return 'done';
  if (t.expires_at.getTime() <= now) return 'expired';
  return 'open';
}

export async function revoke(deps: Pick<SignDeps, 'db' | 'clock'>, ticketId: string, actor: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const done = await repo.revokeTicket(tx, ticketId, new Date(deps.clock.now()));
    if (done) await audit(tx, { actor, action: 'orgSign.ticket.revoke', detail: { ticketId } });
    return done;
  });
}

/** Staff end a link's time now: the signer is told the link expired and to contact service (revoking says nothing). */
export async function expire(deps: Pick<SignDeps, 'db' | 'clock'>, ticketId: string, actor: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const done = await repo.expireTicket(tx, ticketId, new Date(deps.clock.now()));
    if (done) await audit(tx, { actor, action: 'orgSign.ticket.expire', detail: { ticketId } });
    return done;
  });
}

/** A signed copy's bytes for staff (by the ticket and the document it signs), or the signer's accepted ID card photo. */
export async function exportSigned(deps: Pick<SignDeps, 'db' | 'storage'>, ticketId: string, document: SignFileKind): Promise<{ fileName: string; bytes: Buffer } | null> {
  const files = await repo.ticketFiles(deps.db, ticketId);
  let wanted: repo.SignFileRow | undefined;
  if (document === 'idPhoto') {
    const photoId = (await repo.findTicket(deps.db, ticketId))?.id_photo_file_id;
    wanted = files.find((f) => f.id === photoId);
  } else {
    const source = files.find((f) => f.kind === document);
    wanted = source && files.filter((f) => f.kind === 'signed' && f.source_id === source.id).pop();
  }
  if (!wanted) return null;
  return { fileName: wanted.file_name, bytes: await deps.storage.read(wanted.storage_key) };
}

/* ── the signer ── */

export const statusesOf = (t: Pick<repo.TicketRow, 'ca_status' | 'file_status' | 'signature_status'>): OrgSignStatuses => ({
  caStatus: t.ca_status as SignStepStatus,
  obResFileStatus: t.file_status as SignStepStatus,
  signatureStatus: t.signature_status as SignStepStatus,
});
const statusView = (t: Pick<repo.TicketRow, 'ca_status' | 'file_status' | 'signature_status'>): Res<'signApplyUpdate'> => {
  const s = statusesOf(t);
  return { ...s, step: currentSignStep(s) };
};

/**
 * TicketInfo: the organisation a link is for, so that the start page names it before the signer gives their ID number.
 * Only the organisation's names: everything about the signer (name, masked number, documents) waits for ApplyAuth.
 * An unknown or revoked ticket answers 152301 (as ApplyAuth does), an expired one 152302, a locked one 152303 (ApplyAuth
 * says the same before it looks at a number).
 */
export async function ticketInfo(deps: Pick<SignDeps, 'db' | 'clock'>, input: Req<'signTicketInfo'>): Promise<Res<'signTicketInfo'>> {
  const t = await repo.findTicketByHash(deps.db, sha256hex(input.ticket));
  if (!t) throw new AppError(ErrorCode.SIGN_VERIFY_FAILED);
  const state = ticketState(t, deps.clock.now());
  if (state === 'revoked') throw new AppError(ErrorCode.SIGN_VERIFY_FAILED);
  if (state === 'locked') throw new AppError(ErrorCode.SIGN_LOCKED);
  if (state === 'expired') throw new AppError(ErrorCode.SIGN_LINK_EXPIRED);
  const org = await repo.findOrganisation(deps.db, t.org_id);
  if (!org) throw new AppError(ErrorCode.SIGN_VERIFY_FAILED);
  return { organisationName: org.name, chineseName: org.name_zh };
}

/** The shortest time ApplyAuth takes, whatever its outcome (a wrong ID number and a wrong ticket look alike). */
export const APPLY_AUTH_FLOOR_MS = 400;

/**
 * ApplyAuth: the link's ticket and the ID number. An unknown or revoked ticket and a wrong ID number answer the same
 * 152301 in the same time (APPLY_AUTH_FLOOR_MS); a wrong number counts against the ticket, which locks at
 * SIGN_LIMITS.authAttempts (152303 from then on); an expired ticket answers 152302.
 */
export async function applyAuth(deps: Pick<SignDeps, 'config' | 'db' | 'clock'>, input: Req<'signApplyAuth'>, ip: string): Promise<Res<'signApplyAuth'>> {
  const started = performance.now();
  try {
    return await applyAuthUnpadded(deps, input, ip);
  } finally {
    const left = APPLY_AUTH_FLOOR_MS - (performance.now() - started);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
  }
}

async function applyAuthUnpadded(deps: Pick<SignDeps, 'config' | 'db' | 'clock'>, input: Req<'signApplyAuth'>, ip: string): Promise<Res<'signApplyAuth'>> {
  const normalised = normaliseSignIdNumber(input.idNumber);
  const given = idNumberHmac(deps.config, normalised ?? '');
  const now = deps.clock.now();
  const at = new Date(now);
  const found = await repo.findTicketByHash(deps.db, sha256hex(input.ticket));
  if (!found || found.revoked_at) throw new AppError(ErrorCode.SIGN_VERIFY_FAILED);
  const session = id(16);
  const rndkey = id(16);
  // the ticket's row locked while its state is read and the try counted or let in: parallel tries are checked one
  // after another, so that none is let in (or counted as a mere wrong number) once SIGN_LIMITS.authAttempts locked it
  const outcome = await deps.db.transaction(async (tx) => {
    const t = await repo.findTicket(tx, found.id, true);
    if (!t || t.revoked_at) return 'unknown' as const;
    if (t.locked_at) return 'locked' as const;
    if (t.expires_at.getTime() <= now) return 'expired' as const;
    if (!normalised || given !== found.signer_id_hmac) {
      const count = await repo.countWrongAttempt(tx, t.id, SIGN_LIMITS.authAttempts, at);
      await audit(tx, { actor: `sign:${t.id}`, action: 'orgSign.auth.wrong', detail: { ticketId: t.id, attempts: count, ip } });
      // committed, then told (a throw would roll the count back)
      return 'wrong' as const;
    }
    await repo.insertSession(tx, { id: session, ticket_id: t.id, rndkey_hash: sha256hex(rndkey) }, at);
    await audit(tx, { actor: `sign:${t.id}`, action: 'orgSign.auth', detail: { ticketId: t.id, session, ip } });
    return t;
  });
  if (outcome === 'unknown' || outcome === 'wrong') throw new AppError(ErrorCode.SIGN_VERIFY_FAILED);
  if (outcome === 'locked') throw new AppError(ErrorCode.SIGN_LOCKED);
  if (outcome === 'expired') throw new AppError(ErrorCode.SIGN_LINK_EXPIRED);
  const t = outcome;
  const expiresAt = new Date(Math.min(now + SIGN_LIMITS.sessionAbsoluteHours * 3_600_000, t.expires_at.getTime()));
  return { token: `${session}.${rndkey}`, session, rndkey, expiresAt: iso(expiresAt), idleMinutes: SIGN_LIMITS.sessionIdleMinutes };
}

/** A file of the ticket as the calls answer it. */
export const fileViewOf = (f: repo.SignFileRow) => ({
  fileId: f.id,
  kind: f.kind as SignFileKind,
  fileName: f.file_name,
  mime: f.mime,
  size: f.size,
  sourceId: f.source_id,
  createdAt: iso(f.created_at),
});

async function storeFile(deps: Pick<SignDeps, 'db' | 'clock' | 'storage'>, ticketId: string, f: { kind: SignFileKind; fileName: string; mime: string; bytes: Uint8Array; sourceId?: string }): Promise<repo.SignFileRow> {
  const stored = await deps.storage.put(f.bytes);
  return repo.insertFile(
    deps.db,
    { id: id(16), ticket_id: ticketId, kind: f.kind, file_name: f.fileName, mime: f.mime, size: f.bytes.byteLength, sha256: sha256hex(f.bytes), storage_key: stored.key, source_id: f.sourceId ?? null },
    new Date(deps.clock.now()),
  );
}

/** The ticket's generated documents, made at the first ApplyDetail of the ticket (under the ticket's lock: once). */
async function ensureDocuments(deps: SignDeps, signer: Signer): Promise<repo.SignFileRow[]> {
  const files = await repo.ticketFiles(deps.db, signer.ticketId);
  if (SIGN_DOCUMENTS.every((kind) => files.some((f) => f.kind === kind))) return files;
  return deps.db.transaction(async (tx) => {
    await repo.findTicket(tx, signer.ticketId, true);
    const now = await repo.ticketFiles(tx, signer.ticketId);
    const input = { org: signer.org, date: todayInHongKong(deps.clock.now()) };
    for (const kind of SIGN_DOCUMENTS.filter((k) => !now.some((f) => f.kind === k))) {
      const bytes = kind === 'organizationChart' ? await organisationChart(input) : await openingForm(input);
      await storeFile({ ...deps, db: tx }, signer.ticketId, { kind, fileName: `${kind}.pdf`, mime: 'application/pdf', bytes });
    }
    return repo.ticketFiles(tx, signer.ticketId);
  });
}

export async function detail(deps: SignDeps, signer: Signer): Promise<Res<'signApplyDetail'>> {
  const files = await ensureDocuments(deps, signer);
  const docs = SIGN_DOCUMENTS.map((kind) => files.find((f) => f.kind === kind)!).map(fileViewOf);
  return {
    ...statusView(signer.ticket),
    organisationName: signer.org.name,
    chineseName: signer.org.name_zh,
    signerName: signer.org.signer_name,
    ticketExpiresAt: iso(signer.ticket.expires_at),
    organizationChart: docs[0]!,
    documents: docs,
    uploads: files.filter((f) => f.kind === 'upload').map(fileViewOf),
    signed: files.filter((f) => f.kind === 'signed').map(fileViewOf),
  };
}

export function clientInfo(signer: Signer): Res<'signGetClientInfo'> {
  return {
    signerName: signer.org.signer_name,
    idNumberMasked: signer.org.signer_id_masked,
    organisationName: signer.org.name,
    chineseName: signer.org.name_zh,
    registrationNumber: signer.org.registration_number,
    sessionExpiresAt: iso(signer.sessionExpiresAt),
    signerIdKind: kindOf(signer),
    idPhoto: signer.ticket.id_photo_file_id ? { fileId: signer.ticket.id_photo_file_id, read: !!signer.ticket.id_photo_read_at } : null,
  };
}

const kindOf = (signer: Signer): SignerIdKind => (signer.org.signer_id_kind === 'cnId' ? 'cnId' : 'other');

/** The ticket holds an accepted photo of the signer's ID card: for a mainland card one the OCR read as the signer's. */
const photoAccepted = (t: repo.TicketRow, kind: SignerIdKind): boolean => !!t.id_photo_file_id && (!idPhotoIsRead(kind) || !!t.id_photo_read_at);

/** Runs `fn` on the ticket locked, when `step` is the current one (152304 with data.step otherwise, 152308 when nothing is left). */
async function atStep<T>(deps: SignDeps, signer: Signer, step: OrgSignStep, fn: (tx: Db, t: repo.TicketRow) => Promise<T>): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const t = (await repo.findTicket(tx, signer.ticketId, true))!;
    const current = currentSignStep(statusesOf(t));
    if (current === 'result') throw new AppError(ErrorCode.SIGN_NO_NEED);
    if (current !== step) throw new AppError(ErrorCode.SIGN_NOT_CURRENT_STEP, { data: { step: current } });
    return fn(tx, t);
  });
}

/**
 * IdCardOcr: a photo of the signer's mainland ID card (FileUpload of purpose idPhoto on this ticket) → the card found
 * and checked as IdcardOcr does (151202 no card, 151203 a photocopy, 151204 glare) → read → whether the number is the
 * signer's (compared by its HMAC). A match on the verify step makes it the ticket's accepted photo (CorpApplyAuth
 * needs one). The answer names no number but the masked one read; audited. A signer whose document is not a mainland
 * card gets 100400 (the OCR reads only those; their photo goes with CorpApplyAuth).
 */
export async function idCardOcr(deps: SignDeps, signer: Signer, fileId: string): Promise<Res<'signIdCardOcr'>> {
  if (!idPhotoIsRead(kindOf(signer))) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: 'fileId', message: 'notReadable' }] } });
  const f = await repo.ticketFile(deps.db, signer.ticketId, fileId);
  if (!f || f.kind !== 'idPhoto') throw new AppError(ErrorCode.FORBIDDEN);
  const card = await findCard(await deps.storage.read(f.storage_key));
  if (!card) throw new AppError(ErrorCode.ID_UNCLEAR);
  const quality = await cardQuality(card.crop);
  if (quality.saturation < QUALITY_LIMITS.minSaturation) throw new AppError(ErrorCode.ID_NOT_ORIGINAL);
  if (quality.blownOut > QUALITY_LIMITS.maxBlownOut) throw new AppError(ErrorCode.ID_REFLECTIVE);
  const { text: read, vendor } = await readIdCardByJob(deps, card.crop, todayInHongKong(deps.clock.now()));
  if (read.side !== 'front') throw new AppError(ErrorCode.ID_UNCLEAR);
  const n = normaliseSignIdNumber(read.idNumber);
  const matchesSigner = !!n && idNumberHmac(deps.config, n) === signer.org.signer_id_hmac;
  await deps.db.transaction(async (tx) => {
    const t = (await repo.findTicket(tx, signer.ticketId, true))!;
    if (matchesSigner && currentSignStep(statusesOf(t)) === 'verify') {
      await repo.updateTicketStatuses(tx, t.id, { id_photo_file_id: f.id, id_photo_read_at: new Date(deps.clock.now()) });
    }
    await audit(tx, { actor: `sign:${signer.ticketId}`, action: 'orgSign.idCardOcr', detail: { ticketId: signer.ticketId, fileId, matchesSigner, vendor } });
  });
  return { name: read.name, idNumberMasked: n ? maskSignIdNumber(n) : '', matchesSigner };
}

/**
 * CorpApplyAuth: the signer confirms the details, with the ID card's photo: for a mainland card the one IdCardOcr
 * read as the signer's; for another document the photo given (idPhotoFileId), kept for staff. 152309 otherwise.
 */
export async function corpApplyAuth(deps: SignDeps, signer: Signer, input: Req<'signCorpApplyAuth'>): Promise<Res<'signCorpApplyAuth'>> {
  return atStep(deps, signer, 'verify', async (tx, t) => {
    const at = new Date(deps.clock.now());
    let photo = t.id_photo_file_id;
    if (!idPhotoIsRead(kindOf(signer))) {
      // a document not read: the photo comes with the confirmation
      if (!input.idPhotoFileId) throw new AppError(ErrorCode.SIGN_ID_PHOTO_NEEDED);
      const f = await repo.ticketFile(tx, t.id, input.idPhotoFileId);
      if (!f || f.kind !== 'idPhoto') throw new AppError(ErrorCode.FORBIDDEN);
      photo = f.id;
    } else if (!photoAccepted(t, 'cnId')) throw new AppError(ErrorCode.SIGN_ID_PHOTO_NEEDED);
    await repo.updateTicketStatuses(tx, t.id, { identity_confirmed_at: at, id_photo_file_id: photo });
    await audit(tx, { actor: `sign:${t.id}`, action: 'orgSign.identity.confirm', detail: { ticketId: t.id, session: signer.sessionId, idPhotoFileId: photo, idPhotoRead: !!t.id_photo_read_at } });
    return statusView(t);
  });
}

const certView = (der: Uint8Array) => {
  const x = new X509Certificate(der);
  return { subject: x.subject, issuer: x.issuer, serial: x.serialNumber, notBefore: iso(x.validFrom), notAfter: iso(x.validTo) };
};

/** Makes the signer's key pair (ECDSA P-256) and has the authority certify it; stores both (the key sealed). */
async function certify(deps: SignDeps, tx: Db, t: repo.TicketRow, signer: Signer): Promise<Buffer> {
  const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const issued = await deps.vendors.ca.issue({
    publicKeySpki: pair.publicKey.export({ type: 'spki', format: 'der' }),
    signerName: signer.org.signer_name,
    organisationName: signer.org.name,
    registrationNumber: signer.org.registration_number,
    country: signer.org.country,
  });
  const keySealed = sealKey(deps.config, t.id, pair.privateKey.export({ type: 'pkcs8', format: 'der' }));
  await repo.storeCertificate(tx, t.id, { der: issued.certificate, chain: issued.chain, serial: issued.serialHex, notAfter: issued.notAfter, keySealed });
  await audit(tx, { actor: `sign:${t.id}`, action: 'orgSign.certificate.issue', detail: { ticketId: t.id, serial: issued.serialHex, vendor: deps.vendors.ca.name } });
  return issued.certificate;
}

export async function corpApplyCACert(deps: SignDeps, signer: Signer): Promise<Res<'signCorpApplyCACert'>> {
  let failed = false;
  try {
    return await atStep(deps, signer, 'verify', async (tx, t) => {
      if (!t.identity_confirmed_at) throw new AppError(ErrorCode.SIGN_IDENTITY_UNCONFIRMED);
      // the confirmation came with the photo; a confirmation without one (before migration 0026) is asked again
      if (!photoAccepted(t, kindOf(signer))) throw new AppError(ErrorCode.SIGN_ID_PHOTO_NEEDED);
      let der: Buffer;
      try {
        der = await certify(deps, tx, t, signer);
      } catch (err) {
        if (err instanceof AppError) throw err;
        failed = true;
        throw new AppError(ErrorCode.SIGN_CA_FAILED);
      }
      return { ...statusView({ ...t, ca_status: SIGN_STEP_STATUS.success }), certificate: certView(der) };
    });
  } finally {
    if (failed) {
      await deps.db.transaction(async (tx) => {
        await repo.updateTicketStatuses(tx, signer.ticketId, { ca_status: SIGN_STEP_STATUS.failed });
        await audit(tx, { actor: `sign:${signer.ticketId}`, action: 'orgSign.certificate.failed', detail: { ticketId: signer.ticketId, vendor: deps.vendors.ca.name } });
      });
    }
  }
}

export async function corpApplyDetail(deps: SignDeps, signer: Signer): Promise<Res<'signCorpApplyDetail'>> {
  const t = (await repo.findTicket(deps.db, signer.ticketId))!;
  return { caStatus: t.ca_status as SignStepStatus, identityConfirmed: !!t.identity_confirmed_at, certificate: t.cert_der ? certView(t.cert_der) : null };
}

export async function applyUpdate(deps: SignDeps, signer: Signer, input: Req<'signApplyUpdate'>): Promise<Res<'signApplyUpdate'>> {
  return atStep(deps, signer, 'doc', async (tx, t) => {
    for (const fileId of new Set(input.fileIds)) {
      const f = await repo.ticketFile(tx, t.id, fileId);
      if (!f || f.kind !== 'upload') throw new AppError(ErrorCode.FORBIDDEN);
    }
    await repo.updateTicketStatuses(tx, t.id, { file_status: SIGN_STEP_STATUS.success });
    await audit(tx, { actor: `sign:${t.id}`, action: 'orgSign.documents.complete', detail: { ticketId: t.id, fileIds: [...new Set(input.fileIds)] } });
    return statusView({ ...t, file_status: SIGN_STEP_STATUS.success });
  });
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export async function corpApplyUpdate(
  deps: SignDeps,
  signer: Signer,
  input: Req<'signCorpApplyUpdate'>,
  evidenceOf?: () => Promise<ClientEvidence>,
): Promise<Res<'signCorpApplyUpdate'>> {
  const sent = Buffer.from(input.signature.replace(/^data:image\/png;base64,/, ''), 'base64');
  const badFormat = () => new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: 'signature', message: 'format' }] } });
  if (sent.length > SIGN_LIMITS.signatureImageMaxBytes || !sent.subarray(0, 8).equals(PNG)) throw badFormat();
  // the pixels only, as every uploaded image (files/clean.ts)
  const image = await reencodeImage(sent, { mime: 'image/png', ext: 'png' }).catch(() => {
    throw badFormat();
  });
  await ensureDocuments(deps, signer);
  // where and on what the signer signs (the certificate of completion): the vendor asked before the transaction
  const evidence = evidenceOf ? await evidenceOf() : null;
  const { storage } = deps;
  return atStep(deps, signer, 'sign', async (tx, t) => {
    // a ticket whose verify step was not asked (the broker checked the signer otherwise) is certified here
    if (!t.cert_der) await certify(deps, tx, t, signer);
    const cert = (await repo.signerCertificate(tx, t.id))!;
    const files = await repo.ticketFiles(tx, t.id);
    const signingTime = new Date(deps.clock.now());
    const signed: repo.SignFileRow[] = [];
    for (const kind of SIGN_DOCUMENTS) {
      const source = files.find((f) => f.kind === kind)!;
      const bytes = await signPdf(await storage.read(source.storage_key), {
        signer: {
          certificate: Buffer.from(cert.cert_der!),
          privateKey: createPrivateKey({ key: openKey(deps.config, t.id, cert.signer_key_sealed!), format: 'der', type: 'pkcs8' }),
          chain: (cert.cert_chain ?? []).map((c) => Buffer.from(c)),
        },
        signingTime,
        name: signer.org.signer_name,
        reason: `Signed for ${signer.org.name}`,
        image,
        rect: SIGNATURE_BOX,
      });
      const stored = await storage.put(bytes);
      signed.push(
        await repo.insertFile(
          tx,
          { id: id(16), ticket_id: t.id, kind: 'signed', file_name: `${kind}-signed.pdf`, mime: 'application/pdf', size: bytes.length, sha256: sha256hex(bytes), storage_key: stored.key, source_id: source.id },
          signingTime,
        ),
      );
    }
    await repo.updateTicketStatuses(tx, t.id, { signature_status: SIGN_STEP_STATUS.success, signed_at: signingTime });
    if (evidence) await insertEvidence(tx, { ticketId: t.id, event: 'orgSign' }, evidence, signingTime);
    await repo.setSignatureKey(tx, t.id, (await storage.put(image)).key);
    await audit(tx, {
      actor: `sign:${t.id}`,
      action: 'orgSign.sign',
      detail: { ticketId: t.id, files: signed.map((f) => ({ fileId: f.id, sha256: f.sha256 })), ...(evidence ? { evidence: evidenceDetail(evidence) } : {}) },
    });
    return { ...statusView({ ...t, signature_status: SIGN_STEP_STATUS.success }), signed: signed.map(fileViewOf) };
  });
}

/**
 * FileUpload: a document for the broker (kind upload, PDF, PNG or JPEG, SIGN_LIMITS.uploadsPerTicket) or a photo of
 * the signer's ID card (kind idPhoto, PNG or JPEG, SIGN_LIMITS.idPhotosPerHour), the type by the content.
 */
export async function fileUpload(deps: SignDeps, signer: Signer, f: { fileName: string; bytes: Uint8Array; purpose?: SignUploadPurpose }): Promise<Res<'signFileUpload'>> {
  if (f.bytes.byteLength > SIGN_LIMITS.uploadMaxBytes) throw new AppError(ErrorCode.FILE_TOO_LARGE);
  const type = sniffType(f.bytes);
  const kind = f.purpose === 'idPhoto' ? 'idPhoto' : 'upload';
  if (!type || (kind === 'idPhoto' && type.mime === 'application/pdf')) throw new AppError(ErrorCode.FILE_TYPE);
  // only what the file shows is kept (files/clean.ts): an image re-encoded, a PDF with scripts or attachments refused
  const bytes = await cleanUpload(f.bytes, type);
  return deps.db.transaction(async (tx) => {
    await repo.findTicket(tx, signer.ticketId, true);
    const files = await repo.ticketFiles(tx, signer.ticketId);
    if (kind === 'idPhoto') {
      // photos count per hour (a worn card or glare takes tries; a ticket is not spent by them)
      const since = deps.clock.now() - 60 * 60_000;
      const max = SIGN_LIMITS.idPhotosPerHour;
      if (files.filter((x) => x.kind === 'idPhoto' && new Date(x.created_at).getTime() > since).length >= max) throw new AppError(ErrorCode.SIGN_TOO_MANY_PHOTOS, { data: { max } });
    } else if (files.filter((x) => x.kind === 'upload').length >= SIGN_LIMITS.uploadsPerTicket) {
      throw new AppError(ErrorCode.SIGN_TOO_MANY_FILES, { data: { max: SIGN_LIMITS.uploadsPerTicket } });
    }
    const row = await storeFile({ ...deps, db: tx }, signer.ticketId, { kind, fileName: f.fileName, mime: type.mime, bytes });
    await audit(tx, { actor: `sign:${signer.ticketId}`, action: 'orgSign.file.upload', detail: { ticketId: signer.ticketId, fileId: row.id, kind, size: row.size, mime: row.mime } });
    return fileViewOf(row);
  });
}

export async function fileDownload(deps: SignDeps, signer: Signer, fileId: string): Promise<Res<'signFileDownload'>> {
  const f = await repo.ticketFile(deps.db, signer.ticketId, fileId);
  if (!f) throw new AppError(ErrorCode.FORBIDDEN);
  const bytes = await deps.storage.read(f.storage_key);
  return { fileName: f.file_name, mime: f.mime, size: f.size, data: bytes.toString('base64') };
}
