/** SQL of organisation signing (migrations 0025, 0026): organisations, tickets, signer sessions, the tickets' files. */
import type { Db } from '../../db';

export interface OrganisationRow {
  id: string;
  name: string;
  name_zh: string;
  registration_number: string;
  country: string;
  signer_name: string;
  signer_id_hmac: string;
  signer_id_masked: string;
  /** cnId | other (SIGNER_ID_KINDS) */
  signer_id_kind: string;
  created_at: Date;
}

export interface TicketRow {
  id: string;
  ticket_hash: string;
  org_id: string;
  ca_status: number;
  file_status: number;
  signature_status: number;
  failed_attempts: number;
  locked_at: Date | null;
  revoked_at: Date | null;
  expires_at: Date;
  created_at: Date;
  identity_confirmed_at: Date | null;
  cert_der: Buffer | Uint8Array | null;
  cert_chain: (Buffer | Uint8Array)[] | null;
  cert_serial: string | null;
  cert_not_after: Date | null;
  signer_key_sealed: string | null;
  signed_at: Date | null;
  /** the drawn signature as signed (storage key; migration 0039) */
  signature_key?: string | null;
  /** the accepted photo of the signer's ID card (verify step) */
  id_photo_file_id: string | null;
  /** when the OCR read the signer's number on it (mainland cards) */
  id_photo_read_at: Date | null;
}

export interface SessionRow {
  id: string;
  ticket_id: string;
  rndkey_hash: string;
  created_at: Date;
  last_seen_at: Date;
  ended_at: Date | null;
}

export interface SignFileRow {
  id: string;
  ticket_id: string;
  kind: string;
  file_name: string;
  mime: string;
  size: number;
  sha256: string;
  storage_key: string;
  source_id: string | null;
  created_at: Date;
}

export async function insertOrganisation(db: Db, o: Omit<OrganisationRow, 'created_at'>, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO organisations (id, name, name_zh, registration_number, country, signer_name, signer_id_hmac, signer_id_masked, signer_id_kind, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [o.id, o.name, o.name_zh, o.registration_number, o.country, o.signer_name, o.signer_id_hmac, o.signer_id_masked, o.signer_id_kind, at],
  );
}

export async function findOrganisation(db: Db, idOrRegistration: string): Promise<OrganisationRow | null> {
  const { rows } = await db.query<OrganisationRow>('SELECT * FROM organisations WHERE id = $1 OR registration_number = $1', [idOrRegistration]);
  return rows[0] ?? null;
}

export async function insertTicket(
  db: Db,
  t: Pick<TicketRow, 'id' | 'ticket_hash' | 'org_id' | 'ca_status' | 'file_status' | 'signature_status' | 'expires_at'>,
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO sign_tickets (id, ticket_hash, org_id, ca_status, file_status, signature_status, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [t.id, t.ticket_hash, t.org_id, t.ca_status, t.file_status, t.signature_status, t.expires_at, at],
  );
}

export async function findTicketByHash(db: Db, hash: string): Promise<(TicketRow & { signer_id_hmac: string }) | null> {
  const { rows } = await db.query<TicketRow & { signer_id_hmac: string }>(
    'SELECT t.*, o.signer_id_hmac FROM sign_tickets t JOIN organisations o ON o.id = t.org_id WHERE t.ticket_hash = $1',
    [hash],
  );
  return rows[0] ?? null;
}

export async function findTicket(db: Db, id: string, forUpdate = false): Promise<TicketRow | null> {
  const { rows } = await db.query<TicketRow>(`SELECT * FROM sign_tickets WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

/** Counts a wrong ID number; locks the ticket at `max`. Returns the count after it. */
export async function countWrongAttempt(db: Db, ticketId: string, max: number, at: Date): Promise<number> {
  const { rows } = await db.query<{ failed_attempts: number }>(
    `UPDATE sign_tickets SET failed_attempts = failed_attempts + 1,
       locked_at = CASE WHEN failed_attempts + 1 >= $2 AND locked_at IS NULL THEN $3::timestamptz ELSE locked_at END
     WHERE id = $1 RETURNING failed_attempts`,
    [ticketId, max, at],
  );
  return rows[0]?.failed_attempts ?? 0;
}

export async function listTickets(db: Db, orgId: string | null, limit: number): Promise<(TicketRow & { org_name: string; registration_number: string })[]> {
  const { rows } = await db.query<TicketRow & { org_name: string; registration_number: string }>(
    `SELECT t.*, o.name AS org_name, o.registration_number FROM sign_tickets t JOIN organisations o ON o.id = t.org_id
     WHERE ($1::text IS NULL OR t.org_id = $1) ORDER BY t.created_at DESC LIMIT $2`,
    [orgId, limit],
  );
  return rows;
}

export async function revokeTicket(db: Db, id: string, at: Date): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>('UPDATE sign_tickets SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id', [id, at]);
  if (rows[0]) await db.query('UPDATE sign_sessions SET ended_at = $2 WHERE ticket_id = $1 AND ended_at IS NULL', [id, at]);
  return !!rows[0];
}

/** Ends a link's time now (its sessions end too); false when it is unknown, revoked or past its end already. */
export async function expireTicket(db: Db, id: string, at: Date): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>('UPDATE sign_tickets SET expires_at = $2 WHERE id = $1 AND revoked_at IS NULL AND expires_at > $2 RETURNING id', [id, at]);
  if (rows[0]) await db.query('UPDATE sign_sessions SET ended_at = $2 WHERE ticket_id = $1 AND ended_at IS NULL', [id, at]);
  return !!rows[0];
}

export async function updateTicketStatuses(
  db: Db,
  id: string,
  set: Partial<Pick<TicketRow, 'ca_status' | 'file_status' | 'signature_status' | 'identity_confirmed_at' | 'signed_at' | 'id_photo_file_id' | 'id_photo_read_at'>>,
): Promise<void> {
  const cols = Object.keys(set) as (keyof typeof set)[];
  if (!cols.length) return;
  await db.query(`UPDATE sign_tickets SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1`, [id, ...cols.map((c) => set[c])]);
}

export async function storeCertificate(
  db: Db,
  id: string,
  c: { der: Buffer; chain: Buffer[]; serial: string; notAfter: Date; keySealed: string },
): Promise<void> {
  await db.query('UPDATE sign_tickets SET cert_der = $2, cert_chain = $3, cert_serial = $4, cert_not_after = $5, signer_key_sealed = $6, ca_status = 3 WHERE id = $1', [
    id,
    c.der,
    c.chain,
    c.serial,
    c.notAfter,
    c.keySealed,
  ]);
}

export async function insertSession(db: Db, s: Pick<SessionRow, 'id' | 'ticket_id' | 'rndkey_hash'>, at: Date): Promise<void> {
  await db.query('INSERT INTO sign_sessions (id, ticket_id, rndkey_hash, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $4)', [s.id, s.ticket_id, s.rndkey_hash, at]);
}

export async function findSession(db: Db, id: string): Promise<(SessionRow & { ticket: TicketRow; org: OrganisationRow }) | null> {
  const { rows } = await db.query<SessionRow & { t: TicketRow; o: OrganisationRow }>(
    `SELECT s.*, to_jsonb(t.*) - 'cert_der' - 'cert_chain' - 'signer_key_sealed' AS t, to_jsonb(o.*) AS o
     FROM sign_sessions s JOIN sign_tickets t ON t.id = s.ticket_id JOIN organisations o ON o.id = t.org_id WHERE s.id = $1`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  const dates = (x: Record<string, unknown>, keys: string[]) => {
    for (const k of keys) if (typeof x[k] === 'string') x[k] = new Date(x[k] as string);
    return x;
  };
  const ticket = dates(r.t as unknown as Record<string, unknown>, ['locked_at', 'revoked_at', 'expires_at', 'created_at', 'identity_confirmed_at', 'cert_not_after', 'signed_at', 'id_photo_read_at']) as unknown as TicketRow;
  const org = dates(r.o as unknown as Record<string, unknown>, ['created_at']) as unknown as OrganisationRow;
  return { id: r.id, ticket_id: r.ticket_id, rndkey_hash: r.rndkey_hash, created_at: r.created_at, last_seen_at: r.last_seen_at, ended_at: r.ended_at, ticket, org };
}

export async function touchSession(db: Db, id: string, at: Date): Promise<void> {
  await db.query('UPDATE sign_sessions SET last_seen_at = $2 WHERE id = $1', [id, at]);
}

export async function endSession(db: Db, id: string, at: Date): Promise<void> {
  await db.query('UPDATE sign_sessions SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL', [id, at]);
}

export async function insertFile(db: Db, f: Omit<SignFileRow, 'created_at'>, at: Date): Promise<SignFileRow> {
  const { rows } = await db.query<SignFileRow>(
    `INSERT INTO sign_files (id, ticket_id, kind, file_name, mime, size, sha256, storage_key, source_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
    [f.id, f.ticket_id, f.kind, f.file_name, f.mime, f.size, f.sha256, f.storage_key, f.source_id, at],
  );
  return rows[0]!;
}

/** Keeps the ticket's certificate of completion unless one is kept for its file name already (then null: the first one stays; migration 0040's index). */
export async function insertCertificateFile(db: Db, f: Omit<SignFileRow, 'created_at' | 'kind' | 'source_id'>, at: Date): Promise<SignFileRow | null> {
  const { rows } = await db.query<SignFileRow>(
    `INSERT INTO sign_files (id, ticket_id, kind, file_name, mime, size, sha256, storage_key, source_id, created_at)
     VALUES ($1, $2, 'certificate', $3, $4, $5, $6, $7, NULL, $8)
     ON CONFLICT (ticket_id, file_name) WHERE kind = 'certificate' DO NOTHING RETURNING *`,
    [f.id, f.ticket_id, f.file_name, f.mime, f.size, f.sha256, f.storage_key, at],
  );
  return rows[0] ?? null;
}

export async function ticketFiles(db: Db, ticketId: string): Promise<SignFileRow[]> {
  const { rows } = await db.query<SignFileRow>('SELECT * FROM sign_files WHERE ticket_id = $1 ORDER BY created_at, id', [ticketId]);
  return rows;
}

/** The ticket's file, or null for an unknown id or another ticket's file (the caller answers 100403 for both). */
export async function ticketFile(db: Db, ticketId: string, fileId: string): Promise<SignFileRow | null> {
  const { rows } = await db.query<SignFileRow>('SELECT * FROM sign_files WHERE id = $1 AND ticket_id = $2', [fileId, ticketId]);
  return rows[0] ?? null;
}

export async function signerCertificate(db: Db, ticketId: string): Promise<Pick<TicketRow, 'cert_der' | 'cert_chain' | 'cert_serial' | 'signer_key_sealed' | 'cert_not_after'> | null> {
  const { rows } = await db.query<Pick<TicketRow, 'cert_der' | 'cert_chain' | 'cert_serial' | 'signer_key_sealed' | 'cert_not_after'>>(
    'SELECT cert_der, cert_chain, cert_serial, signer_key_sealed, cert_not_after FROM sign_tickets WHERE id = $1',
    [ticketId],
  );
  return rows[0]?.cert_der ? rows[0] : null;
}

/** Where the signer's drawn signature, as placed on the signed documents, is stored. */
export async function setSignatureKey(db: Db, ticketId: string, key: string): Promise<void> {
  await db.query('UPDATE sign_tickets SET signature_key = $2 WHERE id = $1', [ticketId, key]);
}

/** The organisations, newest first. */
export async function listOrganisations(db: Db, limit: number): Promise<OrganisationRow[]> {
  const { rows } = await db.query<OrganisationRow>('SELECT * FROM organisations ORDER BY created_at DESC, id LIMIT $1', [limit]);
  return rows;
}
