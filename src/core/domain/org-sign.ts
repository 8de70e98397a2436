/**
 * Organisation signing (spec part 3 §2-§5, §7, §8; issue 14): an organisation's signer opens
 * /pages/signature.html?ticket=… , proves the ID number the broker holds for them (ApplyAuth), then goes
 * through the steps the broker asked for: verify (the signer's certificate, caStatus), doc (the documents
 * the broker needs, obResFileStatus) and sign (the digitally signed PDFs, signatureStatus).
 * The page and the service both use these rules.
 */
import type { FieldIssue } from './step-rules/types';

/** The calls' prefix: the spec's /{service}/v1/sign/ with its default service kyc. */
export const SIGN_PREFIX = '/kyc/v1/sign';

/** A sign step's status (spec §3): 1 not needed, 2 needed, 3 success, 4 failed. */
export const SIGN_STEP_STATUS = { notNeeded: 1, needed: 2, success: 3, failed: 4 } as const;
export type SignStepStatus = (typeof SIGN_STEP_STATUS)[keyof typeof SIGN_STEP_STATUS];
export const SIGN_STEP_STATUSES: readonly SignStepStatus[] = [1, 2, 3, 4];

/** The steps in their order and the status field each is derived from. */
export const ORG_SIGN_STEPS = ['verify', 'doc', 'sign'] as const;
export type OrgSignStep = (typeof ORG_SIGN_STEPS)[number];
/** The page's routes: index (decides), the three steps, result. */
export type OrgSignRoute = 'index' | OrgSignStep | 'result';

export interface OrgSignStatuses {
  /** the signer's certificate (verify) */
  caStatus: SignStepStatus;
  /** the documents the broker needs uploaded (doc) */
  obResFileStatus: SignStepStatus;
  /** the signed documents (sign) */
  signatureStatus: SignStepStatus;
}

const FIELD_OF: Record<OrgSignStep, keyof OrgSignStatuses> = { verify: 'caStatus', doc: 'obResFileStatus', sign: 'signatureStatus' };

export const statusOfStep = (s: OrgSignStatuses, step: OrgSignStep): SignStepStatus => s[FIELD_OF[step]];

/** The steps the broker asked for (status other than 1), in order. */
export function requiredSignSteps(s: OrgSignStatuses): OrgSignStep[] {
  return ORG_SIGN_STEPS.filter((step) => statusOfStep(s, step) !== SIGN_STEP_STATUS.notNeeded);
}

/** The current step: the first needed (2) or failed (4) one, else result. */
export function currentSignStep(s: OrgSignStatuses): OrgSignStep | 'result' {
  return ORG_SIGN_STEPS.find((step) => {
    const v = statusOfStep(s, step);
    return v === SIGN_STEP_STATUS.needed || v === SIGN_STEP_STATUS.failed;
  }) ?? 'result';
}

/** Nothing was asked of this signer (every step 1): the page says "no need to sign". */
export const nothingToSign = (s: OrgSignStatuses): boolean => requiredSignSteps(s).length === 0;

/** A step's progress label: its place among the required steps (1-based) and their count; null when not required. */
export function signStepProgress(s: OrgSignStatuses, step: OrgSignStep): { index: number; total: number } | null {
  const steps = requiredSignSteps(s);
  const i = steps.indexOf(step);
  return i < 0 ? null : { index: i + 1, total: steps.length };
}

/**
 * An ID number as compared (and hashed by the service): spaces and brackets dropped, letters upper-cased,
 * so "k123456(7)" and "K1234567" are the same number. Null when it is not 4-30 letters and digits.
 */
export function normaliseSignIdNumber(raw: string): string | null {
  const v = raw.normalize('NFKC').replace(/[\s()]/g, '').toUpperCase();
  return /^[A-Z0-9]{4,30}$/.test(v) ? v : null;
}

/**
 * The start form's rule on the ID number typed: required, then 4-30 letters and digits (normaliseSignIdNumber), and
 * not the number the service just refused for this link (`refused`, as typed: wrong until it is changed).
 */
export function signIdNumberIssues(form: { idNumber: string; refused?: string | null }): FieldIssue[] {
  if (!form.idNumber.trim()) return [{ field: 'idNumber', rule: 'required' }];
  if (!normaliseSignIdNumber(form.idNumber)) return [{ field: 'idNumber', rule: 'format' }];
  return form.refused != null && form.refused === form.idNumber ? [{ field: 'idNumber', rule: 'format' }] : [];
}

/** The doc step's rule: Submit hands over at least one document uploaded for the broker (the call takes one at least). */
export const signDocIssues = (form: { uploads: readonly unknown[] }): FieldIssue[] => (form.uploads.length ? [] : [{ field: 'uploads', rule: 'fileRequired' }]);

/**
 * Where the verify step's ID photo stands: none yet (or a new one still uploading), being read, refused (a mainland
 * card not read as the signer's, or the reading failed), accepted (read as theirs, kept for staff, or accepted earlier).
 */
export type SignIdPhotoState = 'missing' | 'reading' | 'refused' | 'accepted';

/** The verify step's rules: the certificate is asked for with the ID photo accepted and the details confirmed. */
export function signVerifyIssues(form: { photo: SignIdPhotoState; confirm: boolean }): FieldIssue[] {
  const photo = form.photo === 'missing' ? 'required' : form.photo === 'refused' ? 'cnIdMismatch' : null;
  return [...(photo ? [{ field: 'idPhoto', rule: photo } as const] : []), ...(form.confirm ? [] : [{ field: 'confirm', rule: 'mustTick' } as const])];
}

/**
 * The signer's identity document, as staff registered it: a mainland resident identity card or another one (HKID,
 * passport…); signerIdKindOf (org-sign-signer.ts) tells them apart. Where a certificate is needed (the verify step)
 * the signer photographs it: a mainland card is read (IdCardOcr) and must carry the signer's number; another
 * document's photo is kept for staff to check, since the OCR reads mainland cards only.
 */
export const SIGNER_ID_KINDS = ['cnId', 'other'] as const;
export type SignerIdKind = (typeof SIGNER_ID_KINDS)[number];
/** The ID card photo is read by the OCR and must match (true), or only kept for staff (false). */
export const idPhotoIsRead = (kind: SignerIdKind): boolean => kind === 'cnId';

/** A ticket of the link: 43 base64url characters (32 random bytes). */
export const SIGN_TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The session's token: `<session>.<rndkey>` (each 22 base64url characters, 16 random bytes). */
export const SIGN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/;

export const SIGN_LIMITS = {
  /** a ticket's life unless SIGN_TICKET_HOURS says otherwise */
  ticketHoursDefault: 72,
  /** wrong ID numbers a ticket takes before it locks (staff issue a new one) */
  authAttempts: 5,
  /** a session ends after this long without a call */
  sessionIdleMinutes: 30,
  /** and at the latest this long after ApplyAuth */
  sessionAbsoluteHours: 4,
  /** FileUpload: the file's size (PDF, PNG or JPEG) */
  uploadMaxBytes: 10 * 1024 * 1024,
  /** files uploaded per ticket */
  uploadsPerTicket: 20,
  /** photos of the signer's ID card a ticket takes in an hour (the verify step; each try is one) */
  idPhotosPerHour: 10,
  fileNameMax: 100,
  /** the drawn signature (PNG) sent with CorpApplyUpdate */
  signatureImageMaxBytes: 512 * 1024,
} as const;

/**
 * The documents of a ticket: the two generated to read and sign, what the signer uploads (doc step), the signed
 * copies, the photos of the signer's ID card (verify step) and the signer's certificate of completion (after signing).
 */
export const SIGN_FILE_KINDS = ['organizationChart', 'openingForm', 'upload', 'signed', 'idPhoto', 'certificate'] as const;
export type SignFileKind = (typeof SIGN_FILE_KINDS)[number];
/** What FileUpload is for: a document for the broker (doc step, kind upload) or the ID card's photo (verify step, kind idPhoto). */
export const SIGN_UPLOAD_PURPOSES = ['document', 'idPhoto'] as const;
export type SignUploadPurpose = (typeof SIGN_UPLOAD_PURPOSES)[number];
/** The generated documents the signer reads on the sign step and signs (each one gets a signed copy). */
export const SIGN_DOCUMENTS = ['organizationChart', 'openingForm'] as const;

/** The signing messages of the spec §8, by reason: the page picks its text (signature.reason.<reason>). */
export const SIGN_REFUSALS = ['verifyFailed', 'missingInfo', 'linkExpired', 'locked', 'noNeed'] as const;
export type SignRefusal = (typeof SIGN_REFUSALS)[number];
