/**
 * The calls of the KYC service (path, method, timeout) without their schemas: zod-free, so the
 * browser's api client can use it without shipping zod. contract.ts re-exports all of it.
 */
import { TIMEOUT_MS } from './limits';

export const API_PREFIX = '/kyc/esop/v1';

export const LANGS = ['zh-CN', 'zh-TW', 'en'] as const;
export type Lang = (typeof LANGS)[number];

export const FILE_CATEGORIES = ['UserApply', 'UserInfo'] as const;

export interface CallDef {
  method: 'GET' | 'POST';
  path: string;
  timeout: number;
  /** true for calls made before login */
  public?: boolean;
}

const call = (method: CallDef['method'], name: string, opts: Partial<CallDef> = {}): CallDef => ({
  method,
  path: `${API_PREFIX}/${name}`,
  timeout: TIMEOUT_MS.default,
  ...opts,
});

export const CALLS = {
  health: call('GET', 'health', { public: true }),
  clientConfig: call('GET', 'ClientConfig', { public: true }),
  cipherKey: call('GET', 'CipherKey', { public: true }),
  cipherSession: call('POST', 'CipherSession', { public: true }),
  sendCode: call('POST', 'SendCode', { public: true }),
  login: call('POST', 'Login', { public: true }),
  tokenLogin: call('POST', 'TokenLogin', { public: true }),
  logout: call('POST', 'Logout'),
  userInfo: call('GET', 'UserInfo'),
  areaType: call('GET', 'AccountOpeningAreaType'),
  applyCheck: call('GET', 'ApplyCheck'),
  applyStart: call('POST', 'ApplyStart'),
  applySwitch: call('POST', 'ApplySwitch'),
  applyDetail: call('GET', 'ApplyDetail'),
  applyUpdate: call('POST', 'ApplyUpdate'),
  applyStatementStep: call('POST', 'ApplyStatementStep'),
  applySubmit: call('POST', 'ApplySubmit', { timeout: TIMEOUT_MS.submit }),
  ipLocation: call('GET', 'IpLocation'),
  positionToCity: call('POST', 'PositionToCity'),
  positionInfo: call('POST', 'PostionInfo'),
  upload: call('POST', 'oss/v1/Upload', { timeout: TIMEOUT_MS.upload }), // + '/{category}'
  download: call('GET', 'oss/v1/Download', { timeout: TIMEOUT_MS.download }),
  /** a fresh signed download URL for a file the session's user owns (ciphered) */
  signedUrl: call('GET', 'oss/v1/SignedUrl'),
  idcardOcr: call('POST', 'IdcardOcr', { timeout: TIMEOUT_MS.ocr }),
  bankcardOcr: call('POST', 'BankcardOcr', { timeout: TIMEOUT_MS.ocr }),
  kycKeyValue: call('POST', 'KYCKeyValue'),
  mainlandCity: call('GET', 'MainlandCity'),
  companySearch: call('GET', 'CompanySearch'),
  companyInfo: call('GET', 'CompanyInfo'),
  applyAmlCheck: call('POST', 'ApplyAmlCheck'),
} as const satisfies Record<string, CallDef>;
export type CallName = keyof typeof CALLS;
