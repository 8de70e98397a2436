/**
 * ApplyDocument: the certificate step's documents generated from the application as it stands, stored as the
 * applicant's PDF files (UserApply) and returned by object id; made again only when the application's data changed.
 * The documents' words: layout.ts and words.ts.
 */
import { createHash } from 'node:crypto';
import { todayInHongKong, type CaDocument, type Res } from '@core/domain';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { Clock } from '../../plugins/context';
import type { FileStorage } from '../../storage';
import { ownedActive } from '../applications';
import { canonicalJson } from '../applications';
import { findOwnedFile } from '../files';
import { signedUrlFor, storeUpload } from '../files';
import { renderDocument } from './layout';
import * as repo from './repository';

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
  const existing = await repo.storedDocument(deps.db, row.app_id, document, hash);
  if (existing && (await findOwnedFile(deps.db, userId, existing))) return { ossId: existing, ossUrl: signedUrlFor(deps, existing) };

  const sigRef = ((data.SIGNATURE as { documentInfo?: { customerSignature?: Array<{ ossId: string }> } } | undefined)?.documentInfo?.customerSignature ?? [])[0];
  const sigFile = sigRef ? await findOwnedFile(deps.db, userId, sigRef.ossId) : null;
  const signature = sigFile && sigFile.mime === 'image/png' ? new Uint8Array(await deps.storage.read(sigFile.storage_key)) : null;
  // the signature's date is the day it was drawn (its upload), in Hong Kong
  const date = todayInHongKong(sigFile ? new Date(sigFile.created_at).getTime() : deps.clock.now());
  const trackId = (data.RISK as { disclosureId?: unknown } | undefined)?.disclosureId;
  const track = typeof trackId === 'string' ? await repo.heardTrack(deps.db, row.app_id, trackId) : null;
  const risk = track && { lang: track.lang, name: track.name, license: track.license, confirmedAt: track.confirmed_at && new Date(track.confirmed_at) };
  const bytes = await renderDocument(document, { appId: row.app_id, clientType: row.client_type, data, signature, date, risk });
  const stored = await storeUpload(deps, userId, { category: 'UserApply', filename: `${document}.pdf`, bytes }, 'made');
  await repo.saveDocument(deps.db, row.app_id, document, hash, stored.ossId);
  return stored;
}
