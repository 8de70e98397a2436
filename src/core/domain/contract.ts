/**
 * The calls of the KYC service: path, method, timeout and the shape of what goes in and out.
 * The service validates with these schemas; the client's api layer uses the same paths and types.
 * Payloads are described in plain form; on the wire they travel inside the cipher (cipher.ts).
 */
import { z } from 'zod';
import { AREA_CODES, SEND_CODE_DEFAULTS } from './auth';
import { STEP_NAMES } from './steps';
import { FILE_CATEGORIES } from './calls';
import { DEPOSIT_AMOUNT } from './result';
import { ACCOUNT_PAGE_NAMES, CID_ID_TYPE, CONSENT_CHANNEL } from './hk-identifier';
import { IMPROVE_ITEMS } from './improve-info';
import { LANGS } from './calls';
import { ORG_SIGN_STEPS, SIGNER_ID_KINDS, SIGN_FILE_KINDS, SIGN_UPLOAD_PURPOSES, SIGN_LIMITS, SIGN_TICKET_PATTERN, SIGN_TOKEN_PATTERN } from './org-sign';
import { INVITATION_STAGES } from './channel';

// the zod-free part (paths, methods, timeouts), also used on its own by the browser client
export { API_PREFIX, API_PREFIXES, SIGN_PREFIX, prefixOf, LANGS, FILE_CATEGORIES, CALLS, PLAIN_CALLS, isPlainCall, routeUrl } from './calls';
export type { Lang, CallDef, CallName } from './calls';

const stepName = z.enum(STEP_NAMES as [string, ...string[]]);
const appId = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/);
/** a sub-account id (`ops approve` gives S + 8 digits; accounts brought over may have other letters and digits) */
const subAcctId = z.string().regex(/^[A-Za-z0-9]{4,32}$/);
/** an account update's modules (8 address, 512 W-8BEN) and actions (1 save, 2 discard): src/core/domain/account-update.ts */
const updateModule = z.union([z.literal(8), z.literal(512)]);
const updateAction = z.union([z.literal(1), z.literal(2)]);
const updateMasks = { updateId: z.string(), status: z.number(), module: z.number(), reUpdateModule: z.number(), rejectModule: z.number() };
const ossId = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/);

/** A file reference inside step data. */
/** Phone fields as the service validates them (moved from auth.ts so that auth.ts stays zod-free). */
export const phoneFields = {
  areaCode: z.enum(AREA_CODES),
  value: z.string().min(4).max(20),
};

export const fileRef = z.object({
  ossId,
  url: z.string().max(2048).optional(),
  description: z.string().max(200).optional(),
  ossCategory: z.enum(FILE_CATEGORIES).optional(),
});

/** Step data is a JSON object; the halfway save bounds its size and depth, the step schemas check the rest. */
export const MAX_STEP_DATA_BYTES = 64 * 1024;
export const stepData = z.record(z.string().max(64), z.unknown());

export const applicationView = z.object({
  appId: z.string(),
  oaType: z.number(),
  clientType: z.enum(['cn', 'hk']),
  clientStatus: z.number(),
  applyStatus: z.number(),
  hlId: z.string().nullable(),
  name: z.string().nullable(),
  applyStepsName: z.array(stepName),
  currentStep: stepName.nullable(),
  latestStep: stepName.nullable(),
  stepVersion: z.string(),
  data: z.record(z.string(), z.unknown()),
  /** staff's rejection: the steps to fix, their message, and the steps saved since (fixed; issue 25) */
  rejectData: z.object({ steps: z.array(z.string()), message: z.string(), fixed: z.array(z.string()).optional() }).nullable(),
  cashInStatus: z.number().nullable(),
  cashInData: z.object({ steps: z.array(z.string()), message: z.string() }).nullable(),
  stockStatus: z.number().nullable(),
  aecode: z.string().nullable(),
  channel: z.string().nullable(),
  protocolStatus: z.number(),
  fromPage: z.string().nullable(),
  esop: z.boolean(),
  clientInfo: z.object({ accts: z.array(z.object({ subAcctId: z.string() })) }),
  updatedAt: z.string(),
});
export type ApplicationView = z.infer<typeof applicationView>;

/** An opened account of the user (UserInfo's clientInfo.accts; src/core/domain/account.ts has its rules). */
export const accountView = z.object({
  subAcctId: z.string(),
  /** 1 cash, 2 margin */
  acctType: z.number(),
  /** 1 individual, 2 corporate */
  cltType: z.number(),
  nickName: z.string().nullable(),
  /** the client id */
  hlId: z.string(),
  /** MARKET bits the account trades */
  markets: z.number(),
  /** NGW: brought over from the broker's previous system */
  source: z.string().nullable(),
  /** the broker asks the client to complete information (the improve-info page) */
  improveInfoOpen: z.boolean(),
  extra: z.object({ needSignHKIdentifier: z.number() }),
});
export type AccountView = z.infer<typeof accountView>;

/** A stock transfer-in request as the client sees it (src/core/domain/transfer-in.ts has its rules). */
export const transferInView = z.object({
  requestId: z.string(),
  /** 1 requested, 3 confirming, 5 done, 2 failed, 4 refused */
  status: z.number(),
  /** the other broker's code (brokers.ts; 32 other: brokerName and, if given, ccassId) */
  broker: z.number(),
  brokerName: z.string().nullable(),
  ccassId: z.string().nullable(),
  brokerAccount: z.string(),
  /** the receiving account */
  subAcctId: z.string(),
  stocks: z.array(z.object({ market: z.string(), code: z.string(), quantity: z.number() })),
  /** the staff's message (why it failed or was refused) */
  message: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** every status it had, oldest first */
  history: z.array(z.object({ status: z.number(), at: z.string(), message: z.string().nullable() })),
});
export type TransferInView = z.infer<typeof transferInView>;

export const userView = z.object({
  userId: z.string(),
  phoneMasked: z.string(),
  areaCode: z.string(),
  subAcctId: z.string().nullable(),
  clientStatus: z.number(),
  hasApplication: z.boolean(),
  /** the opened accounts (empty before opening) */
  clientInfo: z.object({ accts: z.array(accountView) }),
});
export type UserView = z.infer<typeof userView>;


/** Request and response schemas, by call. */
/* ── organisation signing (issue 14): /kyc/v1/sign/ ── */

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

export const schemas = {
  /** the service and its database answer (HTTP 503 with 100500 when the database does not) */
  health: { res: z.object({ status: z.literal('ok'), version: z.string(), db: z.enum(['pglite', 'postgres']), time: z.string() }) },
  clientConfig: {
    /** deployment settings the screens need: where login-expired users go, the app download page, service phones */
    res: z.object({
      memberPageUrl: z.string(),
      appDownloadUrl: z.string(),
      servicePhones: z.object({ mainland: z.string(), hongKong: z.string() }),
      production: z.boolean(),
      /** the derivatives questionnaire of the investment page (DERIVATIVE_FORM) */
      derivativeForm: z.enum(['full', 'simple']),
      /** RISK_AUTH_CHANNELS: agent or channel codes whose applicants also tick the customer authorisation agreement on /risk */
      riskAuthChannels: z.array(z.string()),
      /** DEPOSIT_PAGE_URL and TRANSFER_IN_URL: where the deposit bridge's buttons go */
      depositPageUrl: z.string(),
      transferInUrl: z.string(),
      /** COMMUNITY_QR_URL: the community QR code of the account home */
      communityQrUrl: z.string(),
    }),
  },
  cipherKey: { res: z.object({ kid: z.string(), alg: z.literal('RSA-OAEP-256'), spki: z.string() }) },
  cipherSession: {
    req: z.object({ kid: z.string().max(64), wrappedKey: z.string().min(16).max(2048) }),
    res: z.object({ sid: z.string(), expiresAt: z.string() }),
  },
  sendCode: {
    req: z.object({
      scene: z.coerce.number().int().default(SEND_CODE_DEFAULTS.scene),
      type: z.coerce.number().int().default(SEND_CODE_DEFAULTS.type),
      value: z.string().min(4).max(20),
      areaCode: z.enum(AREA_CODES),
      captcha: z.string().max(64).optional().default(''),
    }),
    res: z.object({ salt: z.string(), cooldownSeconds: z.number() }),
  },
  login: {
    req: z.object({
      areaCode: z.enum(AREA_CODES),
      phone: z.string().min(4).max(20),
      code: z.string().min(4).max(8),
      salt: z.string().min(8).max(64),
    }),
    res: userView,
  },
  tokenLogin: {
    req: z.object({
      t: z.string().min(10).max(4096),
      subAccountId: z.string().max(64).optional(),
      sessionId: z.string().max(128).optional(),
    }),
    res: userView,
  },
  /** a code to the phone of the caller's own session (the login screen's "log in again", its phone filled in) */
  reloginSendCode: { res: z.object({ salt: z.string(), cooldownSeconds: z.number(), areaCode: z.string(), phoneMasked: z.string() }) },
  /** logs in again as the caller's own session's user with that code: a new session (its login time now), the old one ended */
  relogin: {
    req: z.object({ code: z.string().min(4).max(8), salt: z.string().min(8).max(64) }),
    res: userView,
  },
  logout: { res: z.object({ ok: z.literal(true) }) },
  userInfo: { res: userView },
  areaType: {
    res: z.object({ openingLimitType: z.number(), statementLimitType: z.number(), statementSkipType: z.string() }),
  },
  applyCheck: { res: z.object({ ok: z.literal(true) }) },
  applyStart: {
    req: z.object({
      oaType: z.union([z.literal(1), z.literal(2)]),
      esop: z.boolean().optional().default(false),
      withStatement: z.enum(['first', 'last']).optional(),
      aecode: z.string().max(32).optional(),
      channel: z.string().max(32).optional(),
    }),
    res: z.object({ appId: z.string(), nextStep: stepName, application: applicationView }),
  },
  applySwitch: {
    req: z.object({
      appId,
      data: z.object({ oaType: z.union([z.literal(1), z.literal(2)]) }),
      withStatement: z.enum(['first', 'last']).optional(),
    }),
    res: z.object({ appId: z.string(), nextStep: stepName, application: applicationView }),
  },
  applyDetail: {
    req: z.object({ appId: appId.optional() }),
    /** null when the user has no application yet */
    res: applicationView.nullable(),
  },
  applyUpdate: {
    req: z.object({
      appId,
      stepVersion: z.string().max(8),
      currentStep: stepName,
      /** true for the halfway save: stored as a draft, checked for shape and lengths only */
      draft: z.boolean().optional().default(false),
      data: stepData,
    }),
    res: z.object({ application: applicationView, nextStep: stepName.nullable() }),
  },
  applyStatementStep: {
    /** strict handling adds STATEMENT: first, or last when the statement may be submitted later */
    req: z.object({ appId, position: z.enum(['first', 'last']) }),
    res: z.object({ application: applicationView }),
  },
  applySubmit: {
    req: z.object({ appId, aeCode: z.string().max(32).optional(), channel: z.string().max(32).optional() }),
    res: z.object({ application: applicationView }),
  },
  ipLocation: { res: z.object({ country: z.string(), region: z.string() }) },
  positionToCity: {
    req: z.object({ location: z.string().regex(/^-?\d{1,3}(\.\d+)?,-?\d{1,3}(\.\d+)?$/) }),
    res: z.object({ city_code: z.string() }),
  },
  positionInfo: { req: z.object({ location: z.string().max(64) }), res: z.object({ ok: z.literal(true) }) },
  upload: {
    /** plain form of the ciphered meta; multipart part `file` carries the (ciphered) bytes */
    meta: z.object({
      filename: z.string().min(1).max(200),
      subAccountId: z.string().max(64).optional(),
      fileIv: z.string().optional(),
    }),
    res: z.object({ ossId: z.string(), ossUrl: z.string() }),
  },
  signedUrl: {
    req: z.object({ ossid: ossId }),
    /** same form as Upload's ossUrl: a signed /oss/v1/Download URL, valid SIGNED_URL_TTL_S */
    res: z.object({ ossUrl: z.string() }),
  },
  download: {
    req: z.object({
      ossid: ossId,
      subAccountId: z.string().max(64).optional(),
      preview: z.union([z.literal('0'), z.literal('1')]).optional(),
      exp: z.coerce.number().int().optional(),
      sig: z.string().max(128).optional(),
    }),
  },
  idcardOcr: {
    /** an uploaded image of the card (the caller's own file) */
    req: fileRef,
    /**
     * side 'front' (portrait side: name, gender, birthday, idAddress, idNumber) or 'back' (emblem side:
     * idAuthority, idValidTime "YYYY-MM-DD,YYYY-MM-DD" or "YYYY-MM-DD,长期"); fields of the other side are ''.
     * cropIdCard: the card cut out of the photo, stored as the caller's file (category UserInfo).
     * Errors: 151201 validity expired or unreadable, 151202 card not found / unreadable, 151203 photocopy, 151204 glare.
     */
    res: z.object({
      side: z.enum(['front', 'back']),
      name: z.string(),
      idNumber: z.string(),
      idAddress: z.string(),
      gender: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      birthday: z.string(),
      idAuthority: z.string(),
      idValidTime: z.string(),
      cropIdCard: z.object({ ossId: z.string(), ossUrl: z.string() }),
    }),
  },
  bankcardOcr: {
    req: fileRef,
    /** the card number, digits only; 150302 when no card number can be read */
    res: z.object({ acctNumber: z.string() }),
  },
  kycKeyValue: {
    /**
     * type 2: first 6 digits of a mainland ID → birthplace; 3: Chinese name → pinyin; 4: address (URI-encoded) → English/pinyin,
     * upper case. key up to 4500: a 500-character Chinese address is 4500 characters URI-encoded (each type checks its own length).
     */
    req: z.object({ type: z.union([z.literal(2), z.literal(3), z.literal(4)]), key: z.string().min(1).max(4500) }),
    res: z.object({
      value: z.string().optional(),
      namePinyin: z
        .object({ surnamePinyin: z.string(), namePinyin: z.string(), surnameIsPolyphone: z.boolean(), nameIsPolyphone: z.boolean() })
        .optional(),
    }),
  },
  mainlandCity: {
    /** province name → its prefecture-level cities (Chinese names, official division order) */
    res: z.record(z.string(), z.array(z.string())),
  },
  companySearch: {
    req: z.object({
      word: z.string().trim().min(2).max(100),
      pageSize: z.coerce.number().int().min(1).max(50).default(10),
      pageNum: z.coerce.number().int().min(1).max(1000).default(1),
    }),
    res: z.object({
      items: z.array(z.object({ id: z.string(), name: z.string(), regLocation: z.string() })),
      total: z.number(),
      vendor: z.string(),
    }),
  },
  companyInfo: {
    req: z.object({ keyword: z.string().min(1).max(64) }),
    res: z.object({ id: z.string(), name: z.string(), regLocation: z.string(), vendor: z.string() }),
  },
  applyAmlCheck: {
    /**
     * Screens the applicant of the caller's active application (names and birth date of the saved identity steps)
     * against the watch list. hitStatus 1: a hit (the disclosure page then asks for the three AML confirmations);
     * amlInfoId names the stored check and goes into the IDENTITYEXPOSURE step data.
     * Errors: 100400 when the identity steps are not saved yet; 151301 when appId is not the caller's active application.
     */
    req: z.object({ appId }),
    res: z.object({ hitStatus: z.union([z.literal(0), z.literal(1)]), amlInfoId: z.string() }),
  },
  // ── closing steps (issue 10) ──
  riskAudioList: {
    /**
     * The tracks to hear before RISK: the language group follows the client type (Cantonese for hk, Mandarin
     * otherwise). audioOssId / avatarOssId are fetched with RiskMedia; durationMs is the track's length.
     */
    req: z.object({ appId }),
    res: z.object({
      items: z.array(
        z.object({
          id: z.string(),
          lang: z.string(),
          name: z.string(),
          license: z.string(),
          avatarOssId: z.string(),
          audioOssId: z.string(),
          durationMs: z.number().int(),
        }),
      ),
    }),
  },
  riskMedia: {
    /** plain GET; the answer is the bytes (audio/mpeg or image), with Range support */
    req: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
  },
  applyRiskConfirm: {
    /** the applicant heard the whole track: refused (100400) sooner than the track can have been heard */
    req: z.object({ appId, disclosureId: z.string().min(1).max(64) }),
    res: z.object({ disclosureId: z.string(), confirmedAt: z.string() }),
  },
  applyProtocolStatus: {
    /** 0 hides the asset-transfer box, nonzero shows it, 2 ticks and locks it */
    req: z.object({ applyId: appId }),
    res: z.object({ status: z.number().int() }),
  },
  applyAssetTransferSign: {
    req: z.object({ authorType: z.literal(1), applyId: appId }),
    res: z.object({ status: z.number().int() }),
  },
  applyDocument: {
    /** generates (or reuses, while the application is unchanged) the document as the caller's PDF file */
    req: z.object({ appId, document: z.enum(['accountOpeningForm', 'w8ben', 'selfCertificationForm']) }),
    res: z.object({ ossId: z.string(), ossUrl: z.string() }),
  },
  applyChannel: {
    res: z.object({ aeCode: z.string().nullable(), channel: z.string().nullable() }),
  },
  // ── face liveness (issue 11) ──
  videoUpload: {
    /** as Upload's meta; the multipart part `file` carries the (ciphered) video */
    meta: z.object({ filename: z.string().min(1).max(200), fileIv: z.string().optional() }),
    /** seconds: the video's length as the service measured it */
    res: z.object({ ossId: z.string(), ossUrl: z.string(), seconds: z.number() }),
  },
  livingBodyVerifyRaw: {
    /** the video (the caller's, from VideoUpload), the name and ID number of the saved IDCARD step and its portrait side's photo */
    req: z.object({
      appId,
      videoOssId: ossId,
      name: z.string().trim().min(1).max(50),
      idNumber: z.string().trim().min(15).max(18),
      idcardFrontOssId: ossId,
    }),
    /** id: the check's number (livingBodyVerifyId); imageOssId: the frame kept as evidence (the caller's JPEG) */
    res: z.object({ id: z.number().int().positive(), imageOssId: z.string() }),
  },
  livingBodyConfirm: {
    req: z.object({ appId, livingBodyVerifyId: z.number().int().positive() }),
    res: z.object({ ok: z.literal(true) }),
  },
  // ── after submission (issue 10) ──
  applyWitness: {
    /** status 1500: identity and address proof (the caller's own files) handed to staff */
    req: z.object({ appId, idFiles: z.array(fileRef).min(1).max(3), addressFiles: z.array(fileRef).min(1).max(3) }),
    res: z.object({ application: applicationView }),
  },
  depositInfo: {
    res: z.object({
      minimumHkd: z.number(),
      accounts: z.array(
        z.object({
          currency: z.enum(['HKD', 'USD', 'CNH']),
          bankName: z.string(),
          accountName: z.string(),
          accountNumber: z.string(),
          swift: z.string(),
        }),
      ),
    }),
  },
  depositNotice: {
    /** amount: a decimal string with at most 2 decimals; proof: the caller's own image or PDF */
    req: z.object({
      appId,
      amount: z.string().regex(DEPOSIT_AMOUNT).refine((v) => Number(v) > 0),
      currency: z.enum(['HKD', 'USD', 'CNH']),
      payingBank: z.string().trim().min(2).max(100),
      proof: fileRef,
    }),
    res: z.object({ noticeId: z.string(), application: applicationView }),
  },
  // after opening (issue 13)
  hlInfoBySubId: {
    req: z.object({ subAcctId }),
    res: z.object({ uin: z.string(), cltId: z.string(), acctId: z.string(), subAcctId: z.string() }),
  },
  autoExchangeQuery: {
    req: z.object({ subAccountId: subAcctId }),
    /** 1 on, 0 off */
    res: z.object({ status: z.number() }),
  },
  tradePasswordStatus: {
    req: z.object({ subAcctId }),
    /** loginNeeded: no password set yet and this session's login is not recent enough to set one (isRecentLogin) */
    res: z.object({ set: z.boolean(), lockedUntil: z.string().nullable(), verifiedUntil: z.string().nullable(), loginNeeded: z.boolean() }),
  },
  tradePasswordSet: {
    req: z.object({ subAcctId, password: z.string().max(32) }),
    res: z.object({ verifiedUntil: z.string() }),
  },
  tradePasswordVerify: {
    /** the password typed on our screen, or (in the app) the ticket of the app's own trade-password check: one of them */
    req: z
      .object({ subAcctId, password: z.string().max(32).optional(), ticket: z.string().max(512).optional() })
      .refine((r) => (r.password === undefined) !== (r.ticket === undefined), { message: 'one of password or ticket', path: ['password'] }),
    res: z.object({ verifiedUntil: z.string() }),
  },
  clientApplys: {
    req: z.object({ subAcctId }),
    res: z.object({
      /** what the account holds now: the address module's fields and the W-8BEN's {country, residenceAddress} */
      current: z.object({ address: z.record(z.string(), z.unknown()).nullable(), w8: z.record(z.string(), z.unknown()).nullable() }),
      /** the update in progress (or the last one decided), null when there has been none */
      update: z
        .object({
          ...updateMasks,
          isCreated: z.literal(true),
          rejectData: z.object({ message: z.string(), steps: z.array(z.string()) }).nullable(),
          /** the saved modules' data by module ("8", "512") */
          data: z.record(z.string(), z.unknown()),
        })
        .nullable(),
      /** the broker's request to update, if any */
      notice: z.object({ module: z.number(), message: z.string(), seen: z.boolean() }).nullable(),
    }),
  },
  clientApply: {
    /** starts an update with its first module (isCreated false); action 1 saves `data`, 2 discards */
    req: z.object({ subAcctId, cltId: z.string().max(32), module: updateModule, action: updateAction, data: z.record(z.string(), z.unknown()).optional() }),
    res: z.object(updateMasks),
  },
  clientUpdate: {
    /** saves a module of the update in progress (isCreated true), or discards it (action 2) */
    req: z.object({ subAcctId, cltId: z.string().max(32), updateId: z.string().max(64), module: updateModule, action: updateAction, data: z.record(z.string(), z.unknown()).optional() }),
    res: z.object(updateMasks),
  },
  clientSubmit: {
    req: z.object({ subAcctId, cltId: z.string().max(32), updateId: z.string().max(64) }),
    res: z.object({ status: z.number() }),
  },
  clientUpdateNotice: {
    /** the client has seen the broker's request to update */
    req: z.object({ subAcctId, cltId: z.string().max(32) }),
    res: z.object({ seen: z.boolean() }),
  },
  // the after-opening pages of their own (issue 13)
  pageTicketLogin: {
    /** the ticket of the page's query and the page it opened (a ticket made for the other page is refused) */
    req: z.object({ ticket: z.string().min(10).max(1024), page: z.enum(ACCOUNT_PAGE_NAMES as [string, ...string[]]) }),
    /** the user the ticket logged in (as UserInfo) and the sub-account it names */
    res: z.object({ user: userView, subAcctId: z.string() }),
  },
  hkIdentifierInfo: {
    req: z.object({ subAcctId }),
    res: z.object({
      /** 1 to sign, 2 signed (extra.needSignHKIdentifier) */
      needSignHKIdentifier: z.number(),
      /** the consent version the page shows (its text: hkIdentifier.consent of the locales) */
      consentVersion: z.string(),
      /** the identification data to be sent with the BCAN (the document number masked); null when none is on file here */
      identification: z
        .object({
          englishName: z.string(),
          chineseName: z.string(),
          idType: z.enum([CID_ID_TYPE.HKID, CID_ID_TYPE.NATIONAL_ID, CID_ID_TYPE.PASSPORT]),
          idNumberMasked: z.string(),
          issuingCountry: z.string(),
        })
        .nullable(),
      /** the signed consent of the client, null before */
      consent: z
        .object({ version: z.string(), lang: z.enum(LANGS), signedAt: z.string(), bcan: z.string(), channel: z.enum([CONSENT_CHANNEL.APP, CONSENT_CHANNEL.WEB]) })
        .nullable(),
    }),
  },
  hkIdentifierSign: {
    /** the consent version the page showed, in the language it showed it, and the ticked box */
    req: z.object({ subAcctId, version: z.string().min(1).max(32), lang: z.enum(LANGS), agreed: z.literal(true) }),
    res: z.object({ needSignHKIdentifier: z.number(), bcan: z.string(), signedAt: z.string() }),
  },
  improveInfoDetail: {
    req: z.object({ subAcctId }),
    res: z.object({
      /** the open request, or null when there is none */
      request: z
        .object({ requestId: z.string(), items: z.array(z.enum(IMPROVE_ITEMS)), message: z.string().nullable(), createdAt: z.string() })
        .nullable(),
      /** what the rules need (the same on the page and the service) */
      context: z.object({ clientType: z.enum(['cn', 'hk']), birthday: z.string().nullable(), employment: z.string().nullable() }),
      /** the answers on file from the opening, by item (the page starts from them) */
      prefill: z.record(z.string(), z.record(z.string(), z.unknown())),
    }),
  },
  improveInfoSubmit: {
    /** an answer for every item of the request (src/core/domain/improve-info.ts); files: the caller's uploads */
    req: z.object({ subAcctId, requestId: z.string().min(6).max(64), answers: z.record(z.string().max(32), z.unknown()) }),
    res: z.object({ status: z.number(), completedAt: z.string() }),
  },
  autoExchangeChange: {
    /** the ids of one of the caller's cash accounts, as HlInfoBySubId gave them; action 1 on, 2 off */
    req: z.object({ clientId: z.string().max(32), uin: z.string().max(32), accountId: z.string().max(32), subAccountId: subAcctId, action: z.union([z.literal(1), z.literal(2)]) }),
    res: z.object({ status: z.number() }),
  },
  featureCheck: {
    /** one feature name (Invitation) */
    req: z.object({ features: z.string().min(1).max(64) }),
    res: z.object({ allow: z.boolean() }),
  },
  invitationUpdate: {
    /** the invite code the applicant took (an agent code) and when (stage) */
    req: z.object({ stage: z.enum(INVITATION_STAGES), code: z.string().max(16) }),
    res: z.object({ code: z.string(), stage: z.string() }),
  },
  marginUpgradeQuery: {
    req: z.object({ subAcctId }),
    /** the account type, the agreements this client signs to upgrade, why it cannot ask now (or null), its latest request */
    res: z.object({
      acctType: z.number(),
      agreements: z.array(z.string()),
      block: z.enum(['margin', 'pending', 'age']).nullable(),
      request: z.object({ requestId: z.string(), status: z.number(), message: z.string(), createdAt: z.string(), decidedAt: z.string().nullable() }).nullable(),
    }),
  },
  marginUpgradeApply: {
    /** the agreements and statements the client confirmed (exactly the ones asked: domain/margin-upgrade.ts) */
    req: z.object({ subAcctId, agreements: z.array(z.string().max(40)).max(8), acknowledgements: z.array(z.string().max(40)).max(8) }),
    res: z.object({ requestId: z.string(), status: z.number() }),
  },
  // stock transfer-in (issue 13)
  transferInList: {
    req: z.object({ applyId: appId }),
    /** newest first */
    res: z.object({ items: z.array(transferInView) }),
  },
  transferInApply: {
    /** shapes and lengths only here: the rules (codes, quantities, the broker list) are the domain's transferInIssues */
    req: z.object({
      applyId: appId,
      subAcctId,
      broker: z.number().int(),
      brokerName: z.string().max(200).optional(),
      ccassId: z.string().max(20).optional(),
      brokerAccount: z.string().max(100),
      stocks: z.array(z.object({ market: z.string().max(8), code: z.string().max(16), quantity: z.number() })).max(50),
    }),
    res: z.object({ request: transferInView, application: applicationView }),
  },
  // organisation signing (issue 14): every request but ApplyAuth carries signAuth (token, idNumber)
  signApplyAuth: {
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
  signApplyDetail: {
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
    /** the doc step: the files uploaded for the broker (their ids; each must be this ticket's, 100403 otherwise) */
    req: z.object({ ...signAuth, fileIds: z.array(signFileId).min(1).max(SIGN_LIMITS.uploadsPerTicket) }),
    res: signStatuses,
  },
  signGetClientInfo: {
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
    /**
     * the verify step: the signer confirms the details GetClientInfo showed are theirs, with the photo of the ID card:
     * a mainland card must have been read as the signer's (IdCardOcr); another document's photo is given here
     * (idPhotoFileId, a FileUpload of purpose idPhoto). 152309 when the photo is missing or not the signer's card.
     */
    req: z.object({ ...signAuth, confirm: z.literal(true), idPhotoFileId: signFileId.optional() }),
    res: signStatuses,
  },
  signCorpApplyCACert: {
    /** after CorpApplyAuth: the certificate is issued (caStatus 3; 4 when the authority failed) */
    req: z.object(signAuth),
    res: signStatuses.extend({ certificate: signCertificate }),
  },
  signCorpApplyDetail: {
    req: z.object(signAuth),
    res: z.object({ caStatus: signStepStatus, identityConfirmed: z.boolean(), certificate: signCertificate.nullable() }),
  },
  signCorpApplyUpdate: {
    /** the sign step: the documents read (readAll) and the drawn signature, a PNG as base64 (at most 512 KB) */
    req: z.object({ ...signAuth, readAll: z.literal(true), signature: z.string().min(100).max(Math.ceil((SIGN_LIMITS.signatureImageMaxBytes * 4) / 3) + 4) }),
    res: signStatuses.extend({ signed: z.array(signFile) }),
  },
  signFileUpload: {
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
  signFileDownload: {
    req: z.object({ ...signAuth, fileId: signFileId }),
    /** the bytes as base64 (inside the cipher) */
    res: z.object({ fileName: z.string(), mime: z.string(), size: z.number(), data: z.string() }),
  },
} as const;

export type Req<K extends keyof typeof schemas> = (typeof schemas)[K] extends { req: z.ZodType } ? z.input<(typeof schemas)[K]['req']> : void;
export type Res<K extends keyof typeof schemas> = (typeof schemas)[K] extends { res: z.ZodType } ? z.infer<(typeof schemas)[K]['res']> : unknown;
