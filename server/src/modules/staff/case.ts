/**
 * One application as the reviewer sees it (issue 28): the data as saved, step by step; every file it names with its
 * step and place (identity photos, proofs, statements, the signature, the liveness frame, the generated documents);
 * the AML screenings; the face checks with their scores; duplicate signals across applications (the same ID number,
 * bank card or phone); who holds it and any first approval; and the whole history of its events. Every view and
 * every file opened is audited with the staff member's id.
 */
import { OCR_PLACES, compareOcr } from '@core/domain/ocr-compare';
import { at as valueAt } from '@core/domain/step-rules/types';
import { readingsOf } from '../ocr';
import type { Readable } from 'node:stream';
import { APPLY_STATUS, ErrorCode, STAFF_LIMITS, STEP_NAMES, needsSecondApproval } from '@core/domain';
import { changedRows, documentRank } from '@core/domain/case-words';
import { savedStepsOf } from '@core/domain/step-rules/types';
import { stepData } from '@core/domain/step-shapes';
import { isMargin } from '@core/domain/profile';
import { audit } from '../../db/audit';
import { AppError } from '../../errors';
import type { AppDeps } from '../../plugins/context';
import * as appRepo from '../applications';
import { listEvents } from '../applications';
import { historyEntry, type HistoryEntry } from '../applications';
import { toView } from '../applications';
import { listChecks } from '../face';
import type { FileRow } from '../files';
import * as repo from './repository';
import type { StaffSession } from './service';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'storage'>;

/** A file the application's data names: its step and the place in the step's data. */
export interface CaseFile {
  ossId: string;
  step: string;
  path: string;
  mime: string;
  size: number;
  createdAt: string;
}

/** Every `{ossId}` in a step's data (skipping the halfway drafts), with its path. */
export function filesInData(data: Record<string, unknown>): { ossId: string; step: string; path: string }[] {
  const out: { ossId: string; step: string; path: string }[] = [];
  const walk = (v: unknown, step: string, path: string) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, step, `${path}[${i}]`));
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.ossId === 'string') out.push({ ossId: o.ossId, step, path });
      for (const [k, x] of Object.entries(o)) if (k !== 'ossId') walk(x, step, path ? `${path}.${k}` : k);
    }
  };
  for (const step of STEP_NAMES) if (data[step]) walk(data[step], step, '');
  return out;
}

/** The frame the liveness step keeps (named in its data already). */
const livenessFrame = (data: Record<string, unknown>) => stepData(data, 'LIVINGWITNESS')?.documentInfo?.livingBodyCertificationPicture?.ossId;

export async function caseView(deps: Deps, caller: StaffSession, appId: string) {
  const row = await appRepo.findById(deps.db, appId);
  if (!row || row.archived_at) throw new AppError(ErrorCode.NOT_FOUND);
  const at = new Date(deps.clock.now());
  // the last look before this sitting: the case read again while it is open (live updates) is the same look
  const lastView = await repo.lastViewBy(deps.db, appId, caller.staff.staffId, new Date(at.getTime() - STAFF_LIMITS.sessionIdleMinutes * 60_000));
  const [user, files, docs, aml, face, claim, approval, dup, events, witness, snapshots, seen] = [
    await repo.applicantOf(deps.db, row.user_id),
    await repo.filesOf(deps.db, row.user_id),
    await repo.documentsOf(deps.db, appId),
    await repo.amlChecksOf(deps.db, appId),
    await listChecks(deps.db, appId),
    await repo.claimOf(deps.db, appId),
    await repo.approvalOf(deps.db, appId),
    await repo.duplicatesOf(deps.db, row),
    await listEvents(deps.db, appId),
    await appRepo.latestWitness(deps.db, appId),
    await appRepo.lastSnapshots(deps.db, appId, 2),
    lastView ? await appRepo.snapshotAt(deps.db, appId, lastView) : null,
  ];
  const byId = new Map<string, FileRow>(files.map((f) => [f.oss_id, f]));
  const named = filesInData(row.data);
  // the generated documents and the liveness frames are files of the applicant too
  for (const d of docs) named.push({ ossId: d.oss_id, step: 'DOCUMENTS', path: d.document });
  for (const c of face) if (c.image_oss_id && c.image_oss_id !== livenessFrame(row.data)) named.push({ ossId: c.image_oss_id, step: 'FACE', path: String(c.id) });
  // the professional-person verification's proofs, the latest handed over
  witness?.id_files.forEach((f, i) => named.push({ ossId: f.ossId, step: 'WITNESS', path: `idFiles[${i}]` }));
  witness?.address_files.forEach((f, i) => named.push({ ossId: f.ossId, step: 'WITNESS', path: `addressFiles[${i}]` }));
  const caseFiles: CaseFile[] = named
    .flatMap((n) => {
      const f = byId.get(n.ossId);
      return f ? [{ ...n, mime: f.mime, size: f.size, createdAt: new Date(f.created_at).toISOString() }] : [];
    })
    .sort((a, b) => documentRank(a) - documentRank(b));
  // what changed: the resubmission against the submission before it, and the data against what the caller last saw
  const steps = row.steps as string[];
  const kind = row.client_type;
  const current = savedStepsOf(row.data) as Record<string, unknown>;
  const [latest, previous] = snapshots;
  const resubmission = latest && previous ? { previousAt: previous.at.toISOString(), at: latest.at.toISOString(), rows: changedRows(previous.data, latest.data, steps, kind) } : null;
  const sinceLastView =
    lastView && seen
      ? { at: lastView.toISOString(), rows: changedRows(seen.data, current, steps, kind), events: events.filter((e) => new Date(e.at).getTime() > lastView.getTime()).length }
      : null;
  // what the OCR read from the photos the steps name, beside what was saved
  const places = OCR_PLACES.flatMap((p) => {
    const photo = valueAt(row.data[p.step], `${p.photo}.ossId`);
    return typeof photo === 'string' ? [{ place: p, ossId: photo }] : [];
  });
  const readings = new Map((await readingsOf(deps.db, row.user_id, places.map((p) => p.ossId))).map((r) => [r.oss_id, r]));
  const ocr = places.flatMap(({ place, ossId }) => {
    const r = readings.get(ossId);
    return r && r.kind === place.kind ? compareOcr(place, row.data[place.fieldStep ?? place.step], r.fields) : [];
  });
  const activity = await repo.deskActivityOf(deps.db, appId);
  const staffNames = await repo.staffNamesOf(deps.db, events.map((e) => e.actor));
  const accountType = (row.data.SELECTACCOUNT as { accountType?: unknown } | undefined)?.accountType;
  const amlHit = aml.length ? aml[aml.length - 1].hit_status === 1 : false;
  await audit(deps.db, { actor: `staff:${caller.staff.staffId}`, userId: row.user_id, appId, action: 'staff.case.view', at });
  return {
    application: toView(row),
    applicant: { phone: `+${user.area_code} ${user.phone}`, userId: row.user_id },
    submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
    files: caseFiles,
    aml: aml.map((a) => ({ id: a.id, at: new Date(a.created_at).toISOString(), hit: a.hit_status === 1, matches: a.matches })),
    face: face.map((c) => ({
      id: String(c.id),
      at: new Date(c.created_at).toISOString(),
      passed: c.passed,
      reason: c.reason,
      scores: c.scores,
      frameOssId: c.image_oss_id,
      confirmed: c.confirmed_at !== null,
    })),
    duplicates: dup,
    ocr,
    resubmission,
    sinceLastView,
    witness: witness
      ? {
          at: new Date(witness.created_at).toISOString(),
          idFiles: witness.id_files.length,
          addressFiles: witness.address_files.length,
          refusal: row.apply_status === APPLY_STATUS.AWAITING_DEPOSIT && row.reject_data ? row.reject_data.message : null,
        }
      : null,
    claimedBy: claim ? { staffId: claim.staff_id, displayName: claim.display_name, at: new Date(claim.claimed_at).toISOString() } : null,
    firstApproval: approval ? { staffId: approval.staff_id, displayName: approval.display_name, at: new Date(approval.approved_at).toISOString(), note: approval.note } : null,
    fourEyes: needsSecondApproval({ margin: isMargin(accountType), amlHit }),
    history: events.map(historyEntry) as HistoryEntry[],
    staffNames,
    activity: activity.map((a) => ({ at: new Date(a.at).toISOString(), action: a.action === 'staff.claim' ? ('claim' as const) : ('release' as const), by: a.display_name ?? '' })),
  };
}

/** A file of the application's applicant, to the staff member who views the case (audited); 100404 otherwise. */
export async function openCaseFile(deps: Deps, caller: StaffSession, appId: string, ossId: string): Promise<{ file: FileRow; stream: Readable }> {
  const row = await appRepo.findById(deps.db, appId);
  if (!row || row.archived_at) throw new AppError(ErrorCode.NOT_FOUND);
  const file = await repo.fileOfUser(deps.db, row.user_id, ossId);
  if (!file) throw new AppError(ErrorCode.NOT_FOUND);
  const stream = await deps.storage.open(file.storage_key);
  await audit(deps.db, { actor: `staff:${caller.staff.staffId}`, userId: row.user_id, appId, action: 'staff.file.view', detail: { ossId }, at: new Date(deps.clock.now()) });
  return { file, stream };
}

