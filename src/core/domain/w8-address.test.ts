import { checkW8Address, W8_ADDRESS_MAX, w8Address, w8AddressDropped } from './w8-address';

describe('the W-8BEN address line', () => {
  test.each([
    ['a Hong Kong floor and a short road name', '12/F, 88 Harbour Rd.', '12 F 88 HARBOUR RD', ''],
    ['an apostrophe joins its word', "Room 8, 20/F, 1 Queen's Road Central", 'ROOM 8 20 F 1 QUEENS ROAD CENTRAL', ''],
    ['a curly apostrophe too', '5 queen’s road', '5 QUEENS ROAD', ''],
    ['a flat with a hyphen and a hash', 'Flat 3-B, Block #2 (East)', 'FLAT 3 B BLOCK 2 EAST', ''],
    ['lines of an address', 'Flat 1\n10 Downing Street\r\nLondon', 'FLAT 1 10 DOWNING STREET LONDON', ''],
    ['runs of spaces and tabs, spaces at the ends', '  10   Harbour\t Road  ', '10 HARBOUR ROAD', ''],
    ['lower case', 'flat a 12 f 88 harbour road', 'FLAT A 12 F 88 HARBOUR ROAD', ''],
    ['accents dropped from their letters', 'Rua São João 45, Coimbrã', 'RUA SAO JOAO 45 COIMBRA', ''],
    ['French and German letters', 'Château-d’Œx, Königstraße 7', 'CHATEAU DOEX KONIGSTRASSE 7', ''],
    ['Nordic and Polish letters', 'Søndre gate 1, Łódź', 'SONDRE GATE 1 LODZ', ''],
    ['full-width letters and digits', 'ＦＬＡＴ　１２', 'FLAT 12', ''],
    ['Chinese characters dropped, named', '香港中環皇后大道中1號 Queen’s Road', '1 QUEENS ROAD', '香港中環皇后大道號'],
    ['only Chinese: nothing left', '香港灣仔', '', '香港灣仔'],
    ['other scripts dropped too', 'ул. Ленина 5', '5', 'улЛениа'],
    ['already a W-8BEN line: unchanged', 'FLAT A 12 F 88 HARBOUR ROAD', 'FLAT A 12 F 88 HARBOUR ROAD', ''],
  ])('%s: %p → %p', (_what, raw, line, dropped) => {
    expect(w8Address(raw)).toBe(line);
    expect(w8AddressDropped(raw)).toBe(dropped);
    // the line passes the rule (or is empty), and cleaning it again changes nothing
    expect(checkW8Address(line)).toBe(line ? null : 'required');
    expect(w8Address(line)).toBe(line);
  });

  test('while typing one space at the end stays (the next word can be typed), never at the start or two', () => {
    expect(w8Address('12/F, ', { typing: true })).toBe('12 F ');
    expect(w8Address('12/F,  88 ', { typing: true })).toBe('12 F 88 ');
    expect(w8Address(' ', { typing: true })).toBe('');
    expect(w8Address('12/F, ')).toBe('12 F');
  });

  test(`at most ${W8_ADDRESS_MAX} characters`, () => {
    expect(w8Address('a'.repeat(W8_ADDRESS_MAX + 1))).toBe('A'.repeat(W8_ADDRESS_MAX));
    expect(checkW8Address('A'.repeat(W8_ADDRESS_MAX))).toBeNull();
    expect(checkW8Address('A'.repeat(W8_ADDRESS_MAX + 1))).toBe('tooLong');
  });

  test.each([
    ['12 F 88 HARBOUR RD', null],
    ['12/F, 88 Harbour Rd.', 'w8Address'],
    ['12 f 88 harbour rd', 'w8Address'],
    ['12 F  88', 'w8Address'],
    ['灣仔 12 F', 'noChinese'],
    ['', 'required'],
    ['   ', 'required'],
    [undefined, 'required'],
    [12, 'format'],
  ])('the rule the service checks: %p → %p', (v, rule) => expect(checkW8Address(v)).toBe(rule));
});
