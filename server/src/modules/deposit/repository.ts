/** SQL for the deposit bridge: deposit notices (deposit_notices) and professional-person witness submissions (witness_submissions). */
import type { Db } from '../../db';

/** Keeps one deposit notice of the applicant. */
export async function insertDepositNotice(
  db: Db,
  n: { id: string; appId: string; userId: string; amount: string; currency: string; payingBank: string; proofOssId: string; at: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO deposit_notices (id, app_id, user_id, amount, currency, paying_bank, proof_oss_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [n.id, n.appId, n.userId, n.amount, n.currency, n.payingBank, n.proofOssId, n.at],
  );
}

/** Keeps one witness submission (the identity and address proofs as handed over, JSON). */
export async function insertWitnessSubmission(db: Db, w: { appId: string; userId: string; idFiles: unknown[]; addressFiles: unknown[]; at: Date }): Promise<void> {
  await db.query('INSERT INTO witness_submissions (app_id, user_id, id_files, address_files, created_at) VALUES ($1, $2, $3::jsonb, $4::jsonb, $5)', [
    w.appId,
    w.userId,
    JSON.stringify(w.idFiles),
    JSON.stringify(w.addressFiles),
    w.at,
  ]);
}
