/**
 * The calls of server/src/modules/org-sign: organisation signing (issue 14): /kyc/v1/sign/, the signer's session from
 * ApplyAuth (the ticket of the link and the ID number).
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { ORG_SIGN_STEPS, SIGNER_ID_KINDS, SIGN_FILE_KINDS, SIGN_UPLOAD_PURPOSES, SIGN_LIMITS, SIGN_TICKET_PATTERN, SIGN_TOKEN_PATTERN } from '../org-sign';
import type { CallWires } from './shared';

/**
 * What the signing page's wrapper adds to every request after ApplyAuth: the session's token (`<session>.<rndkey>`)
 * and the ID number the signer entered. A token that is unknown, ended or of a revoked, expired or locked ticket
 * answers 100031; no token 100008; idle 100033; past its absolute end 100034; an ID number that is not the
 * signer's 100031 as well (docs/decisions.md, "Organisation signing (issue 14)").
 */
export const signAuth = {
  token: z.string().regex(SIGN_TOKEN_PATTERN),
  idNumber: z.string().min(1).max(40),
};
/** 1 not needed, 2 needed, 3 success, 4 failed */
const signStepStatus = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
/** The three statuses and the step the page shows (currentSignStep of src/core/domain/org-sign.ts). */
export const signStatuses = z.object({
  caStatus: signStepStatus,
  obResFileStatus: signStepStatus,
  signatureStatus: signStepStatus,
  /** the current step: the first needed or failed one, else 'result' */
  step: z.enum([...ORG_SIGN_STEPS, 'result']),
});
const signFileId = z.string().regex(/^[A-Za-z0-9_-]{16,32}$/);
/** One of the ticket's files. */
export const signFile = z.object({
  fileId: z.string(),
  /** organizationChart | openingForm: made by the service to read and sign; upload: the signer's; signed: a signed copy; idPhoto: a photo of the signer's ID card */
  kind: z.enum(SIGN_FILE_KINDS),
  fileName: z.string(),
  mime: z.string(),
  size: z.number(),
  /** for a signed copy: the document it signs */
  sourceId: z.string().nullable(),
  createdAt: z.string(),
});
/** The signer's certificate as issued (CorpApplyCACert). */
export const signCertificate = z.object({
  subject: z.string(),
  issuer: z.string(),
  serial: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
});

export const orgSignCalls = {
  signApplyAuth: {
    summary: "Organisation signing: the link's ticket and the signer's ID number open a signer session",
    /** the link's ticket and the ID number the signer typed; any wrong part (ticket unknown or revoked, ID number) is 152301 alike */
    req: z.object({ ticket: z.string().regex(SIGN_TICKET_PATTERN), idNumber: z.string().min(1).max(40) }),
    res: z.object({
      /** sent back as `token` with every later call (with the same idNumber) */
      token: z.string(),
      /** the session's id (the token's first part): for support and the logs */
      session: z.string(),
      /** the token's secret part */
      rndkey: z.string(),
      /** the session's absolute end (ISO); it also ends after idleMinutes without a call */
      expiresAt: z.string(),
      idleMinutes: z.number(),
    }),
  },
  signTicketInfo: {
    summary: "Organisation signing: the organisation a link's ticket is for, before the signer verifies (no signer data)",
    req: z.object({ ticket: z.string().regex(SIGN_TICKET_PATTERN) }),
    /** only the organisation's names: the signer's name, ID number and documents need the session; unknown or revoked 152301, expired 152302, locked 152303 */
    res: z.object({ organisationName: z.string(), chineseName: z.string() }),
  },
  signApplyDetail: {
    summary: "Organisation signing: the ticket's organisation, step statuses, current step and documents",
    req: z.object(signAuth),
    res: signStatuses.extend({
      /** the organisation's name and its Chinese name ('' when none) */
      organisationName: z.string(),
      chineseName: z.string(),
      signerName: z.string(),
      /** the ticket's end (ISO) */
      ticketExpiresAt: z.string(),
      /** the organisation chart to read (generated from the organisation's data), and the opening form */
      organizationChart: signFile,
      documents: z.array(signFile),
      /** what the signer uploaded (doc step), oldest first */
      uploads: z.array(signFile),
      /** the signed copies (after the sign step) */
      signed: z.array(signFile),
    }),
  },
  signApplyUpdate: {
    summary: 'Organisation signing: the documents the broker needs are uploaded (doc step)',
    /** the doc step: the files uploaded for the broker (their ids; each must be this ticket's, 100403 otherwise) */
    req: z.object({ ...signAuth, fileIds: z.array(signFileId).min(1).max(SIGN_LIMITS.uploadsPerTicket) }),
    res: signStatuses,
  },
  signGetClientInfo: {
    summary: 'Organisation signing: the signer, the organisation and the session end',
    req: z.object(signAuth),
    res: z.object({
      signerName: z.string(),
      /** the signer's ID number, first two and last two characters */
      idNumberMasked: z.string(),
      organisationName: z.string(),
      chineseName: z.string(),
      registrationNumber: z.string(),
      sessionExpiresAt: z.string(),
      /** the signer's identity document: cnId (a mainland card, read by IdCardOcr) or other (its photo is kept for staff) */
      signerIdKind: z.enum(SIGNER_ID_KINDS),
      /** the photo of it accepted on this ticket (verify step): read = the OCR found the signer's number on it */
      idPhoto: z.object({ fileId: z.string(), read: z.boolean() }).nullable(),
    }),
  },
  signIdCardOcr: {
    summary: "Organisation signing: read the signer's ID card photo and compare its number",
    /**
     * a photo (FileUpload with purpose idPhoto) of the front of the signer's mainland resident identity card; a signer
     * whose document is not a mainland card gets 100400. When its number is the signer's, the photo is the ticket's
     * accepted one (GetClientInfo idPhoto) and CorpApplyAuth may follow.
     */
    req: z.object({ ...signAuth, fileId: signFileId }),
    res: z.object({
      /** the name as read */
      name: z.string(),
      /** the number read, first two and last two characters ('' when none) */
      idNumberMasked: z.string(),
      /** the number read is the signer's */
      matchesSigner: z.boolean(),
    }),
  },
  signCorpApplyAuth: {
    summary: 'Organisation signing: the signer confirms their details (verify step)',
    /**
     * the verify step: the signer confirms the details GetClientInfo showed are theirs, with the photo of the ID card:
     * a mainland card must have been read as the signer's (IdCardOcr); another document's photo is given here
     * (idPhotoFileId, a FileUpload of purpose idPhoto). 152309 when the photo is missing or not the signer's card.
     */
    req: z.object({ ...signAuth, confirm: z.literal(true), idPhotoFileId: signFileId.optional() }),
    res: signStatuses,
  },
  signCorpApplyCACert: {
    summary: "Organisation signing: issue the signer's document-signing certificate",
    /** after CorpApplyAuth: the certificate is issued (caStatus 3; 4 when the authority failed) */
    req: z.object(signAuth),
    res: signStatuses.extend({ certificate: signCertificate }),
  },
  signCorpApplyDetail: {
    summary: "Organisation signing: the signer's certificate",
    req: z.object(signAuth),
    res: z.object({ caStatus: signStepStatus, identityConfirmed: z.boolean(), certificate: signCertificate.nullable() }),
  },
  signCorpApplyUpdate: {
    summary: 'Organisation signing: sign the documents with the drawn signature and the certificate',
    /** the sign step: the documents read (readAll) and the drawn signature, a PNG as base64 (at most 512 KB) */
    req: z.object({ ...signAuth, readAll: z.literal(true), signature: z.string().min(100).max(Math.ceil((SIGN_LIMITS.signatureImageMaxBytes * 4) / 3) + 4) }),
    res: signStatuses.extend({ signed: z.array(signFile) }),
  },
  signFileUpload: {
    summary: 'Organisation signing: upload a document the broker needs',
    /** plain form of the ciphered meta (field `e`); multipart part `file` carries the ciphered bytes (PDF, PNG or JPEG, at most 10 MB) */
    meta: z.object({
      ...signAuth,
      fileName: z.string().min(1).max(SIGN_LIMITS.fileNameMax),
      fileIv: z.string().optional(),
      /** document (default): for the broker (doc step, PDF, PNG or JPEG); idPhoto: the ID card's photo (verify step, PNG or JPEG) */
      purpose: z.enum(SIGN_UPLOAD_PURPOSES).optional(),
    }),
    res: signFile,
  },
  signCertificate: {
    summary: "Organisation signing: the signer's certificate of completion (a signed PDF), once the documents are signed",
    /** 152311 before signing; made once per language (x-esop-lang), then the same file; read it with FileDownload */
    req: z.object(signAuth),
    res: signFile,
  },
  signFileDownload: {
    summary: "Organisation signing: one of the ticket's files",
    req: z.object({ ...signAuth, fileId: signFileId }),
    /** the bytes as base64 (inside the cipher) */
    res: z.object({ fileName: z.string(), mime: z.string(), size: z.number(), data: z.string() }),
  },
} as const satisfies CallWires;
