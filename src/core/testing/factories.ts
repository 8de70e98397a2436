import type { AccountView, ApplicationView, Res, UserView } from '../domain/contract';
import type { ClientType } from '../domain/client-type';
import { STEPS_OF, STEP_VERSION } from '../domain/steps';

let seq = 0;

/** The deployment settings as ClientConfig returns them, with example links and service phones. */
export function makeClientConfig(over: Partial<Res<'clientConfig'>> = {}): Res<'clientConfig'> {
  return {
    memberPageUrl: 'https://member.example/',
    appDownloadUrl: 'https://download.example/app',
    servicePhones: { mainland: '400 800 1234', hongKong: '+852 2800 1234' },
    production: false,
    derivativeForm: 'full',
    derivativeEvidence: 'optional',
    riskAuthChannels: [],
    depositPageUrl: '/pages/openAccount.html#/deposit',
    transferInUrl: '/pages/transferInStock.html',
    communityQrUrl: '/pages/static/community-qr.svg',
    ...over,
  };
}

/** An application as ApplyDetail returns it; hk unless told otherwise. */
export function makeApplication(over: Partial<ApplicationView> & { clientType?: ClientType } = {}): ApplicationView {
  const clientType = over.clientType ?? 'hk';
  seq++;
  return {
    appId: `APP${String(100000 + seq)}`,
    oaType: clientType === 'cn' ? 1 : 2,
    clientType,
    clientStatus: 33,
    applyStatus: 0,
    hlId: null,
    name: null,
    applyStepsName: [...STEPS_OF[clientType]],
    currentStep: null,
    latestStep: null,
    stepVersion: STEP_VERSION,
    data: {},
    rejectData: null,
    cashInStatus: null,
    cashInData: null,
    stockStatus: null,
    aecode: null,
    channel: null,
    protocolStatus: 0,
    fromPage: null,
    esop: false,
    clientInfo: { accts: [] },
    updatedAt: '2026-01-01T00:00:00.000Z',
    resubmittedAt: null,
    ...over,
  };
}

export function makeUser(over: Partial<UserView> = {}): UserView {
  return {
    userId: 'U1',
    phoneMasked: '138****5678',
    areaCode: '86',
    subAcctId: null,
    clientStatus: 30,
    hasApplication: true,
    clientInfo: { accts: [] },
    ...over,
  };
}

/** Makes the page look like one where no session was started (no readable session hint). */
export function clearSessionHint(): void {
  document.cookie = 'esop_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
}

/** An opened account as UserInfo lists it (a cash account of an individual, identifier still to sign). */
export function makeAccount(over: Partial<AccountView> = {}): AccountView {
  return {
    subAcctId: 'S12345678',
    acctType: 1,
    cltType: 1,
    nickName: null,
    hlId: '12345678',
    markets: 3,
    source: null,
    improveInfoOpen: false,
    extra: { needSignHKIdentifier: 1 },
    ...over,
  };
}
