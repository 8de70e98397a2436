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
