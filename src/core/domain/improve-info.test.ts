import { IMPROVE_ITEMS, improveContextOf, improvePrefillOf, parseImproveItems, validateImproveAnswers, type ImproveContext, type ImproveItem } from './improve-info';
import { LONG_TERM } from './identity';

const ctx: ImproveContext = { today: '2026-06-15', clientType: 'hk', birthday: '1990-05-04', employment: '1' };
const employed = (over: Record<string, unknown> = {}) => ({ employment: '1', companyName: 'Harbour View Trading Limited', officeAddress: '88 Queensway, Admiralty', industry: '34', position: '4', ...over });
const funds = (over: Record<string, unknown> = {}) => ({ fundsSource: '1,2', wealthSource: '1', ...over });
const tax = (over: Record<string, unknown> = {}) => ({ rows: [{ countryCode: 'HK', taxNumber: 'K1234567' }], confirmed: true, ...over });
const doc = (over: Record<string, unknown> = {}) => ({ files: [{ ossId: 'file0001' }], validUntil: '2030-01-31', ...over });
const all = { employment: employed(), funds: funds(), taxResidency: tax(), idDocument: doc() };
const rules = (answers: Record<string, unknown>, items: readonly ImproveItem[] = IMPROVE_ITEMS, c = ctx) => validateImproveAnswers(items, answers, c).map((i) => `${i.field}:${i.rule}`);

describe('improve info', () => {
  test('every item answered by its rules: no issues', () => expect(rules(all)).toEqual([]));

  test('an item not answered is required; an answer to an item not asked is refused', () => {
    expect(rules({ employment: employed() }, ['employment', 'funds'])).toEqual(['funds:required']);
    expect(rules({ employment: employed(), idDocument: doc() }, ['employment'])).toEqual(['idDocument:choice']);
    expect(rules({ employment: 'employed' }, ['employment'])).toEqual(['employment:required']);
  });

  test.each([
    ['unknown employment', { employment: '6' }, ['employment.employment:choice']],
    ['employed without an employer', { companyName: '' }, ['employment.companyName:required']],
    ['an employer typed in 3 letters', { companyName: 'ABC' }, ['employment.companyName:tooShort']],
    ['an office address that is the name again', { officeAddress: 'harbour view trading limited' }, ['employment.officeAddress:sameAsName']],
    ['an unknown industry', { industry: '99' }, ['employment.industry:choice']],
    ['a position of the self-employed for the employed', { position: '6' }, ['employment.position:choice']],
    ['a student with employer fields', { employment: '4' }, ['employment.companyName:choice', 'employment.officeAddress:choice', 'employment.industry:choice', 'employment.position:choice']],
    ['an unknown field', { salary: '1' }, ['employment.salary:choice']],
  ])('employment: %s', (_, over, expected) => expect(rules({ employment: employed(over) }, ['employment'])).toEqual(expected));

  test('retired is offered from 30, as on the employment step', () => {
    expect(rules({ employment: { employment: '3' } }, ['employment'], { ...ctx, birthday: '1997-06-16' })).toEqual(['employment.employment:notOffered']);
    expect(rules({ employment: { employment: '3' } }, ['employment'], { ...ctx, birthday: '1996-06-15' })).toEqual([]);
  });

  test.each([
    ['no source of funds', { fundsSource: '' }, ['funds.fundsSource:needOne']],
    ['an unknown wealth source', { wealthSource: '9' }, ['funds.wealthSource:choice']],
    ['other without a description', { wealthSource: '1,6' }, ['funds.wealthDetail:required']],
    ['other described', { wealthSource: '6', wealthDetail: 'Sale of a family business' }, []],
    ['a description over 200', { wealthSource: '6', wealthDetail: 'x'.repeat(201) }, ['funds.wealthDetail:tooLong']],
    ['a description without other', { wealthDetail: 'x' }, ['funds.wealthDetail:choice']],
  ])('funds: %s', (_, over, expected) => expect(rules({ funds: funds(over) }, ['funds'])).toEqual(expected));

  test('salary is a source only for the employed: the request\'s own employment answer, else the one on file', () => {
    expect(rules({ funds: funds() }, ['funds'], { ...ctx, employment: '4' })).toEqual(['funds.fundsSource:notOffered']);
    expect(rules({ employment: { employment: '5' }, funds: funds() }, ['employment', 'funds'])).toEqual(['funds.fundsSource:notOffered']);
    expect(rules({ employment: employed(), funds: funds() }, ['employment', 'funds'], { ...ctx, employment: '5' })).toEqual([]);
  });

  test.each([
    ['no rows', { rows: [] }, ['taxResidency.rows:required']],
    ['six rows', { rows: ['HK', 'GB', 'SG', 'JP', 'FR', 'DE'].map((c) => ({ countryCode: c, taxNumber: '1' })) }, ['taxResidency.rows:tooManyRows']],
    ['a country twice', { rows: [{ countryCode: 'HK', taxNumber: 'K1' }, { countryCode: 'HK', taxNumber: 'K2' }] }, ['taxResidency.rows.1.countryCode:duplicateCountry']],
    ['an unknown country', { rows: [{ countryCode: 'hk', taxNumber: 'K1' }] }, ['taxResidency.rows.0.countryCode:country']],
    ['a number with spaces', { rows: [{ countryCode: 'HK', taxNumber: 'K 1234567' }] }, ['taxResidency.rows.0.taxNumber:format']],
    ['no number', { rows: [{ countryCode: 'HK', taxNumber: '' }] }, ['taxResidency.rows.0.taxNumber:required']],
    ['not confirmed', { confirmed: false }, ['taxResidency.confirmed:mustTick']],
  ])('tax residence: %s', (_, over, expected) => expect(rules({ taxResidency: tax(over) }, ['taxResidency'])).toEqual(expected));

  test.each([
    ['no file', { files: [] }, ['idDocument.files:fileRequired']],
    ['four files', { files: ['a', 'b', 'c', 'd'].map((x) => ({ ossId: `file000${x}` })) }, ['idDocument.files:tooManyFiles']],
    ['a malformed file', { files: [{ ossId: '../x' }] }, ['idDocument.files:fileRequired']],
    ['expired yesterday', { validUntil: '2026-06-14' }, ['idDocument.validUntil:idExpired']],
    ['expiring today', { validUntil: '2026-06-15' }, ['idDocument.validUntil:idExpired']],
    ['valid from tomorrow on', { validUntil: '2026-06-16' }, []],
    ['without an expiry date', { validUntil: LONG_TERM }, []],
    ['no date', { validUntil: '' }, ['idDocument.validUntil:required']],
    ['not a date', { validUntil: '2026-02-30' }, ['idDocument.validUntil:date']],
  ])('identity document: %s', (_, over, expected) => expect(rules({ idDocument: doc(over) }, ['idDocument'])).toEqual(expected));

  test.each([
    ['employment,funds', ['employment', 'funds']],
    ['idDocument, employment,employment', ['employment', 'idDocument']],
    ['', null],
    ['employment,address', null],
  ])('staff items %j', (text, items) => expect(parseImproveItems(text)).toEqual(items));

  test('the context and what is on file come from the opening application', () => {
    const data = {
      USERINFO: { birthday: '1990-05-04' },
      JOBSTATUS: { employmentInfo: employed({ workLife: '2', degree: '4' }) },
      FINANCE: { financialInfo: { fundsSource: '1,2', annualIncome: '2' } },
      TAXINFO: { frontInfo: { RAW_taxInfo: [{ countryCode: 'HK', taxNumber: 'K1234567', taxCountry: 'HK' }] } },
    };
    expect(improveContextOf('hk', data, '2026-06-15')).toEqual({ today: '2026-06-15', clientType: 'hk', birthday: '1990-05-04', employment: '1' });
    expect(improveContextOf('cn', null, '2026-06-15')).toEqual({ today: '2026-06-15', clientType: 'cn', birthday: null, employment: null });
    expect(improvePrefillOf(data)).toEqual({ employment: employed(), funds: { fundsSource: '1,2' }, taxResidency: { rows: [{ countryCode: 'HK', taxNumber: 'K1234567' }] } });
    expect(improvePrefillOf(undefined)).toEqual({});
  });
});
