import en from '../../../locales/en.json';
import zhCN from '../../../locales/zh-CN.json';
import zhTW from '../../../locales/zh-TW.json';
import { STEPS_OF, type StepName } from './steps';
import { derivativeFull, jobstatusSample, type SampleOptions } from './step-samples';
import { sampleApplicationData } from '../testing/application-samples';
import { changedRows, describeApplication, documentName, documentRank, readingInWords, type FieldRow, type Msg, type StepWords } from './case-words';

type Tree = { [k: string]: string | Tree };
const LOCALES: Record<string, Tree> = { en: en as Tree, 'zh-CN': zhCN as Tree, 'zh-TW': zhTW as Tree };
const has = (tree: Tree, id: string) => {
  let node: string | Tree | undefined = tree;
  for (const part of id.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string';
};

/** An application in memory with every step's sample. */
const application = sampleApplicationData;

/** Every leaf path of a value ("a.b[0].c" as "a.b.0.c"). */
function leaves(v: unknown, path = ''): string[] {
  if (Array.isArray(v)) return v.length ? v.flatMap((x, i) => leaves(x, `${path}.${i}`)) : [path];
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>);
    return entries.length ? entries.flatMap(([k, x]) => leaves(x, path ? `${path}.${k}` : k)) : [path];
  }
  return [path];
}

const covered = (words: StepWords, leaf: string) =>
  [...words.rows.flatMap((r) => r.covers), ...words.internal].some((p) => leaf === p || leaf.startsWith(`${p}.`));

const msgsOf = (rows: FieldRow[]): Msg[] => rows.flatMap((r) => [r.label, ...r.parts.flatMap((p) => ('msg' in p ? [p.msg] : []))]);

const CASES: Array<[string, 'cn' | 'hk', SampleOptions, number]> = [
  ['cn, margin', 'cn', {}, 0],
  ['cn, cash, AML hit', 'cn', { accountType: 1 }, 1],
  ['hk permanent, margin', 'hk', {}, 0],
  ['hk non-permanent, cash', 'hk', { permanent: 2, accountType: 1 }, 0],
];

describe('an application in words', () => {
  test.each(CASES)('%s: every saved field is described, every text is in the three languages', async (_name, kind, opts, hit) => {
    const { data, steps } = await application(kind, opts, hit);
    // the profile's other branches: not employed (funds and debts), the derivatives questionnaire answered yes
    data.JOBSTATUS = jobstatusSample({ employment: '3', companyName: '', officeAddress: '', industry: '', position: '', workLife: '', investFundsSource: '4,6', financialStatus: '1,3', financialStatusDetail: 'car loan', noDispute: '1' });
    (data.INVESTMENT as Record<string, unknown>).derivativeInfo = derivativeFull(true, { experienceRelated: { checked: 1 }, workExperience: { selectIndex: '2', selectContent: '' }, yearsParticipation: { selectIndex: '3', selectContent: '' } });
    // with evidence of the knowledge (issue 41): a file under two of the ticked boxes
    const evidenceFile = (id: string) => ({ ossId: `ev_${id}_abcdef`, url: '/x', description: `${id}.pdf`, ossCategory: 'UserApply' });
    (data.INVESTMENT as Record<string, unknown>).derivativeEvidence = { trainingCourse: [evidenceFile('course')], experienceRelated: [evidenceFile('letter'), evidenceFile('letter2')] };
    const words = describeApplication(data, steps, kind);
    const investment = words.find((w) => w.step === 'INVESTMENT')!.rows;
    expect(investment.find((r) => r.key === 'derivativeEvidence.experienceRelated')).toMatchObject({ label: { id: 'derivative.evidence.experienceRelated' }, parts: [{ file: 'ev_letter_abcdef' }, { file: 'ev_letter2_abcdef' }] });
    // right under its box's answer
    const keys = investment.map((r) => r.key);
    expect(keys.indexOf('derivativeEvidence.trainingCourse')).toBe(keys.indexOf('derivativeInfo.trainingCourse') + 1);
    expect(words.map((w) => w.step)).toEqual(steps);
    const missing = words.flatMap((w) => leaves(data[w.step]).filter((leaf) => !covered(w, leaf)).map((leaf) => `${w.step}.${leaf}`));
    expect(missing).toEqual([]);
    const ids = [...new Set(words.flatMap((w) => msgsOf(w.rows)).map((m) => m.id))];
    for (const [lang, tree] of Object.entries(LOCALES)) expect({ lang, missing: ids.filter((id) => !has(tree, id)) }).toEqual({ lang, missing: [] });
    // no row shows a bare code: a coded answer is a message, a country or a file, never its number as text
    const coded = ['gender', 'idType', 'employmentInfo.degree', 'financialInfo.netAsset', 'accountType', 'marketOpen'];
    for (const w of words) for (const r of w.rows.filter((x) => coded.includes(x.key))) expect(r.parts.every((p) => !('text' in p))).toBe(true);
  });

  test('each option code of the profile becomes its text', async () => {
    const { data, steps } = await application('hk');
    const rows = describeApplication(data, steps, 'hk').flatMap((w) => w.rows);
    const row = (key: string) => rows.find((r) => r.key === key)!;
    expect(row('employmentInfo.degree').parts).toEqual([{ msg: { id: 'job.degree.4' } }]);
    expect(row('financialInfo.netAsset').parts).toEqual([{ msg: { id: 'finance.asset.HKD.2' } }]);
    expect(row('financialInfo.fundsSource').parts).toEqual([{ msg: { id: 'finance.funds.1' } }, { msg: { id: 'finance.funds.2' } }]);
    expect(row('marketOpen').parts).toEqual([{ msg: { id: 'account.markets.hk' } }, { msg: { id: 'account.markets.us' } }, { msg: { id: 'account.markets.stockConnect' } }]);
    expect(row('identityExposureInfo.1').label).toEqual({ id: 'disclosure.items.notUsPerson' });
    expect(row('idType').parts).toEqual([{ msg: { id: 'hkid.docType.hkId' } }]);
  });

  test('a mainland applicant’s bands are in RMB', async () => {
    const { data, steps } = await application('cn');
    const income = describeApplication(data, steps, 'cn').flatMap((w) => w.rows).find((r) => r.key === 'financialInfo.annualIncome');
    expect(income?.parts).toEqual([{ msg: { id: 'finance.income.RMB.2' } }]);
  });
});

describe('what changed between two versions', () => {
  test('a changed answer, a new document, nothing else', async () => {
    const { data: before, steps } = await application('hk');
    const after = structuredClone(before);
    (after.FINANCE as { financialInfo: Record<string, string> }).financialInfo.netAsset = '3';
    (after.PROOFADDRESS as { documentInfo: { proofOfAddress: unknown[] } }).documentInfo.proofOfAddress = [{ ossId: 'new-proof', url: '', description: 'p.pdf', ossCategory: 'UserApply' }];
    const changes = changedRows(before, after, steps, 'hk');
    expect(changes.map((c) => `${c.step}.${c.key}`)).toEqual(['PROOFADDRESS.documentInfo.proofOfAddress', 'FINANCE.financialInfo.netAsset']);
    expect(changes[1]).toMatchObject({ before: [{ msg: { id: 'finance.asset.HKD.2' } }], after: [{ msg: { id: 'finance.asset.HKD.3' } }], newFiles: [] });
    expect(changes[0].newFiles).toEqual(['new-proof']);
  });

  test('the same data: no change', async () => {
    const { data, steps } = await application('cn');
    expect(changedRows(data, structuredClone(data), steps, 'cn')).toEqual([]);
  });
});

describe('an OCR reading in the words of its step (the desk shows "Female", never 2)', () => {
  test('a coded field read as a number string is described by its option; a name by the row that holds it', async () => {
    const { data } = await application('hk');
    const user = data.USERINFO as { gender: number; lastName: string; firstName: string };
    const genderRow = describeApplication(data, ['USERINFO'], 'hk')[0].rows.find((r) => r.covers.includes('gender'))!;
    const other = user.gender === 1 ? 2 : 1;
    const read = readingInWords('USERINFO', data, 'hk', 'gender', String(other));
    expect(read).not.toEqual(genderRow.parts);
    expect(read).toEqual([{ msg: { id: other === 1 ? 'userinfo.male' : 'userinfo.female' } }]);
    // the saved data is not touched
    expect(user.gender).not.toBe(other);
    expect(JSON.stringify(readingInWords('USERINFO', data, 'hk', 'lastName', 'WONG'))).toContain('WONG');
    expect(readingInWords('USERINFO', data, 'hk', 'noSuchField', 'x')).toBeNull();
  });

  test("a passport's issuing country read by OCR (issue 41) is a country's name, not its code", async () => {
    const { data } = await application('hk');
    expect(readingInWords('HK_IDCARD', data, 'hk', 'idCountry', 'GB')).toEqual([{ country: 'GB' }]);
  });

  test('nothing saved yet: a small code is still read as its option', async () => {
    const { data } = await application('hk');
    const without = { ...data, USERINFO: { ...(data.USERINFO as object), gender: undefined } };
    expect(readingInWords('USERINFO', without, 'hk', 'gender', '1')).toEqual([{ msg: { id: 'userinfo.male' } }]);
  });
});

describe('documents by what they are', () => {
  const data = { HK_IDCARD: { idType: 1, idCountry: 'MO' } };
  test.each([
    [{ step: 'IDCARD', path: 'documentInfo.idCard.front' }, { id: 'desk.doc.idCard.front' }],
    [{ step: 'IDCARD', path: 'documentInfo.CropIdCard.back' }, { id: 'desk.doc.idCardCropped.back' }],
    [{ step: 'HK_IDCARD', path: 'documentInfo.nonMainlandDocument.back' }, { id: 'desk.doc.macauId.back' }],
    [{ step: 'HK_IDCARD', path: 'documentInfo.idCard[1]' }, { id: 'desk.doc.permanentProof', values: { n: 2 } }],
    [{ step: 'PROOFADDRESS', path: 'documentInfo.proofOfAddress[0]' }, { id: 'desk.doc.proofOfAddress', values: { n: 1 } }],
    [{ step: 'INVESTMENT', path: 'derivativeEvidence.trainingCourse[1]' }, { id: 'desk.doc.derivativeEvidence.trainingCourse', values: { n: 2 } }],
    [{ step: 'SELECTACCOUNT', path: 'derivativeEvidence.derivativeProducts[0]' }, { id: 'desk.doc.derivativeEvidence.derivativeProducts', values: { n: 1 } }],
    [{ step: 'DOCUMENTS', path: 'w8ben' }, { id: 'caApply.docs.w8ben' }],
    [{ step: 'WITNESS', path: 'addressFiles[2]' }, { id: 'desk.doc.witnessAddress', values: { n: 3 } }],
    [{ step: 'FACE', path: '12' }, { id: 'desk.doc.faceCheckFrame', values: { n: '12' } }],
  ] as const)('%j', (ref, expected) => {
    const name = documentName(ref, data);
    expect(name).toEqual(expected);
    for (const tree of Object.values(LOCALES)) expect(has(tree, name.id)).toBe(true);
  });

  test('the identity document’s front comes first, its back next, the generated ones last', () => {
    const refs = [
      { step: 'DOCUMENTS', path: 'w8ben' },
      { step: 'IDCARD', path: 'documentInfo.idCard.back' },
      { step: 'BANKCARD', path: 'documentInfo.bankCard[0]' },
      { step: 'IDCARD', path: 'documentInfo.CropIdCard.back' },
      { step: 'IDCARD', path: 'documentInfo.CropIdCard.front' },
      { step: 'IDCARD', path: 'documentInfo.idCard.front' },
    ];
    expect([...refs].sort((a, b) => documentRank(a) - documentRank(b)).map((r) => r.path)).toEqual(['documentInfo.idCard.front', 'documentInfo.idCard.back', 'documentInfo.CropIdCard.front', 'documentInfo.CropIdCard.back', 'documentInfo.bankCard[0]', 'w8ben']);
  });
});

// a new step must get its words: the table is typed by StepName, and every step of both flows is described above
const _everyStep: StepName[] = [...STEPS_OF.cn, ...STEPS_OF.hk];
void _everyStep;
