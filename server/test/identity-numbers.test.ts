/**
 * Identity squatting and enumeration (issue 12): a number saved by an application that was never submitted holds
 * nothing, so nobody can lock the real owner out by saving their number first; the first application submitted
 * with a number holds it (one unique index), and the others learn it with 150204 at their save or submit; the saves
 * that can answer 150204 are rate-limited per user and per address.
 */
import { ErrorCode, RATE_LIMITS, STEPS_OF, maskPhone, type StepName } from '@core/domain';
import { hkIdNumber } from '@core/domain/step-samples';
import { createTestApp, HOUR, MINUTE, type TestApp, type TestClient } from './helpers';
import { hkIdcardData, phoneOf, saveStep, startApp, stepUser, validStepData } from './step-fixtures';

let t: TestApp;
let user: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp();
  user = stepUser(t, '6', { start: 3300000 });
});
afterAll(() => t.close());

/** An hk application with every step saved, its HK ID number the one given. */
async function complete(c: TestClient, idNumber: string): Promise<string> {
  const appId = await startApp(c, 2);
  const steps = STEPS_OF.hk as readonly StepName[];
  for (const s of steps) {
    const data = s === 'HK_IDCARD' ? await hkIdcardData(c, { idNumber }) : await validStepData(c, s, appId);
    const res = await saveStep(c, appId, s, data);
    expect([s, res.body.error]).toEqual([s, undefined]);
  }
  return appId;
}

const submit = (c: TestClient, appId: string) => c.call('applySubmit', { appId });
const rowsOf = async (idNumber: string) =>
  (await t.db.query<{ app_id: string; held: boolean }>('SELECT app_id, held FROM identity_numbers WHERE id_number = $1 ORDER BY held DESC', [idNumber])).rows;

describe('a number saved by an application that was not submitted holds nothing', () => {
  it('a squatter saves the owner\'s number first: the owner still saves, submits and holds it; the squatter is refused', async () => {
    const number = hkIdNumber();
    const squatter = await user();
    const squatterApp = await startApp(squatter, 2);
    expect((await saveStep(squatter, squatterApp, 'HK_IDCARD', await hkIdcardData(squatter, { idNumber: number }))).body.error).toBeUndefined();

    const owner = await user();
    const ownerApp = await complete(owner, number);
    const submitted = await submit(owner, ownerApp);
    expect(submitted.body.error).toBeUndefined();
    expect(await rowsOf(number)).toEqual([
      { app_id: ownerApp, held: true },
      { app_id: squatterApp, held: false },
    ]);

    // the squatter's next save of the number, and any submit, meet the holder
    const again = await saveStep(squatter, squatterApp, 'HK_IDCARD', await hkIdcardData(squatter, { idNumber: number }));
    expect(again.body.error?.code).toBe(ErrorCode.ID_REGISTERED);
    expect(again.body.error?.data).toEqual({ phone: maskPhone(phoneOf(owner)) });
  });

  it('two applications with one number: the first submitted holds it, the second is refused at submit with 150204', async () => {
    const number = hkIdNumber();
    const a = await user();
    const b = await user();
    const appA = await complete(a, number);
    const appB = await complete(b, number);
    expect((await submit(b, appB)).body.error).toBeUndefined();
    const refused = await submit(a, appA);
    expect(refused.body.error?.code).toBe(ErrorCode.ID_REGISTERED);
    expect(refused.body.error?.data).toEqual({ phone: maskPhone(phoneOf(b)) });
    // nothing of the refused submit stayed: still editable, its number not held
    const detail = await a.call('applyDetail', { appId: appA });
    expect(detail.body.result.applyStatus).toBeLessThan(1200);
    expect((await rowsOf(number)).find((r) => r.app_id === appA)).toEqual({ app_id: appA, held: false });
  });

  it('the unique index holds when the look-up is passed (a race of two submits)', async () => {
    const number = hkIdNumber();
    const a = await user();
    const b = await user();
    const appA = await complete(a, number);
    const appB = await complete(b, number);
    const [ra, rb] = await Promise.all([submit(a, appA), submit(b, appB)]);
    const codes = [ra.body.error?.code, rb.body.error?.code].sort();
    expect(codes).toEqual([ErrorCode.ID_REGISTERED, undefined].sort());
    expect((await rowsOf(number)).filter((r) => r.held)).toHaveLength(1);
  });

  it('the holder saves its own number again after submitting (a returned application) without 150204', async () => {
    const number = hkIdNumber();
    const c = await user();
    const appId = await complete(c, number);
    expect((await submit(c, appId)).body.error).toBeUndefined();
    const other = await user();
    const otherApp = await startApp(other, 2);
    expect((await saveStep(other, otherApp, 'HK_IDCARD', await hkIdcardData(other, { idNumber: number }))).body.error?.code).toBe(ErrorCode.ID_REGISTERED);
  });
});

describe('the saves that can answer 150204 are rate-limited', () => {
  it(`per user: ${RATE_LIMITS.identitySave.perUser.max} an hour, the next one 100429 with Retry-After; drafts and other steps do not count`, async () => {
    t.clock.advance(HOUR + MINUTE);
    const c = await user();
    const appId = await startApp(c, 2);
    for (let i = 0; i < RATE_LIMITS.identitySave.perUser.max; i += 1) {
      const res = await saveStep(c, appId, 'HK_IDCARD', await hkIdcardData(c, { idNumber: hkIdNumber() }));
      expect(res.body.error).toBeUndefined();
    }
    expect((await saveStep(c, appId, 'HK_IDCARD', { idNumber: 'x' }, true)).body.error).toBeUndefined();
    const over = await saveStep(c, appId, 'HK_IDCARD', await hkIdcardData(c, { idNumber: hkIdNumber() }));
    expect([over.status, over.body.error?.code, over.body.error?.data?.scope]).toEqual([429, ErrorCode.RATE_LIMITED, 'user']);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // the limit lifts with the window (the session ended meanwhile: the same applicant logs in again)
    t.clock.advance(HOUR);
    const back = await t.login(phoneOf(c));
    expect((await saveStep(back, appId, 'HK_IDCARD', await hkIdcardData(back, { idNumber: hkIdNumber() }))).body.error).toBeUndefined();
  });
});
