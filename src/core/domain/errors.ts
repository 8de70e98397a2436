/**
 * The one catalogue of error codes used by the service and the client.
 * The service answers `{error: {code, message, data}}`; the client maps each code to the
 * behaviour the spec gives it (see `behaviourOf`). Messages live in locales under `errors.<code>`.
 */
export const ErrorCode = {
  // transport / platform (ours, where the spec shows none)
  NETWORK: 'NETWORK', // client-side only: no answer from the service
  INVALID_INPUT: 100400, // body, query or file failed validation; data.issues lists {path, rule}
  FORBIDDEN: 100403, // the object belongs to someone else
  NOT_FOUND: 100404,
  RATE_LIMITED: 100429,
  INTERNAL: 100500,
  UNAVAILABLE: 100502, // ours: the database or the file store cannot be reached just now (HTTP 503): nothing is lost, the session is kept; try again
  BUSY: 100503, // ours: the service has too much of this work queued (the face check): try again in a moment
  CIPHER_REQUIRED: 100601, // a plain request where a ciphered one is required
  CIPHER_INVALID: 100602, // unknown key id, bad tag, malformed envelope
  CIPHER_STALE: 100603, // timestamp outside the accepted window
  CIPHER_REPLAY: 100604, // nonce already seen
  // login (spec)
  LOGIN_EXPIRED: 100008, // no session, or the session has ended
  SESSION_IDLE: 100033, // idle expiry reached
  SESSION_ABSOLUTE: 100034, // absolute expiry reached
  SIGN_SESSION_ENDED: 100031, // organisation signing: the signer's session is unknown or ended, the ID number is not the signer's, or the ticket is revoked, expired or locked
  TOKEN_INVALID: 111504, // the app's trading token is invalid or expired
  CODE_TOO_FREQUENT: 110112, // a code was sent moments ago: keep the previous salt
  CODE_SEND_FAILED: 110113, // ours: the SMS vendor failed
  CODE_WRONG: 110114, // ours: wrong or expired verification code
  // application (spec)
  MESSAGE: 150200, // show the given message
  ID_REGISTERED: 150204, // data.phone is the masked phone of the holder
  NEED_STATEMENT: 150211, // on submit: go to STATEMENT?supplement=supplement
  BANK_CARD_WRONG: 150302,
  FACE_FAILED: 150405,
  FROM_ORGANISATION: 151000,
  FROM_PARTNER: 151100, // data.url is the partner's account-opening site
  ID_VALIDITY_INVALID: 151201,
  ID_UNCLEAR: 151202,
  ID_NOT_ORIGINAL: 151203,
  ID_REFLECTIVE: 151204,
  SWITCH_REGION_DENIED: 151205,
  CHANNEL_INCORRECT: 151212,
  APPLICATION_LOCKED: 151300, // ours: the application is submitted and cannot be edited
  NO_APPLICATION: 151301, // ours: no application for this user (or not theirs)
  STEP_UNKNOWN: 151302, // ours: currentStep is not in the application's step list
  CERTIFICATE_NOT_READY: 151304, // ours: the certificate of completion is given only for a submitted application that is not sent back for correction
  OTHER_TYPE_EXISTS: 151303, // ours: ApplyStart for one type while an application of the other type is active: switch (ApplySwitch); data {appId, oaType}
  NOT_CASH_ACCOUNT: 152001, // ours: automatic currency exchange is for cash accounts only
  TRADE_PASSWORD_SET: 152002, // ours: the account already has a trading password (verify it instead)
  TRADE_PASSWORD_WRONG: 152003, // ours: wrong trading password; data.triesLeft before it locks
  TRADE_PASSWORD_LOCKED: 152004, // ours: too many wrong tries; data.retryAfterSeconds
  UPDATE_EXISTS: 152006, // ours: the account has an update in progress (ClientUpdate it, or discard it first); data.updateId
  NO_CHANGE: 152007, // ours: the module's data is what the account holds (spec: "no changes made")
  UPDATE_CLOSED: 152008, // ours: the update is submitted or decided and can no longer be changed
  RECENT_LOGIN_NEEDED: 152009, // ours: setting the first trading password needs a login of the last few minutes
  FEATURE_NOT_ALLOWED: 152011, // ours: the feature (e.g. Invitation) is not allowed for this user
  MARGIN_UPGRADE_BLOCKED: 152010, // ours: the account cannot ask for margin now; data.reason 'margin' | 'pending' | 'age'
  TRADE_PASSWORD_NEEDED: 152005, // ours: editing the account's information needs the trading password first (or again)
  ASSET_TRANSFER_UNSIGNED: 152101, // ours: a stock transfer-in needs the asset-transfer agreement signed first (assetTransferAgreement.html)
  TRANSFER_IN_UNAVAILABLE: 152102, // ours: no stock transfer-in for this application now; data.reason notOpened | closed | notOffered
  TRANSFER_IN_TOO_MANY: 152103, // ours: too many transfer-in requests in progress; data.max
  PAGE_TICKET_INVALID: 152201, // ours: the app's page ticket is malformed, forged, expired or used; data.reason 'invalid' | 'expired' | 'used'
  HK_IDENTIFIER_SIGNED: 152202, // ours: the HK investor identifier consent is signed already (the result page shows it)
  CONSENT_VERSION: 152203, // ours: the consent text the page showed is not the current one (reload and read it again)
  IMPROVE_NONE: 152204, // ours: no request of the broker to complete information is open for the account
  IMPROVE_CLOSED: 152205, // ours: the request is completed or withdrawn and takes no more answers
  SIGN_VERIFY_FAILED: 152301, // ours: organisation signing: the ticket and ID number do not match (whatever is wrong; spec "verification failed")
  SIGN_LINK_EXPIRED: 152302, // ours: the signing link has expired (spec "link expired, contact service")
  SIGN_LOCKED: 152303, // ours: the link is locked after too many wrong ID numbers (contact service)
  SIGN_NOT_CURRENT_STEP: 152304, // ours: the step is not the current one (data.step is)
  SIGN_IDENTITY_UNCONFIRMED: 152305, // ours: the certificate needs the signer's details confirmed first (CorpApplyAuth)
  SIGN_CA_FAILED: 152306, // ours: the certificate authority failed: try again
  SIGN_TOO_MANY_FILES: 152307, // ours: the ticket holds the most files it may (data.max)
  SIGN_NO_NEED: 152308, // ours: nothing is left to sign on this link (spec "no need to sign")
  SIGN_ID_PHOTO_NEEDED: 152309, // ours: the certificate needs a photo of the signer's ID card (read as the signer's for a mainland card)
  SIGN_TOO_MANY_PHOTOS: 152310, // ours: the ticket took the most ID card photos it may in an hour (data.max): try later
  SIGN_NOT_SIGNED: 152311, // ours: the signer's certificate of completion is given once the documents are signed
  STAFF_SIGN_IN_FAILED: 152401, // ours: review desk: the login, password or authenticator code is wrong (which one is not said); data.triesLeft
  STAFF_LOCKED: 152402, // ours: review desk: too many wrong sign-ins; data.retryAfterSeconds
  STAFF_NOT_ALLOWED: 152403, // ours: review desk: the staff member's role does not allow this, or the session is not a staff session
  CASE_CLAIMED: 152404, // ours: review desk: another staff member works this application; data.by (their name)
  CASE_NOT_CLAIMED: 152405, // ours: review desk: a decision needs the application claimed by the caller first
  CASE_STATE: 152406, // ours: review desk: the application's state does not allow this decision (data: the lifecycle's refusal, {reason, …} of lifecycle.ts; an account update's or a signing link's: data.detail)
  HANDOFF_INVALID: 152501, // ours: the computer's QR code or short code is unknown, expired (or its computer logged out) or used; data.reason 'invalid' | 'expired' | 'used'
  FOUR_EYES: 152407, // ours: review desk: the second approval must be another person's, an approver's (data.reason 'samePerson' | 'role')
  VIDEO_TOO_LARGE: 120207,
  SAVE_NOT_PUSHED: 200016,
  UPDATE_NOT_PUSHED: 200017,
  // device / bridge (spec)
  LOCATION_PERMISSION: 1004,
  FILE_TOO_LARGE: 1008,
  FILE_TYPE: 1009, // ours: content is not png, jpeg or pdf (or an image or PDF that cannot be decoded)
  FILE_PDF_REFUSED: 1012, // ours: a PDF with JavaScript or other actions, attached files, or encryption that hides its objects; data.reason 'javascript' | 'embeddedFile' | 'encrypted'
} as const;

/** What the signing page's wrapper treats as "verification expired, please re-verify" (spec §8). */
export const SIGN_EXPIRED_CODES: readonly number[] = [
  ErrorCode.LOGIN_EXPIRED,
  ErrorCode.SIGN_SESSION_ENDED,
  ErrorCode.SESSION_IDLE,
  ErrorCode.SESSION_ABSOLUTE,
];

/**
 * The signing service's own refusals, shown on the signing page with their own message (the spec's signing messages:
 * verification failed, link expired, no need to sign, …, and the upload's file size and type); any other error of the
 * signing service without tips reads "request failed, please retry" (spec §8, src/core/api/errors.ts signErrorMessage).
 */
export const SIGN_OWN_MESSAGE_CODES: readonly number[] = [
  ErrorCode.SIGN_VERIFY_FAILED,
  ErrorCode.SIGN_LINK_EXPIRED,
  ErrorCode.SIGN_LOCKED,
  ErrorCode.SIGN_NOT_CURRENT_STEP,
  ErrorCode.SIGN_IDENTITY_UNCONFIRMED,
  ErrorCode.SIGN_CA_FAILED,
  ErrorCode.SIGN_TOO_MANY_FILES,
  ErrorCode.SIGN_NO_NEED,
  ErrorCode.SIGN_ID_PHOTO_NEEDED,
  ErrorCode.SIGN_TOO_MANY_PHOTOS,
  ErrorCode.SIGN_NOT_SIGNED,
  ErrorCode.FILE_TOO_LARGE,
  ErrorCode.FILE_TYPE,
];

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const LOGIN_EXPIRED_CODES: readonly number[] = [
  ErrorCode.LOGIN_EXPIRED,
  ErrorCode.SESSION_IDLE,
  ErrorCode.SESSION_ABSOLUTE,
  ErrorCode.TOKEN_INVALID,
];

/** What the general wrapper does with an error (the per-call handlers may take over first). */
export type ErrorBehaviour =
  | { kind: 'serverUnavailable' }
  | { kind: 'loginExpired'; redirectAfterMs: number }
  | { kind: 'showGivenMessage' }
  | { kind: 'toast'; durationMs: number };

export const TOAST_MS = 2000;
export const CHANNEL_ERROR_MS = 3000;
export const LOGIN_REDIRECT_MS = 2000;

export function behaviourOf(code: number | string): ErrorBehaviour {
  if (code === ErrorCode.NETWORK) return { kind: 'serverUnavailable' };
  if (typeof code === 'number' && LOGIN_EXPIRED_CODES.includes(code)) {
    return { kind: 'loginExpired', redirectAfterMs: LOGIN_REDIRECT_MS };
  }
  if (code === ErrorCode.MESSAGE) return { kind: 'showGivenMessage' };
  if (code === ErrorCode.CHANNEL_INCORRECT) return { kind: 'toast', durationMs: CHANNEL_ERROR_MS };
  return { kind: 'toast', durationMs: TOAST_MS };
}

/** The error body every failing call answers with. */
export interface ApiErrorBody {
  code: number;
  message: string;
  data?: unknown;
}

/** Codes that the locales translate under `errors.<code>` (the client prefers these to the server text). */
export const TRANSLATED_CODES: readonly number[] = Object.values(ErrorCode).filter(
  (c): c is Extract<ErrorCodeValue, number> => typeof c === 'number',
);

/** Masks a phone as the spec shows it: first 3 digits (2 when shorter than 11), four stars, the rest after those. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 4) return '****';
  const head = digits.length >= 11 ? 3 : 2;
  const tailStart = Math.min(digits.length, head + 4);
  return digits.slice(0, head) + '****' + digits.slice(tailStart);
}
