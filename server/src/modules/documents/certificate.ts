/**
 * ApplyCertificate (issue 41): the applicant's certificate of completion, after submit. It lists each document the
 * applicant signed or agreed to with the SHA-256 of the very file they can download (the certificate step's
 * generated documents as stored, the agreements of /sign as recorded at the SIGN save: file, language and SHA-256 of
 * the bytes served then), when, the signature with the place and device it was given from, the submission likewise,
 * the face check, and the chain of the certificate that signs it. Made once per submission and language and kept as
 * the applicant's PDF file (completion_certificates; the first of two requests at once is kept and answered to both),
 * so that every download is the same signed file; the audit log records each one made.
 */
import { ErrorCode, canDownloadCertificate, type Lang, type Res } from '@core/domain';
import { AGREEMENTS, CA_DOCUMENTS, type Agreement } from '@core/domain/closing';
import { stepData } from '@core/domain/step-shapes';
import { localeText } from '../../i18n';
import { audit } from '../../db/audit';
import { AppError } from '../../errors';
import type { CaVendor } from '../../vendors/ca';
import { findById, latestEvidence, nameOf, sha256hex, signedAgreements, stepSavedAt, type AppRow } from '../applications';
import { listChecks } from '../face';
import { discardFile, findOwnedFile, signedUrlFor, storeUpload } from '../files';
import { certText, deviceText, groupedHex, hongKongTime, placeText, type CertificateSection } from './certificate-layout';
import { keepFirst, makeCertificate } from './certificate-sign';
import * as repo from './repository';
import type { DocumentsDeps } from './service';

export interface CertificateDeps extends DocumentsDeps {
  vendors: { ca: CaVendor };
}

/** The caller's own submitted application (151301 when not theirs, 151304 before submit or while sent back). */
async function submittedApplication(deps: CertificateDeps, userId: string, appId: string): Promise<AppRow & { submitted_at: Date }> {
  const row = await findById(deps.db, appId);
  if (!row || row.user_id !== userId) throw new AppError(ErrorCode.NO_APPLICATION);
  if (!row.submitted_at || !canDownloadCertificate(row.apply_status, row.client_status)) throw new AppError(ErrorCode.CERTIFICATE_NOT_READY);
  return row as AppRow & { submitted_at: Date };
}

/** The certificate's file name: the application and the language (one file per language). */
export const certificateFileName = (appId: string, lang: Lang): string => `certificate-of-completion-${appId}-${lang}.pdf`;

export async function applyCertificate(deps: CertificateDeps, userId: string, appId: string, lang: Lang): Promise<Res<'applyCertificate'>> {
  const row = await submittedApplication(deps, userId, appId);
  const fileName = certificateFileName(row.app_id, lang);
  const answer = (k: { oss_id: string; sha256: string }) => ({ ossId: k.oss_id, ossUrl: signedUrlFor(deps, k.oss_id), sha256: k.sha256, fileName });
  const kept = await repo.storedCertificate(deps.db, row.app_id, lang, row.submitted_at);
  if (kept) {
    if (await findOwnedFile(deps.db, userId, kept.oss_id)) return answer(kept);
    // its file is gone: made again below
    await repo.forgetCertificate(deps.db, row.app_id, lang, row.submitted_at, kept.oss_id);
  }

  const at = new Date(deps.clock.now());
  const bytes = await makeCertificate(deps.vendors.ca, {
    caName: deps.config.ca.name,
    subjectId: row.app_id,
    lang,
    at,
    intro: certText(lang, 'intro', { name: nameOf(row.data) ?? '', appId: row.app_id, time: hongKongTime(at, lang) }),
    sections: await certificateSections(deps, userId, row, lang),
    reason: `Certificate of completion of application ${row.app_id}`,
  });
  const sha256 = sha256hex(bytes);
  // not counted toward the upload quota: the service makes it on request, the applicant uploads nothing
  return keepFirst({
    store: () => storeUpload(deps, userId, { category: 'UserApply', filename: fileName, bytes }, 'made', 'exempt'),
    keep: (stored) =>
      deps.db.transaction(async (tx) => {
        const saved = await repo.saveCertificate(tx, { appId: row.app_id, lang, submittedAt: row.submitted_at, ossId: stored.ossId, sha256, at });
        if (saved) await audit(tx, { actor: `user:${userId}`, userId, appId: row.app_id, action: 'application.certificate', detail: { ossId: stored.ossId, sha256, lang }, at });
        return saved && answer(saved);
      }),
    kept: async () => answer((await repo.storedCertificate(deps.db, row.app_id, lang, row.submitted_at))!),
    discard: (stored) => discardFile(deps, stored.ossId),
  });
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

  // the documents: the certificate step's generated files as stored, then the agreements of /sign as served then
  const documents: CertificateSection = { heading: t('sections.documents'), rows: [] };
  const caDocs = stepData(row.data, 'CAAPPLY')?.documents ?? {};
  const caSavedAt = await stepSavedAt(deps.db, row.app_id, 'CAAPPLY', until);
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
  // the agreements as the SIGN save recorded them (file, language, SHA-256 of the bytes served then, when); an
  // application saved before they were recorded (migration 0040) lists the ticked ones with "Not recorded"
  const recorded = await signedAgreements(deps.db, row.app_id, until);
  if (recorded.length) {
    for (const a of recorded) {
      const readIn = a.lang as Lang;
      documents.rows.push(
        { label: t('fields.agreement'), value: certText(lang, 'agreementIn', { name: localeText(`sign.docs.${a.agreement}`, lang), language: t(`languages.${readIn}`) }) },
        { label: t('fields.file'), value: a.file_name },
        { label: 'SHA-256', value: groupedHex(a.sha256) },
        { label: t('fields.agreedAt'), value: time(a.at) },
      );
    }
  } else {
    const agreed = (stepData(row.data, 'SIGN')?.agreements ?? []).filter((a): a is Agreement => (AGREEMENTS as readonly string[]).includes(a));
    const signAt = agreed.length ? await stepSavedAt(deps.db, row.app_id, 'SIGN', until) : null;
    for (const a of agreed) {
      documents.rows.push(
        { label: t('fields.agreement'), value: localeText(`sign.docs.${a}`, lang) },
        { label: 'SHA-256', value: t('notRecorded') },
        { label: t('fields.agreedAt'), value: time(signAt) },
      );
    }
  }
  if (!documents.rows.length) documents.rows.push({ label: t('fields.document'), value: t('noDocuments') });

  const sigRef = (stepData(row.data, 'SIGNATURE')?.documentInfo?.customerSignature ?? [])[0];
  const sigFile = sigRef?.ossId ? await findOwnedFile(deps.db, userId, sigRef.ossId) : null;
  const png = sigFile?.mime === 'image/png' ? new Uint8Array(await deps.storage.read(sigFile.storage_key)) : null;
  const signature: CertificateSection = {
    heading: t('sections.signature'),
    rows: [
      { label: t('fields.signedAt'), value: time(signedAt?.at ?? (await stepSavedAt(deps.db, row.app_id, 'SIGNATURE', until))) },
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
