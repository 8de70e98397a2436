/**
 * ApplyCertificate (issue 41): the applicant's certificate of completion, after submit. It lists each document the
 * applicant signed or agreed to with the SHA-256 of the very file they can download (the certificate step's
 * generated documents as stored, the agreements of /sign as served), when, the signature with the place and device
 * it was given from, the submission likewise, the face check, and the chain of the certificate that signs it. Made
 * once per submission and language and kept as the applicant's PDF file (completion_certificates), so that every
 * download is the same signed file; the audit log records each one made.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ErrorCode, canDownloadCertificate, type Lang, type Res } from '@core/domain';
import { AGREEMENTS, CA_DOCUMENTS, type Agreement } from '@core/domain/closing';
import { stepData } from '@core/domain/step-shapes';
import { projectRoot } from '../../config';
import { localeText } from '../../i18n';
import { audit } from '../../db/audit';
import { AppError } from '../../errors';
import type { CaVendor } from '../../vendors/ca';
import { findById, latestEvidence, nameOf, type AppRow } from '../applications';
import { listChecks } from '../face';
import { findOwnedFile, signedUrlFor, storeUpload } from '../files';
import { certText, deviceText, groupedHex, hongKongTime, placeText, renderCertificate, type CertificateSection } from './certificate-layout';
import { chainRows, completionKey, signCompletion } from './certificate-sign';
import * as repo from './repository';
import type { DocumentsDeps } from './service';

export interface CertificateDeps extends DocumentsDeps {
  vendors: { ca: CaVendor };
}

const sha256hex = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** The caller's own submitted application (151301 when not theirs, 151304 before submit or while sent back). */
async function submittedApplication(deps: CertificateDeps, userId: string, appId: string): Promise<AppRow & { submitted_at: Date }> {
  const row = await findById(deps.db, appId);
  if (!row || row.user_id !== userId) throw new AppError(ErrorCode.NO_APPLICATION);
  if (!row.submitted_at || !canDownloadCertificate(row.apply_status, row.client_status)) throw new AppError(ErrorCode.CERTIFICATE_NOT_READY);
  return row as AppRow & { submitted_at: Date };
}

export async function applyCertificate(deps: CertificateDeps, userId: string, appId: string, lang: Lang): Promise<Res<'applyCertificate'>> {
  const row = await submittedApplication(deps, userId, appId);
  const fileName = `certificate-of-completion-${row.app_id}.pdf`;
  const kept = await repo.storedCertificate(deps.db, row.app_id, lang, row.submitted_at);
  if (kept && (await findOwnedFile(deps.db, userId, kept.oss_id))) return { ossId: kept.oss_id, ossUrl: signedUrlFor(deps, kept.oss_id), sha256: kept.sha256, fileName };

  const at = new Date(deps.clock.now());
  const key = await completionKey(deps.vendors.ca, { caName: deps.config.ca.name, subjectId: row.app_id });
  const sections = await certificateSections(deps, userId, row, lang);
  sections.push(...chainRows([key.certificate, ...key.chain], lang).map((rows, i) => ({ heading: certText(lang, i === 0 ? 'sections.signedBy' : 'sections.issuedBy'), rows })));
  const name = nameOf(row.data) ?? '';
  const unsigned = await renderCertificate({
    lang,
    title: certText(lang, 'title'),
    intro: certText(lang, 'intro', { name, appId: row.app_id, time: hongKongTime(at, lang) }),
    sections,
    footer: `${certText(lang, 'title')} · ${row.app_id}`,
    subject: `certificate of completion ${row.app_id}`,
  });
  const bytes = await signCompletion(unsigned, key, { at, name: 'Certificate of completion', reason: `Certificate of completion of application ${row.app_id}` });
  const stored = await storeUpload(deps, userId, { category: 'UserApply', filename: fileName, bytes }, 'made');
  const sha256 = sha256hex(bytes);
  await deps.db.transaction(async (tx) => {
    await repo.saveCertificate(tx, { appId: row.app_id, lang, submittedAt: row.submitted_at, ossId: stored.ossId, sha256, at });
    await audit(tx, { actor: `user:${userId}`, userId, appId: row.app_id, action: 'application.certificate', detail: { ossId: stored.ossId, sha256, lang }, at });
  });
  return { ...stored, sha256, fileName };
}

/** The sections of the applicant's certificate, in the caller's language. */
async function certificateSections(deps: CertificateDeps, userId: string, row: AppRow & { submitted_at: Date }, lang: Lang): Promise<CertificateSection[]> {
  const t = (key: string, vars?: Record<string, string | number>) => certText(lang, key, vars);
  const time = (d: Date | null | undefined) => (d ? hongKongTime(d, lang) : t('notRecorded'));
  const until = row.submitted_at;
  const signedAt = await latestEvidence(deps.db, row.app_id, 'signature', until);
  const submitted = await latestEvidence(deps.db, row.app_id, 'submit', until);
  const steps = row.steps as string[];

  const applicant: CertificateSection = {
    heading: t('sections.applicant'),
    rows: [
      { label: t('fields.name'), value: nameOf(row.data) ?? t('notRecorded') },
      { label: t('fields.appId'), value: row.app_id },
      { label: t('fields.submittedAt'), value: time(row.submitted_at) },
      { label: t('fields.place'), value: placeText(submitted, lang) },
      { label: t('fields.device'), value: deviceText(submitted, lang) },
    ],
  };

  // the documents: the certificate step's generated files as stored, then the agreements of /sign as served
  const documents: CertificateSection = { heading: t('sections.documents'), rows: [] };
  const caDocs = stepData(row.data, 'CAAPPLY')?.documents ?? {};
  const caSavedAt = await repo.stepSavedAt(deps.db, row.app_id, 'CAAPPLY', until);
  for (const doc of CA_DOCUMENTS) {
    const ossId = caDocs[doc];
    const file = ossId ? await findOwnedFile(deps.db, userId, ossId) : null;
    if (!file) continue;
    const bytes = await deps.storage.read(file.storage_key);
    documents.rows.push(
      { label: t('fields.document'), value: localeText(`documents.titles.${doc}`, lang) },
      { label: 'SHA-256', value: groupedHex(sha256hex(bytes)) },
      { label: t('fields.agreedAt'), value: time(caSavedAt) },
    );
  }
  const agreed = (stepData(row.data, 'SIGN')?.agreements ?? []).filter((a): a is Agreement => (AGREEMENTS as readonly string[]).includes(a));
  const signAt = await repo.stepSavedAt(deps.db, row.app_id, 'SIGN', until);
  // the agreements in the language the applicant signed in (the page's at the signature), else the certificate's
  const readIn = (signedAt?.lang as Lang | undefined) ?? lang;
  for (const a of agreed) {
    const bytes = await readFile(join(projectRoot(), 'static', 'agreements', readIn, `${a}.pdf`)).catch(() => null);
    documents.rows.push(
      { label: t('fields.agreement'), value: certText(lang, 'agreementIn', { name: localeText(`sign.docs.${a}`, lang), language: t(`languages.${readIn}`) }) },
      { label: 'SHA-256', value: bytes ? groupedHex(sha256hex(bytes)) : t('notRecorded') },
      { label: t('fields.agreedAt'), value: time(signAt) },
    );
  }
  if (!documents.rows.length) documents.rows.push({ label: t('fields.document'), value: t('noDocuments') });

  const sigRef = (stepData(row.data, 'SIGNATURE')?.documentInfo?.customerSignature ?? [])[0];
  const sigFile = sigRef?.ossId ? await findOwnedFile(deps.db, userId, sigRef.ossId) : null;
  const png = sigFile?.mime === 'image/png' ? new Uint8Array(await deps.storage.read(sigFile.storage_key)) : null;
  const signature: CertificateSection = {
    heading: t('sections.signature'),
    rows: [
      { label: t('fields.signedAt'), value: time(signedAt?.at ?? (await repo.stepSavedAt(deps.db, row.app_id, 'SIGNATURE', until))) },
      { label: t('fields.place'), value: placeText(signedAt, lang) },
      { label: t('fields.device'), value: deviceText(signedAt, lang) },
    ],
    image: png ? { png, caption: t('signatureCaption', { name: nameOf(row.data) ?? '' }) } : null,
  };

  return [applicant, documents, signature, await faceSection(deps, row, steps, lang)];
}

/** The face check the LIVINGWITNESS step names (mainland applicants); none for an application without the step. */
async function faceSection(deps: CertificateDeps, row: AppRow, steps: string[], lang: Lang): Promise<CertificateSection> {
  const t = (key: string, vars?: Record<string, string | number>) => certText(lang, key, vars);
  const heading = t('sections.face');
  if (!steps.includes('LIVINGWITNESS')) return { heading, rows: [{ label: t('fields.faceResult'), value: t('face.none') }] };
  const id = stepData(row.data, 'LIVINGWITNESS')?.livingBodyVerifyId;
  const check = (await listChecks(deps.db, row.app_id)).find((c) => Number(c.id) === id);
  if (!check) return { heading, rows: [{ label: t('fields.faceResult'), value: t('notRecorded') }] };
  const score = (k: string) => {
    const v = check.scores[k];
    return typeof v === 'number' ? `${Math.round(v * 100)}%` : t('notRecorded');
  };
  return {
    heading,
    rows: [
      { label: t('fields.faceResult'), value: t(check.passed ? 'face.passed' : 'face.failed') },
      { label: t('fields.faceLikeness'), value: score('similarity') },
      { label: t('fields.faceLiveness'), value: score('live') },
      { label: t('fields.faceAt'), value: hongKongTime(check.created_at, lang) },
    ],
  };
}
