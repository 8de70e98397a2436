/**
 * The service tests' side of the step samples: the valid data of src/core/domain/step-samples.ts (shared with the
 * domain tests and the e2e prefill) built with real uploads of the caller, identity numbers unique in the test
 * database and the caller's application read with ApplyDetail; plus the small call helpers the step tests share.
 */
import { CALLS, ErrorCode, STEP_VERSION, isStepName, todayInHongKong, type ApplicationView, type StepName } from '@core/domain';
import { stepContextOfApp, type StepContext } from '@core/domain/step-rules/types';
import {
  bankcardSample,
  financeSample,
  hkIdcardSample,
  idcardSample,
  investmentSample,
  jobstatusSample,
  proofAddressSample,
  sampleStep,
  selectAccountSample,
  statementSample,
  taxInfoSample,
  userinfoSample,
  type SampleSource,
} from '@core/domain/step-samples';
import sharp from 'sharp';
import { userMaker, type CallResult, type TestApp, type TestClient } from './helpers';
import { testPdf, testPng } from './upload-fixtures';

/** A real (small) PNG and one-page PDF: the service decodes and re-encodes images and parses PDFs (files/clean.ts). */
export const PNG = testPng();
export const PDF = (n: number) => testPdf(`document ${n}`);

export interface Ref {
  ossId: string;
  url: string;
  description: string;
  ossCategory: 'UserInfo' | 'UserApply';
}

let seq = 0;
const next = () => ++seq + Math.floor(Math.random() * 1000) * 1000;

/** A drawn signature as the pad exports it: dark ink strokes on white, 600x200. */
export async function signaturePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="600" height="200" fill="#fff"/>
    <path d="M40 140 C 90 40, 140 40, 170 130 S 260 170, 300 80 S 380 40, 420 140 S 520 150, 560 90" stroke="#111" stroke-width="7" fill="none" stroke-linecap="round"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The caller's signature upload (UserApply, named as the pad names it). */
export async function signatureRef(c: TestClient): Promise<Ref> {
  const description = '85261234567_signature.png';
  const res = await c.upload(`${CALLS.upload.path}/UserApply`, { filename: description }, await signaturePng());
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return { ossId: res.body.result.ossId, url: res.body.result.ossUrl, description, ossCategory: 'UserApply' };
}

/** Hears the application's risk track (fetches the audio, moves the test clock past its length) and confirms it: the disclosureId. */
export async function heardRisk(c: TestClient, appId: string): Promise<string> {
  const list = await c.call('riskAudioList', { appId });
  expect([list.status, list.body.error]).toEqual([200, undefined]);
  const track = list.body.result.items[0] as { id: string; audioOssId: string; durationMs: number };
  const media = await c.inject({ method: 'GET', url: `${CALLS.riskMedia.path}?id=${track.audioOssId}` });
  expect(media.statusCode).toBe(200);
  (c.clock as { advance?: (ms: number) => void }).advance?.(track.durationMs);
  const confirmed = await c.call('applyRiskConfirm', { appId, disclosureId: track.id });
  expect([confirmed.status, confirmed.body.error]).toEqual([200, undefined]);
  return track.id;
}

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

export { cnIdNumber, hkIdNumber, BANK_CARD } from '@core/domain/step-samples';

/**
 * Marks an application as submitted, so that the identity numbers it saved are held, without saving every step
 * (server/test/identity-numbers.test.ts goes through ApplySubmit itself).
 */
export async function markSubmitted(t: TestApp, appId: string): Promise<void> {
  await t.db.query('UPDATE applications SET submitted_at = now() WHERE app_id = $1', [appId]);
  await t.db.query('UPDATE identity_numbers SET held = true WHERE app_id = $1', [appId]);
}

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
  return { ...idcardSample({ front, back, cropFront, cropBack }), ...over };
}

export const bankcardData = (over: Data = {}): Data => ({ ...bankcardSample(), ...over });

export async function hkIdcardData(c: TestClient, over: Data = {}): Promise<Data> {
  return { ...hkIdcardSample(await uploadRef(c)), ...over };
}

export const userinfoData = (over: Data = {}): Data => ({ ...userinfoSample(), ...over });

export async function proofAddressData(c: TestClient, over: Data = {}): Promise<Data> {
  return { ...proofAddressSample(await uploadRef(c, 'UserApply', true)), ...over };
}

/** A statement of the new variant without an HK document (overseas proof and the promise). */
export async function statementData(c: TestClient, over: Data = {}): Promise<Data> {
  return { ...statementSample(await uploadRef(c, 'UserApply'), await uploadRef(c)), ...over };
}

// ---------------------------------------------------------------- profile and suitability steps (part 2)

/** The caller's application (the active one unless appId is given), as ApplyDetail answers it. */
export async function appView(c: TestClient, appId?: string): Promise<ApplicationView> {
  const res = await c.call('applyDetail', appId ? { appId } : undefined);
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  expect(res.body.result).not.toBeNull();
  return res.body.result as ApplicationView;
}

/** The step rules' context of the caller's application today (test clock). */
export async function appContext(c: TestClient, appId?: string): Promise<StepContext> {
  return stepContextOfApp(await appView(c, appId), todayInHongKong(c.clock.now()));
}

/** Employed, with a company typed by hand: valid at every age of 18 or more. `over` changes employmentInfo. */
export const jobstatusData = jobstatusSample;

/** Unemployed with a housing loan and another debt (the fund-source branch). `over` changes employmentInfo. */
export const jobstatusFundsData = (over: Data = {}): Data => ({
  employmentInfo: { degree: '3', employment: '5', investFundsSource: '1,6', financialStatus: '2,3', financialStatusDetail: 'Car loan', noDispute: '1', ...over },
});

export const financeData = financeSample;
export { derivativeFull, taxPage, type TaxRow } from '@core/domain/step-samples';
export const investmentData = investmentSample;

/** A margin account (unless `accountType`) with the fixed markets of the application, fund trade when forced. */
export async function selectAccountData(c: TestClient, appId?: string, over: Data = {}): Promise<Data> {
  return { ...selectAccountSample(await appContext(c, appId)), ...over };
}

/** The samples' source for the caller's application: real uploads, its AML check, its context on the test clock. */
export function sampleSource(c: TestClient, appId?: string): SampleSource {
  return {
    // the ID card's portrait side is a plain PNG here (the face check's own tests use cards with a face)
    file: (category, kind) => (kind === 'signature' ? signatureRef(c) : uploadRef(c, category, kind === 'pdf')),
    riskDisclosure: async () => heardRisk(c, (await appView(c, appId)).appId),
    amlCheck: async () => {
      const view = await appView(c, appId);
      const aml = await c.call('applyAmlCheck', { appId: view.appId });
      expect([aml.status, aml.body.error]).toEqual([200, undefined]);
      return aml.body.result as { hitStatus: number; amlInfoId: string };
    },
    context: () => appContext(c, appId),
    now: () => new Date(c.clock.now()),
    // the certificate documents generated by the service (ApplyDocument) for CAAPPLY
    caDocument: async (document) => {
      const res = await c.call('applyDocument', { appId: (await appView(c, appId)).appId, document });
      expect([res.status, res.body.error]).toEqual([200, undefined]);
      return res.body.result.ossId as string;
    },
  };
}

/** Every disclosure item of the saved account type answered yes, with this application's AML check (confirmed on a hit). */
export async function disclosureData(c: TestClient, appId?: string, over: Data = {}): Promise<Data> {
  return { ...(await sampleStep('IDENTITYEXPOSURE', sampleSource(c, appId))), ...over };
}

/** A tax file of the caller (UserApply PDF) for a row's country. */
export async function taxFile(c: TestClient, country: string): Promise<Ref & { taxInfoCountryCode: string }> {
  return { ...(await uploadRef(c, 'UserApply', true)), taxInfoCountryCode: country };
}

/**
 * Tax rows of the application: the identity documents' countries and numbers first (no file needed), as many
 * as the minimum (a non-permanent resident's two); without identity documents one row with a typed number and a file.
 */
export async function taxInfoData(c: TestClient, appId?: string, over: Data = {}): Promise<Data> {
  return { ...(await taxInfoSample(await appContext(c, appId), (country) => taxFile(c, country))), ...over };
}

/**
 * LIVINGWITNESS: a passed face check of the application and the caller's certification picture (UserApply). The
 * check row is written here as the face check of issue 11 will write it (the service has no producer of it yet).
 */
export async function livingWitnessData(c: TestClient, appId?: string, over: Data = {}): Promise<Data> {
  const picture = await uploadRef(c, 'UserApply');
  const id = (await appView(c, appId)).appId;
  const { rows } = await c.app.deps.db.query<{ id: string }>('INSERT INTO face_checks (app_id, passed, image_oss_id) VALUES ($1, true, $2) RETURNING id', [id, picture.ossId]);
  return { livingBodyVerifyId: Number(rows[0].id), documentInfo: { livingBodyCertificationPicture: picture }, ...over };
}

/**
 * Valid data for any step (the samples of src/core/domain/step-samples.ts, with real uploads of the caller);
 * LIVINGWITNESS with a passed face check written as issue 11's check will; CAAPPLY with the documents the service
 * generates; a marker object for a name that is not a step.
 * The profile steps read the caller's application (appId, or the active one).
 */

export async function validStepData(c: TestClient, step: StepName | string, appId?: string): Promise<Data> {
  if (step === 'LIVINGWITNESS') return livingWitnessData(c, appId);
  if (!isStepName(step)) return { filled: step };
  return sampleStep(step as StepName, sampleSource(c, appId));
}
