/** Timeouts, durations and limits shared by the screens and the service (spec part 1 §9, part 3 §9). */
export const TIMEOUT_MS = {
  default: 15_000,
  ocr: 60_000,
  submit: 30_000,
  upload: 30_000,
  download: 120_000,
  faceCheck: 60_000,
  /** the liveness video (up to 50 MB sent; the service may re-encode it) */
  videoUpload: 60_000,
  /** ApplyDocument: the PDF is generated on the service (a CJK font subset) */
  document: 60_000,
} as const;

export const NEXT_DEBOUNCE_MS = 1000;
export const SEND_CODE_COOLDOWN_S = 60;
export const VERIFY_CODE_LENGTH = 6;
export const VERIFY_CODE_TTL_S = 5 * 60;
export const VERIFY_CODE_MAX_ATTEMPTS = 5;
export const MAX_UPLOAD_BYTES_DEFAULT = 10 * 1024 * 1024;
export const SIGNED_URL_TTL_S = 10 * 60;

// ---------------------------------------------------------------- service limits

/** Login codes: one a phone per SEND_CODE_COOLDOWN_S, at most this many a phone a day and an address an hour (100429). */
export const CODES_PER_PHONE_PER_DAY = 10;
export const CODES_PER_ADDRESS_PER_HOUR = 30;

/**
 * A session's last-seen time is written at most this often (a read writes nothing in between); the idle expiry
 * (SESSION_IDLE_MINUTES) is therefore measured from a time up to this much earlier than the last request.
 */
export const SESSION_TOUCH_S = 60;

/** How long a cipher session (the AES key a client sent through CipherSession) is accepted. */
export const CIPHER_SESSION_TTL_S = 24 * 60 * 60;

/**
 * Shape bounds of step data (ApplyUpdate `data`, drafts included), besides MAX_STEP_DATA_BYTES of JSON:
 * nesting depth, string length, array items, key length and keys per object.
 */
export const STEP_DATA_BOUNDS = { maxDepth: 6, maxString: 2000, maxArray: 50, maxKey: 64, maxKeys: 200 } as const;

/** A fixed-window rate limit: at most `max` calls in each `windowS` seconds. */
export interface RateLimit {
  max: number;
  windowS: number;
}

/**
 * Rate limits per client address and, on calls that need a login, per user. Over the limit: 100429
 * (HTTP 429) with data {scope: 'address' | 'user', retryAfterSeconds}. Addresses are generous because
 * many people can share one (mobile carriers, offices).
 */
export const RATE_LIMITS = {
  cipherSession: { perAddress: { max: 300, windowS: 600 } },
  /** the review desk's sign-in (besides the account's own lock after STAFF_LIMITS.failedSignIns wrong tries) */
  staffSignIn: { perAddress: { max: 30, windowS: 600 } },
  tokenLogin: { perAddress: { max: 60, windowS: 600 } },
  upload: { perAddress: { max: 600, windowS: 3600 }, perUser: { max: 120, windowS: 3600 } },
  positionToCity: { perAddress: { max: 600, windowS: 3600 }, perUser: { max: 60, windowS: 3600 } },
  ipLocation: { perAddress: { max: 600, windowS: 3600 }, perUser: { max: 60, windowS: 3600 } },
  /** IdcardOcr and BankcardOcr together (each reading costs about a second of CPU) */
  ocr: { perAddress: { max: 600, windowS: 3600 }, perUser: { max: 60, windowS: 3600 } },
  /** search as you type (200 ms debounce): a few hundred calls an hour is a busy user */
  companySearch: { perAddress: { max: 3000, windowS: 3600 }, perUser: { max: 600, windowS: 3600 } },
  kycKeyValue: { perAddress: { max: 3000, windowS: 3600 }, perUser: { max: 600, windowS: 3600 } },
  /** ApplyAmlCheck: once per press of Next on the disclosure page; an outside screening vendor may charge per call */
  amlCheck: { perAddress: { max: 600, windowS: 3600 }, perUser: { max: 60, windowS: 3600 } },
  /** LivingBodyVerifyRaw: each check costs seconds of CPU (FACE_ATTEMPTS_PER_DAY also caps an application's tries) */
  faceCheck: { perAddress: { max: 300, windowS: 3600 }, perUser: { max: 20, windowS: 3600 } },
  /** the liveness video upload: a few recordings per try */
  videoUpload: { perAddress: { max: 300, windowS: 3600 }, perUser: { max: 40, windowS: 3600 } },
  /**
   * a full save of a step that carries an identity number (IDCARD, HK_IDCARD, STATEMENT): each may answer 150204,
   * which tells that a number is held, so probing numbers is held to a pace no applicant needs
   */
  identitySave: { perAddress: { max: 300, windowS: 3600 }, perUser: { max: 20, windowS: 3600 } },
  /** DepositNotice: a few notices a day is a busy applicant */
  depositNotice: { perAddress: { max: 300, windowS: 3600 }, perUser: { max: 20, windowS: 3600 } },
  /** AutoExchangeChange: a switch a client turns a few times at most; each change goes to the cash system */
  autoExchange: { perAddress: { max: 300, windowS: 3600 }, perUser: { max: 30, windowS: 3600 } },
  invitation: { perAddress: { max: 100, windowS: 3600 }, perUser: { max: 10, windowS: 3600 } },
  /** TradePasswordSet and TradePasswordVerify (besides the account's own lock after TRADE_PASSWORD_LOCK.tries wrong tries) */
  tradePassword: { perAddress: { max: 300, windowS: 3600 }, perUser: { max: 30, windowS: 3600 } },
  /** TransferInApply: each request is a manual job for staff and the other broker; a few a day is a busy client */
  transferIn: { perAddress: { max: 300, windowS: 3600 }, perUser: { max: 10, windowS: 3600 } },
  /** PageTicketLogin: the app opens a page with a fresh ticket; like TokenLogin, per address only (no user yet) */
  pageTicket: { perAddress: { max: 60, windowS: 600 } },
  /** HandoffCreate: a computer shows a new QR code every 5 minutes at most while the applicant waits */
  handoffCreate: { perAddress: { max: 300, windowS: 3600 }, perUser: { max: 30, windowS: 3600 } },
  /**
   * HandoffPeek and HandoffRedeem together (a phone asks whose code it is, then logs in: two calls a code); per address
   * only (no user yet): 20 codes tried in 10 minutes, with a few hundred million possible
   */
  handoffRedeem: { perAddress: { max: 40, windowS: 600 } },
  /** HkIdentifierSign and ImproveInfoSubmit: a few presses of a button a client makes once */
  accountConsent: { perAddress: { max: 300, windowS: 3600 }, perUser: { max: 30, windowS: 3600 } },
  /** organisation signing's ApplyAuth: per address (each ticket also locks after SIGN_LIMITS.authAttempts wrong ID numbers) */
  signAuth: { perAddress: { max: 30, windowS: 3600 } },
  /** organisation signing's TicketInfo: the start page reads it once per opening of the link */
  signTicket: { perAddress: { max: 120, windowS: 3600 } },
  /** a certificate or a signing: per address, and per signer session as the user */
  signAction: { perAddress: { max: 60, windowS: 3600 }, perUser: { max: 20, windowS: 3600 } },
  signUpload: { perAddress: { max: 120, windowS: 3600 }, perUser: { max: 40, windowS: 3600 } },
  /** ApplyCertificate and the signer's Certificate: a PDF made and signed (about a second of CPU the first time) */
  certificate: { perAddress: { max: 120, windowS: 3600 }, perUser: { max: 30, windowS: 3600 } },
} as const satisfies Record<string, { perAddress: RateLimit; perUser?: RateLimit }>;

export type RateLimitedCall = keyof typeof RATE_LIMITS;

/** The steps that carry an identity document number (recorded in identity_numbers; a full save may answer 150204). */
export const IDENTITY_STEPS = ['IDCARD', 'HK_IDCARD', 'STATEMENT'] as const;

/** Limits a call's handler counts for some of its requests only (not a route hook): the call and which requests. */
export const LIMITS_IN_HANDLERS: Partial<Record<RateLimitedCall, { call: string; when: string }>> = {
  identitySave: { call: 'applyUpdate', when: `full saves of ${IDENTITY_STEPS.join(', ')}` },
};

/**
 * Each user's upload quota over the last 24 hours (defaults of UPLOAD_DAILY_COUNT and UPLOAD_DAILY_MB).
 * Over it: 100429 with data {scope: 'uploadCount' | 'uploadBytes', retryAfterSeconds}.
 */
export const UPLOAD_QUOTA_DEFAULT = { filesPerDay: 200, megabytesPerDay: 500 } as const;

/** data.scope of a 100429 answer */
export const RATE_LIMIT_SCOPES = ['phone', 'address', 'user', 'uploadCount', 'uploadBytes'] as const;
export type RateLimitScope = (typeof RATE_LIMIT_SCOPES)[number];
