/** The Hong Kong identity card's text → fields (vendors/ocr/hk-parse.ts): table tests over lines as OCR gives them. */
import { chineseNameOf, findBirth, findEnglishName, findHkIdNumber, isCodeLine, isHkIdFront } from '../src/vendors/ocr/hk-parse';

describe('findHkIdNumber: the number with a right check digit, look-alikes repaired', () => {
  test.each([
    ['the number line as printed', ['K123456(0)'], 'K1234560'],
    ['two letters', ['XA123456(9)'], ''],
    ['two letters, right check digit', ['XA123456(8)'], 'XA1234568'],
    ['check digit A', ['R123456(A)'], 'R123456A'],
    ['on one line with the date of issue', ['(01-79) 21-03-19 K123456(0)'], 'K1234560'],
    ['a doubled letter with a stray mark', ['(01-79) Y¥253086(2)'], 'Y2530862'],
    ['C read as €', [': €668899(1)'], 'C6688991'],
    ['Z read as 7, inside brackets', ['01-79) 7329629(7)'], 'Z3296297'],
    ['square brackets', ['K123456[0]'], 'K1234560'],
    ['an O for a zero in the digits', ['K1234S6(0)'], 'K1234560'],
    ['no brackets at all', ['K1234560'], 'K1234560'],
    ['a wrong check digit', ['K123456(1)'], ''],
    ['the commercial code line is no number (1074 1985 2896 would pass as I9852896)', ['1074 1985 2896'], ''],
    ['nor with groups joined and stray marks after it', ['10741985 2896 oT B'], ''],
    ['a date line is no number', ['12-03-1962 M'], ''],
    ['nothing', ['HONG KONG PERMANENT IDENTITY CARD', ''], ''],
  ])('%s', (_, lines, want) => expect(findHkIdNumber(lines)).toBe(want));

  test('the bottom line first: the card number wins over a number-like line above it', () => {
    expect(findHkIdNumber(['A123456(3)', 'K123456(0)'])).toBe('K1234560');
  });
});

describe('findEnglishName: SURNAME, Given Names', () => {
  test.each([
    ['CHAN, Tai Man', { surname: 'CHAN', givenNames: 'TAI MAN' }],
    ['SMITH, John Michael', { surname: 'SMITH', givenNames: 'JOHN MICHAEL' }],
    ['AU-YEUNG, Ka Ho', { surname: 'AU-YEUNG', givenNames: 'KA HO' }],
    ['CHAN. Tai Man', { surname: 'CHAN', givenNames: 'TAI MAN' }],
    ['"CHAN, Tai Man A', { surname: 'CHAN', givenNames: 'TAI MAN' }],
    ['LEE, A', { surname: 'LEE', givenNames: 'A' }],
    ['HONG KONG, Permanent', null],
    ['15-06-1988 M', null],
  ])('%s', (line, want) => expect(findEnglishName([line])).toEqual(want));
});

describe('findBirth: DD-MM-YYYY and the sex after it (not the date of issue, DD-MM-YY)', () => {
  test.each([
    [['15-06-1988 M'], { birthday: '1988-06-15', sex: 'M' }],
    [['01-12-2001 F'], { birthday: '2001-12-01', sex: 'F' }],
    [['(01-79) 21-03-19', '15-O6-1988'], { birthday: '1988-06-15', sex: '' }],
    [['31-02-1990 M'], { birthday: '', sex: '' }],
    [['(01-79) 21-03-19'], { birthday: '', sex: '' }],
  ])('%j', (lines, want) => expect(findBirth(lines)).toEqual(want));
});

test.each([
  ['7115 1129 2429', true],
  ['71151129 2429 oT B', true],
  ['7115', false],
  ['K123456(0)', false],
  ['15-06-1988 M', false],
])('isCodeLine %j: %p', (line, want) => expect(isCodeLine(line)).toBe(want));

test.each([
  [['陳 大 文'], '陳大文'],
  [['  歐陽 志 明 '], '歐陽志明'],
  [['香港永久性居民身份證'], ''],
  [['文'], ''],
  [['=A'], ''],
])('chineseNameOf %j', (lines, want) => expect(chineseNameOf(lines)).toBe(want));

test.each([
  [['HONG KONG PERMANENT IDENTITY CARD'], true],
  [['香港永久性居民身份證'], true],
  [['居民身份证'], true],
  [['中国建设银行', '6217 0012 3456 7890 122'], false],
])('isHkIdFront %j', (lines, want) => expect(isHkIdFront(lines)).toBe(want));
