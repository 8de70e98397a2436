import { ErrorCode } from '@core/domain';
import { createTestApp, type TestApp, type TestClient } from './helpers';
import { issuesOf, startApp, stepSaver, stepUser, uploadRef } from './step-fixtures';

let t: TestApp;
let user: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp();
  user = stepUser(t, '7');
}, 60_000);
afterAll(() => t.close());

/** A real PDF upload of the caller (category UserApply, as the page's uploader sends it). */
const proofFile = (c: TestClient) => uploadRef(c, 'UserApply', true);

async function applicant(): Promise<{ c: TestClient; appId: string }> {
  const c = await user();
  return { c, appId: await startApp(c, 2) };
}

interface Over {
  country?: string;
  city?: string;
  address?: string;
  w8?: string;
  contact?: Record<string, unknown>;
  files?: unknown[];
}

function page(files: unknown[], o: Over = {}): Record<string, unknown> {
  const country = o.country ?? 'GB';
  const city = o.city ?? 'London';
  const address = o.address ?? 'Flat 1\n10 Downing Street';
  return {
    contactInfo: {
      residentialAddress: address,
      residentialAddressCountry: country,
      residentialAddressCity: city,
      mailingAddress: address,
      mailingAddressCountry: country,
      mailingAddressCity: city,
      mailingSameResidential: 1,
      ...o.contact,
    },
    documentInfo: { proofOfAddress: o.files ?? files },
    w8Info: { residenceAddress: o.w8 ?? 'FLAT 1 10 DOWNING STREET' },
  };
}

const save = stepSaver('PROOFADDRESS');

describe('ApplyUpdate PROOFADDRESS', () => {
  test('a complete page is saved exactly as sent, its files linked to the application', async () => {
    const { c, appId } = await applicant();
    const files = [await proofFile(c), await proofFile(c)];
    const res = await save(c, appId, page(files));
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    expect(res.body.result.nextStep).toBe('JOBSTATUS');
    expect(res.body.result.application.data.PROOFADDRESS).toEqual(page(files));
    const { rows } = await t.db.query<{ app_id: string }>('SELECT app_id FROM files WHERE oss_id = ANY($1::text[])', [files.map((f) => f.ossId)]);
    expect(rows.map((r) => r.app_id)).toEqual([appId, appId]);
  });

  test('HK and MO need no city; a Chinese address goes with its English rendering', async () => {
    const { c, appId } = await applicant();
    const files = [await proofFile(c)];
    const hk = page(files, { country: 'HK', city: '', address: '香港中環皇后大道中1號', w8: "1 QUEEN'S ROAD CENTRAL, CENTRAL, HONG KONG" });
    expect((await save(c, appId, hk)).body.error).toBeUndefined();
    const mo = page(files, { country: 'MO', city: '', address: 'Avenida da Praia Grande 1', w8: 'AVENIDA DA PRAIA GRANDE 1' });
    expect((await save(c, appId, mo)).body.error).toBeUndefined();
  });

  test.each([
    ['contactInfo.residentialAddressCountry', { country: 'gb' }, 'country'],
    ['contactInfo.residentialAddressCity', { city: '' }, 'required'],
    ['contactInfo.residentialAddressCity', { city: 'London 1' }, 'city'],
    ['contactInfo.residentialAddressCity', { city: 'L'.repeat(101) }, 'tooLong'],
    ['contactInfo.residentialAddress', { address: 'a'.repeat(501), w8: 'A'.repeat(501) }, 'tooLong'],
    ['contactInfo.mailingSameResidential', { contact: { mailingSameResidential: 0 } }, 'mustTick'],
    ['contactInfo.mailingAddress', { contact: { mailingAddress: 'elsewhere' } }, 'format'],
    ['documentInfo.proofOfAddress', { files: [] }, 'fileRequired'],
    ['w8Info.residenceAddress', { w8: 'flat 1, 10 downing street' }, 'format'],
    ['w8Info.residenceAddress', { address: '北京市朝阳区1号', w8: '北京' }, 'format'],
  ])('a bad %s (%j) → 100400 naming it', async (path, over, rule) => {
    const { c, appId } = await applicant();
    const res = await save(c, appId, page([await proofFile(c)], over as Over));
    expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.INVALID_INPUT]);
    expect(issuesOf(res)).toEqual([{ path: `data.${path}`, message: rule }]);
  });

  test('address 500 characters is saved, 4 files are too many', async () => {
    const { c, appId } = await applicant();
    const files = [await proofFile(c), await proofFile(c), await proofFile(c), await proofFile(c)];
    const long = page(files.slice(0, 3), { address: 'a'.repeat(500), w8: 'A'.repeat(500) });
    expect((await save(c, appId, long)).body.error).toBeUndefined();
    const four = await save(c, appId, page(files));
    expect(issuesOf(four)).toEqual([{ path: 'data.documentInfo.proofOfAddress', message: 'tooManyFiles' }]);
  });

  test('country codes must be ISO 3166-1 codes, residence and mailing alike (the service check)', async () => {
    const { c, appId } = await applicant();
    const res = await save(c, appId, page([await proofFile(c)], { country: 'XX' }));
    expect(res.status).toBe(400);
    expect(issuesOf(res)).toEqual([
      { path: 'data.contactInfo.residentialAddressCountry', message: 'country' },
      { path: 'data.contactInfo.mailingAddressCountry', message: 'country' },
    ]);
  });

  test("another user's proof file → 100403 and nothing saved", async () => {
    const owner = await user();
    const theirs = await proofFile(owner);
    const { c, appId } = await applicant();
    const res = await save(c, appId, page([theirs]));
    expect([res.status, res.body.error?.code]).toEqual([403, ErrorCode.FORBIDDEN]);
    expect((await c.call('applyDetail')).body.result.data.PROOFADDRESS).toBeUndefined();
  });

  test('a halfway save keeps an unticked, incomplete page as a draft', async () => {
    const { c, appId } = await applicant();
    const draft = { contactInfo: { residentialAddressCountry: 'GB', mailingSameResidential: 0 } };
    const res = await save(c, appId, draft, true);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    expect(res.body.result.application.data.drafts.PROOFADDRESS).toEqual(draft);
  });
});
