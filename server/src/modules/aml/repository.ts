/** SQL of the AML checks (aml_checks, migration 0006). No rules here: service.ts and the disclosure step check decide. */
import type { Db } from '../../db';
import type { AmlMatch } from '../../vendors/aml/types';

export interface NewAmlCheck {
  id: string;
  appId: string;
  userId: string;
  clientType: 'cn' | 'hk';
  chineseName: string;
  lastName: string;
  firstName: string;
  /** YYYY-MM-DD */
  birthday: string;
  hitStatus: 0 | 1;
  matches: AmlMatch[];
  vendor: string;
  vendorRef: string | null;
  at: Date;
}

export async function insertAmlCheck(db: Db, c: NewAmlCheck): Promise<void> {
  await db.query(
    `INSERT INTO aml_checks (id, app_id, user_id, client_type, chinese_name, last_name, first_name, birth_date, hit_status, matches, vendor, vendor_ref, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10::jsonb, $11, $12, $13)`,
    [c.id, c.appId, c.userId, c.clientType, c.chineseName, c.lastName, c.firstName, c.birthday, c.hitStatus, JSON.stringify(c.matches), c.vendor, c.vendorRef, c.at],
  );
}

/** A stored check, as the disclosure step check reads it. */
export interface AmlCheckRow {
  id: string;
  app_id: string;
  hit_status: number;
  chinese_name: string;
  last_name: string;
  first_name: string;
  /** YYYY-MM-DD */
  birth_date: string;
  created_at: Date;
}

/** The check with this id made for this application; null when there is none (unknown id, or another application's). */
export async function findAmlCheckOfApp(db: Db, amlInfoId: string, appId: string): Promise<AmlCheckRow | null> {
  const { rows } = await db.query<AmlCheckRow>(
    `SELECT id, app_id, hit_status, chinese_name, last_name, first_name, to_char(birth_date, 'YYYY-MM-DD') AS birth_date, created_at
       FROM aml_checks WHERE id = $1 AND app_id = $2`,
    [amlInfoId, appId],
  );
  return rows[0] ?? null;
}
