import { hkIdAsPrinted, userInfoWithReading, type HkIdReading } from './hk-id-reading';

const reading: HkIdReading = { idNumber: 'K1234560', lastName: 'CHAN', firstName: 'TAI MAN', chineseName: '陳大文', birthday: '1988-06-15', gender: 1 };

test.each([
  ['K1234560', 'K123456(0)'],
  ['XA1234568', 'XA123456(8)'],
  ['R123456A', 'R123456(A)'],
  ['', ''],
])('%s is printed %s', (id, printed) => expect(hkIdAsPrinted(id)).toBe(printed));

describe('what the reading fills on USERINFO', () => {
  test.each<[string, Record<string, unknown> | undefined, Partial<HkIdReading>, Record<string, unknown>, string[]]>([
    ['nothing yet: every field read, the English name derived', undefined, {}, { chineseName: '陳大文', lastName: 'CHAN', firstName: 'TAI MAN', englishName: 'CHAN TAI MAN', birthday: '1988-06-15', gender: 1 }, ['chineseName', 'lastName', 'firstName', 'birthday', 'gender']],
    [
      'an answer given stays; only the empty fields are filled',
      { lastName: 'CHEN', email: 'a@b.hk', gender: 2 },
      {},
      { lastName: 'CHEN', firstName: 'TAI MAN', englishName: 'CHEN TAI MAN', email: 'a@b.hk', gender: 2, chineseName: '陳大文', birthday: '1988-06-15' },
      ['chineseName', 'firstName', 'birthday'],
    ],
    ['what was not read fills nothing', {}, { chineseName: '', birthday: '', gender: 0 }, { lastName: 'CHAN', firstName: 'TAI MAN', englishName: 'CHAN TAI MAN' }, ['lastName', 'firstName']],
    [
      'all answered already: nothing changes, the English name neither',
      { chineseName: '陈', lastName: 'A', firstName: 'B', englishName: 'A B', birthday: '1990-01-01', gender: 2 },
      {},
      { chineseName: '陈', lastName: 'A', firstName: 'B', englishName: 'A B', birthday: '1990-01-01', gender: 2 },
      [],
    ],
  ])('%s', (_, existing, change, data, filled) => {
    expect(userInfoWithReading(existing, { ...reading, ...change })).toEqual({ data, filled });
  });

  test('the saved answers given in are not changed', () => {
    const existing = { lastName: 'CHEN' };
    userInfoWithReading(existing, reading);
    expect(existing).toEqual({ lastName: 'CHEN' });
  });
});
