/**
 * ApplyDocument: the certificate step's documents generated from the application as it stands, stored as the
 * applicant's PDF files (UserApply) and returned by object id; made again only when the application's data changed.
 */
import { createHash } from 'node:crypto';
import { todayInHongKong, type CaDocument, type Res } from '@core/domain';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { Clock } from '../../plugins/context';
import type { FileStorage } from '../../storage';
import { ownedActive } from '../applications/service';
import { canonicalJson } from '../applications/status-change';
import { findOwnedFile } from '../files/repository';
import { signedUrlFor, storeUpload } from '../files/service';
import { renderDocument } from './layout';

export interface DocumentsDeps {
  config: Config;
  db: Db;
  clock: Clock;
  storage: FileStorage;
}

export async function applyDocument(deps: DocumentsDeps, userId: string, appId: string, document: CaDocument): Promise<Res<'applyDocument'>> {
  const row = await ownedActive(deps.db, userId, appId);
  const data = { ...row.data };
  delete data.drafts;
  delete data.CAAPPLY; // the step that shows the documents does not change them
  const hash = createHash('sha256').update(canonicalJson(data)).digest('hex');
  const { rows } = await deps.db.query<{ oss_id: string }>('SELECT oss_id FROM application_documents WHERE app_id = $1 AND document = $2 AND data_hash = $3', [row.app_id, document, hash]);
  if (rows[0] && (await findOwnedFile(deps.db, userId, rows[0].oss_id))) return { ossId: rows[0].oss_id, ossUrl: signedUrlFor(deps, rows[0].oss_id) };

  const sigRef = ((data.SIGNATURE as { documentInfo?: { customerSignature?: Array<{ ossId: string }> } } | undefined)?.documentInfo?.customerSignature ?? [])[0];
  const sigFile = sigRef ? await findOwnedFile(deps.db, userId, sigRef.ossId) : null;
  const signature = sigFile && sigFile.mime === 'image/png' ? new Uint8Array(await deps.storage.read(sigFile.storage_key)) : null;
  const bytes = await renderDocument(document, { appId: row.app_id, clientType: row.client_type, data, signature, date: todayInHongKong(deps.clock.now()) });
  const stored = await storeUpload(deps, userId, { category: 'UserApply', filename: `${document}.pdf`, bytes }, 'made');
  await deps.db.query('INSERT INTO application_documents (app_id, document, data_hash, oss_id) VALUES ($1, $2, $3, $4) ON CONFLICT (app_id, document, data_hash) DO UPDATE SET oss_id = $4', [row.app_id, document, hash, stored.ossId]);
  return stored;
}
