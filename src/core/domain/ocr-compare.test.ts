import { OCR_PLACES, compareOcr } from './ocr-compare';

const front = OCR_PLACES.find((p) => p.kind === 'idcardFront')!;
const bank = OCR_PLACES.find((p) => p.kind === 'bankcard')!;

describe('what the OCR read beside what was saved', () => {
  test('a field kept as read is not marked; one the applicant changed is', () => {
    const saved = { chineseName: '张三', idNumber: '110101199003074518', idAddress: '北京市东城区1号', gender: 1, birthday: '1990-03-07' };
    const read = { name: '张二', idNumber: '110101199003074518', idAddress: '北京市东城区1号', gender: 1, birthday: '1990-03-07' };
    expect(compareOcr(front, saved, read).filter((f) => f.changed)).toEqual([{ step: 'IDCARD', field: 'chineseName', read: '张二', saved: '张三', changed: true }]);
    expect(compareOcr(front, saved, read)).toHaveLength(5);
  });

  test.each([
    ['6222 0212 3456 7890', '6222021234567890', false],
    ['6222021234567890', '6222021234567891', true],
  ])('a card number read %s and saved %s: changed %s', (read, saved, changed) => {
    expect(compareOcr(bank, { bankInfo: { acctNumber: saved } }, { acctNumber: read })[0].changed).toBe(changed);
  });

  test('what the OCR left empty (the other side of a card) is left out; a value saved nowhere is shown as empty', () => {
    expect(compareOcr(front, {}, { name: '', idNumber: '', gender: 0, birthday: '1990-03-07' })).toEqual([{ step: 'IDCARD', field: 'birthday', read: '1990-03-07', saved: '', changed: true }]);
  });
});

describe('the Hong Kong identity card (issue 41): the number on its step, the names and birth date on USERINFO', () => {
  const hk = OCR_PLACES.filter((p) => p.kind === 'hkidFront');
  const read = { idNumber: 'K1234560', lastName: 'CHAN', firstName: 'TAI MAN', chineseName: '陳大文', birthday: '1988-06-15', gender: 1 };

  test('both places read the photo of HK_IDCARD; the fields are compared with the step that holds them', () => {
    expect(hk.map((p) => [p.step, p.photo, p.fieldStep ?? p.step])).toEqual([
      ['HK_IDCARD', 'documentInfo.nonMainlandDocument.front', 'HK_IDCARD'],
      ['HK_IDCARD', 'documentInfo.nonMainlandDocument.front', 'USERINFO'],
    ]);
    expect(compareOcr(hk[0], { idNumber: 'K1234560' }, read)).toEqual([{ step: 'HK_IDCARD', field: 'idNumber', read: 'K1234560', saved: 'K1234560', changed: false }]);
    const user = compareOcr(hk[1], { chineseName: '陳大文', lastName: 'CHAN', firstName: 'TAI-MAN', gender: 1, birthday: '1988-06-15' }, read);
    expect(user.map((f) => [f.step, f.field, f.changed])).toEqual([
      ['USERINFO', 'chineseName', false],
      ['USERINFO', 'lastName', false],
      ['USERINFO', 'firstName', true],
      ['USERINFO', 'birthday', false],
      ['USERINFO', 'gender', false],
    ]);
  });
});

describe("a passport's zone (issue 41): the number and issuing state on its step, the names and birth date on USERINFO", () => {
  const places = OCR_PLACES.filter((p) => p.kind === 'passport');
  const read = { idNumber: '533401372', issuingCountry: 'GB', nationality: 'GB', lastName: 'SMITH', firstName: 'JOHN PETER', birthday: '1985-04-12', gender: 1, expiry: '2031-09-30' };

  test('the issuing state is compared with the saved idCountry; nationality and expiry are not fields of the steps', () => {
    expect(places.map((p) => [p.step, p.photo, p.fieldStep ?? p.step])).toEqual([
      ['HK_IDCARD', 'documentInfo.nonMainlandDocument.front', 'HK_IDCARD'],
      ['HK_IDCARD', 'documentInfo.nonMainlandDocument.front', 'USERINFO'],
    ]);
    expect(compareOcr(places[0], { idNumber: '533401372', idCountry: 'IE' }, read)).toEqual([
      { step: 'HK_IDCARD', field: 'idNumber', read: '533401372', saved: '533401372', changed: false },
      { step: 'HK_IDCARD', field: 'idCountry', read: 'GB', saved: 'IE', changed: true },
    ]);
    expect(compareOcr(places[1], { lastName: 'SMITH', firstName: 'JOHN', birthday: '1985-04-12', gender: 1 }, read).map((f) => [f.field, f.changed])).toEqual([
      ['lastName', false],
      ['firstName', true],
      ['birthday', false],
      ['gender', false],
    ]);
  });
});
