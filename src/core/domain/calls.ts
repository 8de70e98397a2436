/**
 * The calls of the KYC service (path, method, timeout) without their schemas: zod-free, so the
 * browser's api client can use it without shipping zod. Each call's schemas and summary are in calls/<module>.ts (the
 * service module that registers its route); contract.ts gathers them and re-exports all of this.
 */
import { TIMEOUT_MS, type RateLimitedCall } from './limits';
import { SIGN_PREFIX } from './org-sign';
import type { STAFF_CALLS } from './calls-staff';

export const API_PREFIX = '/kyc/esop/v1';
/** The review desk's calls (issue 28): their own prefix, so the staff cookie (its path) never goes to an applicant call. */
export const STAFF_PREFIX = '/kyc/staff/v1';
/**
 * Every prefix the service's calls live under: the KYC service's own, the organisation signing service's
 * (the spec's /{service}/v1/sign/, service kyc) and the review desk's (plain calls only). The cipher layer, the
 * no-store header and the client's paths apply to all of them; a call's group is the prefix its path starts with.
 */
export const API_PREFIXES = [API_PREFIX, SIGN_PREFIX, STAFF_PREFIX] as const;
export { SIGN_PREFIX };
/** The prefix a path is under (undefined for none). */
export const prefixOf = (path: string): string | undefined => API_PREFIXES.find((p) => path === p || path.startsWith(p + '/'));

export { LANGS, type Lang } from './langs';

export const FILE_CATEGORIES = ['UserApply', 'UserInfo'] as const;

/**
 * One call, declared once: the service registers its route from this entry (server/src/plugins/route.ts), the
 * client picks its path, timeout and cipher from it, and the call tables of docs/api.md are produced from it.
 */
export interface CallDef {
  method: 'GET' | 'POST';
  path: string;
  timeout: number;
  /**
   * 'user': a logged-in session is required (100008/100033/100034 otherwise); 'public': callable before login;
   * 'signed': a signed URL opened by <img>/the PDF viewer: the call checks the signature and the owner's session
   * cookie itself and answers every refusal with 100403 (it tells nobody whether a session or a file exists);
   * 'sign': an organisation signer's session (ApplyAuth's token and the ID number in the request itself, never a
   * cookie): 100008/100031/100033/100034 otherwise (docs/decisions.md, "Organisation signing (issue 14)");
   * 'staff': a staff session of the review desk (its own cookie, STAFF_COOKIE) whose role allows `staffNeed`:
   * 100008/100033/100034 without one, 152403 for a role below it (docs/decisions.md, "Review desk (issue 28)")
   */
  auth: 'user' | 'public' | 'signed' | 'sign' | 'staff';
  /** auth 'staff': the least role the call needs (src/core/domain/staff.ts) */
  staffNeed?: 'staff' | 'approver' | 'admin';
  /** false: plain JSON or bytes on the wire (the handshake itself, probes, URLs an <img>/<audio> opens); true: the cipher envelope */
  cipher: boolean;
  /** the RATE_LIMITS entry counted on every call (per address, and per user when logged in) */
  rateLimit?: RateLimitedCall;
  /** group in docs/api.md and the OpenAPI tags */
  tag: string;
  /** path parameters after the path, in order: ['category'] → `<path>/:category` on the service */
  pathParams?: readonly string[];
}

export type CallOpts = Partial<Omit<CallDef, 'method' | 'path'>>;

export const call = (method: CallDef['method'], name: string, tag: string, opts: CallOpts = {}): CallDef => ({
  method,
  path: `${API_PREFIX}/${name}`,
  timeout: TIMEOUT_MS.default,
  auth: 'user',
  cipher: true,
  tag,
  ...opts,
});

/** A call of the organisation signing service (under SIGN_PREFIX), for a signer's session unless said otherwise. */
const signCall = (method: CallDef['method'], name: string, opts: CallOpts = {}): CallDef => ({
  ...call(method, name, 'orgSign', { auth: 'sign', ...opts }),
  path: `${SIGN_PREFIX}/${name}`,
});

/**
 * The applicant's and the signer's calls: the table the pages' client reads (the review desk's are apart, so that no
 * applicant page carries them).
 */
export const APP_CALLS = {
  health: call('GET', 'health', 'system', { auth: 'public', cipher: false }),
  clientConfig: call('GET', 'ClientConfig', 'system', { auth: 'public' }),
  cipherKey: call('GET', 'CipherKey', 'cipher', { auth: 'public', cipher: false }),
  cipherSession: call('POST', 'CipherSession', 'cipher', { auth: 'public', cipher: false, rateLimit: 'cipherSession' }),
  sendCode: call('POST', 'SendCode', 'auth', { auth: 'public' }),
  login: call('POST', 'Login', 'auth', { auth: 'public' }),
  tokenLogin: call('POST', 'TokenLogin', 'auth', { auth: 'public', rateLimit: 'tokenLogin' }),
  /** log in again as the session's own user (a fresh login time: the first trading password asks for one) */
  reloginSendCode: call('POST', 'ReloginSendCode', 'auth'),
  relogin: call('POST', 'Relogin', 'auth'),
  /** ends the cookie's session if any: callable with an expired one (it always succeeds) */
  logout: call('POST', 'Logout', 'auth', { auth: 'public' }),
  userInfo: call('GET', 'UserInfo', 'auth'),
  areaType: call('GET', 'AccountOpeningAreaType', 'application'),
  applyCheck: call('GET', 'ApplyCheck', 'application'),
  applyStart: call('POST', 'ApplyStart', 'application'),
  applySwitch: call('POST', 'ApplySwitch', 'application'),
  applyDetail: call('GET', 'ApplyDetail', 'application'),
  applyUpdate: call('POST', 'ApplyUpdate', 'application'),
  applyStatementStep: call('POST', 'ApplyStatementStep', 'application'),
  applySubmit: call('POST', 'ApplySubmit', 'application', { timeout: TIMEOUT_MS.submit }),
  /** plain server-sent events: a `status` event when the user's application changed (its status page reads it again) */
  statusStream: call('GET', 'StatusStream', 'application', { cipher: false }),
  ipLocation: call('GET', 'IpLocation', 'location', { rateLimit: 'ipLocation' }),
  positionToCity: call('POST', 'PositionToCity', 'location', { rateLimit: 'positionToCity' }),
  positionInfo: call('POST', 'PostionInfo', 'location'),
  /** multipart (docs/api.md 3.2); the category is one of FILE_CATEGORIES */
  upload: call('POST', 'oss/v1/Upload', 'files', { timeout: TIMEOUT_MS.upload, rateLimit: 'upload', pathParams: ['category'] }),
  /** plain: a signed URL the <img> and the PDF viewer open; needs the signature and the owner's session cookie */
  download: call('GET', 'oss/v1/Download', 'files', { timeout: TIMEOUT_MS.download, cipher: false, auth: 'signed' }),
  /** a fresh signed download URL for a file the session's user owns (ciphered) */
  signedUrl: call('GET', 'oss/v1/SignedUrl', 'files'),
  idcardOcr: call('POST', 'IdcardOcr', 'ocr', { timeout: TIMEOUT_MS.ocr, rateLimit: 'ocr' }),
  bankcardOcr: call('POST', 'BankcardOcr', 'ocr', { timeout: TIMEOUT_MS.ocr, rateLimit: 'ocr' }),
  /** not in the spec (issue 41): the front of a Hong Kong identity card read, as IdcardOcr reads the mainland card */
  hkIdcardOcr: call('POST', 'HkIdcardOcr', 'ocr', { timeout: TIMEOUT_MS.ocr, rateLimit: 'ocr' }),
  passportOcr: call('POST', 'PassportOcr', 'ocr', { timeout: TIMEOUT_MS.ocr, rateLimit: 'ocr' }),
  kycKeyValue: call('POST', 'KYCKeyValue', 'lookup', { rateLimit: 'kycKeyValue' }),
  mainlandCity: call('GET', 'MainlandCity', 'lookup'),
  companySearch: call('GET', 'CompanySearch', 'lookup', { rateLimit: 'companySearch' }),
  companyInfo: call('GET', 'CompanyInfo', 'lookup'),
  applyAmlCheck: call('POST', 'ApplyAmlCheck', 'aml', { rateLimit: 'amlCheck' }),
  // closing steps (issue 10)
  /** the risk disclosure tracks of the application's language group (Cantonese for hk, Mandarin otherwise) */
  riskAudioList: call('GET', 'RiskAudioList', 'closing'),
  /** plain: a track's audio or its speaker's avatar by object id, with HTTP Range (206) for iOS Safari */
  riskMedia: call('GET', 'RiskMedia', 'closing', { cipher: false, timeout: TIMEOUT_MS.download }),
  applyRiskConfirm: call('POST', 'ApplyRiskConfirm', 'closing'),
  applyProtocolStatus: call('GET', 'ApplyProtocolStatus', 'closing'),
  applyAssetTransferSign: call('POST', 'ApplyAssetTransferSign', 'closing'),
  /** a generated document of the application (PDF): made from the application as it stands */
  applyDocument: call('GET', 'ApplyDocument', 'closing', { timeout: TIMEOUT_MS.document }),
  /** the applicant's certificate of completion after submit (a signed PDF, as the caller's file) */
  applyCertificate: call('GET', 'ApplyCertificate', 'closing', { timeout: TIMEOUT_MS.document, rateLimit: 'certificate' }),
  /** the applicant's own agent code and channel (the channel-change dialog) */
  applyChannel: call('GET', 'ApplyChannel', 'closing'),
  // face liveness (issue 11)
  /** multipart like Upload: the liveness video (MP4 or WebM by content, at most 50 MB; re-encoded over 3 MB, 120207 if it cannot be) */
  videoUpload: call('POST', 'oss/v1/UploadVideo', 'liveness', { timeout: TIMEOUT_MS.videoUpload, rateLimit: 'videoUpload' }),
  /** the face check of the video against the ID card's portrait (150405 with a reason when it fails) */
  livingBodyVerifyRaw: call('POST', 'LivingBodyVerifyRaw', 'liveness', { timeout: TIMEOUT_MS.faceCheck, rateLimit: 'faceCheck' }),
  /** ours: where the caller's face check waits (position, estimate), asked by the phone while LivingBodyVerifyRaw runs */
  livingBodyQueue: call('GET', 'LivingBodyQueue', 'liveness'),
  /** the applicant confirms the passed check the step will name */
  livingBodyConfirm: call('POST', 'LivingBodyConfirm', 'liveness'),
  // after submission (issue 10)
  /** the professional-person verification: identity and address proof for staff (status 1500) */
  applyWitness: call('POST', 'ApplyWitness', 'status'),
  /** the broker's receiving bank accounts per currency and the minimum deposit */
  depositInfo: call('GET', 'DepositInfo', 'deposit'),
  /** the applicant's deposit notice: amount, currency, paying bank, proof image */
  depositNotice: call('POST', 'DepositNotice', 'deposit', { rateLimit: 'depositNotice' }),
  // after opening (issue 13): under the service's prefix, with the spec's service names (uc, cash) as path parts
  /** the user-centre ids of one of the caller's accounts (the spec's /uc/{version}/HlInfoBySubId) */
  hlInfoBySubId: call('GET', 'uc/v1/HlInfoBySubId', 'account'),
  /** automatic currency exchange of a cash account: on (1) or off (0) */
  autoExchangeQuery: call('GET', 'cash/v1/AutoExchangeQuery', 'account'),
  autoExchangeChange: call('POST', 'cash/v1/AutoExchangeChange', 'account', { rateLimit: 'autoExchange' }),
  /** whether the account has a trading password, whether it is locked, and until when this session may edit */
  tradePasswordStatus: call('GET', 'TradePasswordStatus', 'account'),
  /** sets the account's first trading password (and verifies this session) */
  tradePasswordSet: call('POST', 'TradePasswordSet', 'account', { rateLimit: 'tradePassword' }),
  /** checks the trading password: this session may edit the account's information for TRADE_VERIFIED_MINUTES */
  tradePasswordVerify: call('POST', 'TradePasswordVerify', 'account', { rateLimit: 'tradePassword' }),
  /** the account's current address and W-8BEN, its update in progress and the broker's request to update */
  clientApplys: call('GET', 'ClientApplys', 'account'),
  /** starts an update (needs the trading password verified in this session) */
  clientApply: call('POST', 'ClientApply', 'account'),
  /** saves a module of the update in progress, or discards it (trading password verified) */
  clientUpdate: call('POST', 'ClientUpdate', 'account'),
  /** submits the update for review (trading password verified) */
  clientSubmit: call('POST', 'ClientSubmit', 'account'),
  clientUpdateNotice: call('POST', 'ClientUpdateNotice', 'account'),
  /** whether a feature (Invitation) is allowed for the user */
  featureCheck: call('GET', 'FeatureCheck', 'closing'),
  /** records who invited the applicant (the new invite code), when the Invitation feature is allowed */
  invitationUpdate: call('POST', 'InvitationUpdate', 'closing', { rateLimit: 'invitation' }),
  /** a cash account's upgrade to margin: what it signs and its latest request */
  marginUpgradeQuery: call('GET', 'MarginUpgradeQuery', 'account'),
  /** asks for the upgrade (trading password verified in this session) */
  marginUpgradeApply: call('POST', 'MarginUpgradeApply', 'account'),
  // stock transfer-in (issue 13): needs the asset-transfer agreement signed (ApplyAssetTransferSign)
  /** the application's transfer-in requests, newest first, each with its status history */
  transferInList: call('GET', 'TransferInList', 'transferIn'),
  /** files a transfer-in request: the other broker, the account there, the stocks */
  transferInApply: call('POST', 'TransferInApply', 'transferIn', { rateLimit: 'transferIn' }),
  // start on a computer, finish on the phone (issue 41)
  /** the computer's QR code and short code for this session's user and application (one at a time) */
  handoffCreate: call('POST', 'HandoffCreate', 'handoff', { rateLimit: 'handoffCreate' }),
  /** the computer follows its hand-off: opened or not, and the application's progress since */
  handoffStatus: call('GET', 'HandoffStatus', 'handoff'),
  /** the computer ends its code nobody used (the card closed, the step left) */
  handoffCancel: call('POST', 'HandoffCancel', 'handoff'),
  /** the phone, before it logs in with a QR link's token or a typed code: whose application it opens (masked) */
  handoffPeek: call('POST', 'HandoffPeek', 'handoff', { auth: 'public', rateLimit: 'handoffRedeem' }),
  /** the phone: the QR link's token or the typed code logs the computer's user in, once */
  handoffRedeem: call('POST', 'HandoffRedeem', 'handoff', { auth: 'public', rateLimit: 'handoffRedeem' }),
  // the after-opening pages of their own (issue 13): the HK investor identifier and the broker's improve-info request
  /** the app's page ticket (query `ticket`) logs its user in for the page it was made for (once; docs/decisions.md) */
  pageTicketLogin: call('POST', 'PageTicketLogin', 'account', { auth: 'public', rateLimit: 'pageTicket' }),
  /** the HKIDR consent of an account: whether it is to be signed, the identification data to be sent, the signed consent and BCAN */
  hkIdentifierInfo: call('GET', 'HkIdentifierInfo', 'account'),
  /** signs the HKIDR consent (the version the page showed): the client's BCAN, every account of the client marked signed */
  hkIdentifierSign: call('POST', 'HkIdentifierSign', 'account', { rateLimit: 'accountConsent' }),
  /** the broker's open request to complete information for an account (its items), with what is on file */
  improveInfoDetail: call('GET', 'ImproveInfoDetail', 'account'),
  /** answers every item of the request: it closes */
  improveInfoSubmit: call('POST', 'ImproveInfoSubmit', 'account', { rateLimit: 'accountConsent' }),
  // organisation signing (issue 14): /kyc/v1/sign/, the signer's session from ApplyAuth (the ticket of the link and the ID number)
  /** the ticket of the link and the signer's ID number → the signer's session (limited tries per ticket) */
  signApplyAuth: signCall('POST', 'ApplyAuth', { auth: 'public', rateLimit: 'signAuth' }),
  /** the ticket's organisation (its names only), named on the start page before the signer gives the ID number */
  signTicketInfo: signCall('POST', 'TicketInfo', { auth: 'public', rateLimit: 'signTicket' }),
  /** the ticket's organisation, its signer (masked), the three step statuses, the current step and the documents */
  signApplyDetail: signCall('POST', 'ApplyDetail'),
  /** the doc step: the uploaded files the broker needs are complete */
  signApplyUpdate: signCall('POST', 'ApplyUpdate'),
  /** the signer's name and masked ID number, the organisation and when the session ends */
  signGetClientInfo: signCall('GET', 'GetClientInfo'),
  /** the verify step: a photo of the signer's mainland ID card (an uploaded file of the ticket) read; whether its number is the signer's */
  signIdCardOcr: signCall('POST', 'IdCardOcr', { timeout: TIMEOUT_MS.ocr, rateLimit: 'ocr' }),
  /** the verify step: the signer confirms their identity and asks for the certificate */
  signCorpApplyAuth: signCall('POST', 'CorpApplyAuth'),
  /** the verify step: the deployment's certificate authority issues the signer's document-signing certificate */
  signCorpApplyCACert: signCall('POST', 'CorpApplyCACert', { timeout: TIMEOUT_MS.ocr, rateLimit: 'signAction' }),
  /** the signer's certificate (subject, issuer, serial, validity) and caStatus */
  signCorpApplyDetail: signCall('POST', 'CorpApplyDetail'),
  /** the sign step: the read documents and the drawn signature → the documents signed with the certificate */
  signCorpApplyUpdate: signCall('POST', 'CorpApplyUpdate', { timeout: TIMEOUT_MS.document, rateLimit: 'signAction' }),
  /** multipart like Upload (file, and the envelope's fileName, token, idNumber): a document the broker needs */
  signFileUpload: signCall('POST', 'FileUpload', { timeout: TIMEOUT_MS.videoUpload, rateLimit: 'signUpload' }),
  /** one of the ticket's files (base64 inside the cipher): another ticket's → 100403 */
  signFileDownload: signCall('GET', 'FileDownload', { timeout: TIMEOUT_MS.download }),
  /** the signer's certificate of completion once the documents are signed (a signed PDF, a file of the ticket) */
  signCertificate: signCall('GET', 'Certificate', { timeout: TIMEOUT_MS.document, rateLimit: 'certificate' }),
} as const satisfies Record<string, CallDef>;

/** Every call's name (the review desk's too: calls-staff.ts). */
export type CallName = keyof typeof APP_CALLS | keyof typeof STAFF_CALLS;
/** A call of the pages' client (APP_CALLS). */
export type AppCallName = keyof typeof APP_CALLS;

/** The same for the pages' client (APP_CALLS only). */
export const isPlainAppCall = (name: AppCallName): boolean => !APP_CALLS[name].cipher;

/** The route pattern of a call on the service: its path, then `/:param` for each path parameter. */
export function routeUrl(def: CallDef): string {
  return def.path + (def.pathParams ?? []).map((p) => `/:${p}`).join('');
}
