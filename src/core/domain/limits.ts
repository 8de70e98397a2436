/** Timeouts, durations and limits shared by the screens and the service (spec part 1 §9, part 3 §9). */
export const TIMEOUT_MS = {
  default: 15_000,
  ocr: 60_000,
  submit: 30_000,
  upload: 30_000,
  download: 120_000,
  faceCheck: 60_000,
} as const;

export const NEXT_DEBOUNCE_MS = 1000;
export const SEND_CODE_COOLDOWN_S = 60;
export const VERIFY_CODE_LENGTH = 6;
export const VERIFY_CODE_TTL_S = 5 * 60;
export const VERIFY_CODE_MAX_ATTEMPTS = 5;
export const MAX_UPLOAD_BYTES_DEFAULT = 10 * 1024 * 1024;
export const SIGNED_URL_TTL_S = 10 * 60;
