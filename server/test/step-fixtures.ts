/**
 * Valid step data for the steps that have rules (IDCARD, BANKCARD, HK_IDCARD, USERINFO, PROOFADDRESS, STATEMENT),
 * with real uploads of the caller and identity numbers unique in the test database; plus the small call helpers
 * the step tests share. Steps without rules yet take any object.
 */
import { CALLS, ErrorCode, STEP_VERSION, cnIdCheckDigit, type StepName } from '@core/domain';
import { userMaker, type CallResult, type TestApp, type TestClient } from './helpers';

/** A PNG signature and a body: enough for the service's content sniffing. */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake png body')]);
export const PDF = (n: number) => Buffer.from(`%PDF-1.7\n% document ${n}\n1 0 obj <<>> endobj\n%%EOF\n`);

export interface Ref {
  ossId: string;
  url: string;
  description: string;
  ossCategory: 'UserInfo' | 'UserApply';
}

let seq = 0;
const next = () => ++seq + Math.floor(Math.random() * 1000) * 1000;

/** A real upload of the caller: a PNG, or a PDF with `pdf`. */
export async function uploadRef(c: TestClient, category: 'UserInfo' | 'UserApply' = 'UserInfo', pdf = false): Promise<Ref> {
  const n = next();
  const description = pdf ? `doc-${n}.pdf` : `photo-${n}.png`;
  const res = await c.upload(`${CALLS.upload.path}/${category}`, { filename: description }, pdf ? PDF(n) : PNG);
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return { ossId: res.body.result.ossId, url: res.body.result.ossUrl, description, ossCategory: category };
}

const phones = new WeakMap<TestClient, string>();

/**
 * A maker of new logged-in users with phones `prefix` + (start + n), as helpers' userMaker (which moves the clock past
 * the login limits every 20 users), in the given area (852 unless given); phoneOf tells each one's phone.
 */
export function stepUser(t: TestApp, prefix: string, { start = 1000000, areaCode = '852' }: { start?: number; areaCode?: string } = {}): () => Promise<TestClient> {
  const login = async (phone?: string) => {
    const c = await t.login(phone, areaCode);
    phones.set(c, phone!);
    return c;
  };
  return userMaker({ ...t, login }, prefix, start);
}

/** The phone a stepUser maker logged this client in with. */
export function phoneOf(c: TestClient): string {
  const phone = phones.get(c);
  if (!phone) throw new Error('not a client of stepUser');
  return phone;
}

/** ApplyStart for the caller (oaType 1 cn, 2 hk; `extra` e.g. {withStatement}); the new application's id. */
export async function startApp(c: TestClient, oaType: 1 | 2 = 1, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await c.call('applyStart', { oaType, ...extra });
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return res.body.result.appId as string;
}

let idSeq = 0;
/**
 * A valid mainland ID number with this birthday, unique in the run for 500 numbers (region 440305, Shenzhen Nanshan):
 * the two sequence digits count on, then the gender digit moves to the next odd one (male, as the fixtures' gender 1).
 */
export function cnIdNumber(birthday = '1990-03-07', region = '440305'): string {
  const k = idSeq++;
  const first17 = region + birthday.replace(/-/g, '') + String(k % 100).padStart(2, '0') + '13579'[Math.floor(k / 100) % 5];
  return first17 + cnIdCheckDigit(first17);
}

/** An HK ID (one letter, seven digits) unique in the run. */
export const hkIdNumber = () => `K${String(1_000_000 + (next() % 9_000_000)).padStart(7, '0')}`;

export function saveStep(c: TestClient, appId: string, step: StepName | string, data: Record<string, unknown>, draft = false): Promise<CallResult> {
  return c.call('applyUpdate', { appId, stepVersion: STEP_VERSION, currentStep: step, draft, data });
}

/** ApplyUpdate of one step, as saveStep without the step argument. */
export const stepSaver =
  (step: StepName) =>
  (c: TestClient, appId: string, data: Record<string, unknown>, draft = false): Promise<CallResult> =>
    saveStep(c, appId, step, data, draft);

/** data.issues of a 100400 answer. */
export const issuesOf = (res: CallResult) => (res.body.error?.data?.issues ?? []) as { path: string; message: string }[];

/** Expects a 100400 answer (HTTP 400) and gives its issues as `path:message` lines. */
export function invalidIssues(res: CallResult): string[] {
  expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.INVALID_INPUT]);
  return issuesOf(res).map((i) => `${i.path}:${i.message}`);
}

type Data = Record<string, unknown>;

export async function idcardData(c: TestClient, over: Data = {}): Promise<Data> {
  const [front, back, cropFront, cropBack] = [await uploadRef(c), await uploadRef(c), await uploadRef(c), await uploadRef(c)];
  const address = '广东省深圳市南山区科技园路1号';
  return {
    chineseName: '张三',
    firstName: 'SAN',
    lastName: 'ZHANG',
    englishName: 'ZHANG SAN',
    idType: 1,
    idNumber: cnIdNumber(),
    idAddress: address,
    idAuthority: '深圳市公安局南山分局',
    birthCity: '广东省深圳市',
    birthCountry: 'CN',
    gender: 1,
    birthday: '1990-03-07',
    idValidTime: '2020-01-01,长期',
    idCountry: 'CN',
    documentInfo: { idCard: { front, back }, CropIdCard: { front: cropFront, back: cropBack } },
    contactInfo: { residentialAddress: address, residentialAddressCountry: 'CN', mailingAddress: address, mailingAddressCountry: 'CN', mailingSameResidential: 1 },
    frontInfo: { surnamePinyinModify: 2, RAW_amlConfirmInfoTime: '2026-11-21T03:59:00.000Z' },
    ...over,
  };
}

/** A UnionPay-style card number with a valid Luhn digit. */
export const BANK_CARD = '6222021234567890128';

export const bankcardData = (over: Data = {}): Data => ({
  bankInfo: { acctNumber: BANK_CARD, phone: '13812345678' },
  email: 'zhang.san@qq.com',
  defaultLanguage: 'zhTc',
  statementDeliveryWay: 'email',
  ...over,
});

export async function hkIdcardData(c: TestClient, over: Data = {}): Promise<Data> {
  return {
    permanentResident: 1,
    nationality: 'HK',
    idType: 1,
    idCountry: 'HK',
    idNumber: hkIdNumber(),
    defaultLanguage: 'zhTc',
    documentInfo: { nonMainlandDocument: { front: await uploadRef(c) } },
    ...over,
  };
}

export const userinfoData = (over: Data = {}): Data => ({
  chineseName: '陳大文',
  firstName: 'TAI MAN',
  lastName: 'CHAN',
  englishName: 'CHAN TAI MAN',
  gender: 1,
  birthday: '1990-05-04',
  birthCity: 'Hong Kong',
  birthCountry: 'HK',
  email: 'taiman@gmail.com',
  defaultLanguage: 'zhTc',
  statementDeliveryWay: 'email',
  ...over,
});

export async function proofAddressData(c: TestClient, over: Data = {}): Promise<Data> {
  const address = 'Flat 1, 10 Harbour Road';
  return {
    contactInfo: {
      residentialAddress: address,
      residentialAddressCountry: 'HK',
      residentialAddressCity: '',
      mailingAddress: address,
      mailingAddressCountry: 'HK',
      mailingAddressCity: '',
      mailingSameResidential: 1,
    },
    documentInfo: { proofOfAddress: [await uploadRef(c, 'UserApply', true)] },
    w8Info: { residenceAddress: 'FLAT 1, 10 HARBOUR ROAD' },
    ...over,
  };
}

/** A statement of the new variant without an HK document (overseas proof and the promise). */
export async function statementData(c: TestClient, over: Data = {}): Promise<Data> {
  return {
    statementInfo: { type: 0, broker: 21, name: 'ZHANG SAN', account: '88001234' },
    documentInfo: { statement: [await uploadRef(c, 'UserApply')], idCardForeign: [await uploadRef(c)] },
    promise: true,
    ...over,
  };
}

/** Valid data for any step: the builders above for steps with rules, a marker object for the others. */
export async function validStepData(c: TestClient, step: StepName | string): Promise<Data> {
  switch (step) {
    case 'IDCARD':
      return idcardData(c);
    case 'BANKCARD':
      return bankcardData();
    case 'HK_IDCARD':
      return hkIdcardData(c);
    case 'USERINFO':
      return userinfoData();
    case 'PROOFADDRESS':
      return proofAddressData(c);
    case 'STATEMENT':
      return statementData(c);
    default:
      return { filled: step };
  }
}
