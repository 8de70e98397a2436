import { ADDRESS_KEY_MAX, isLookupName, isRegionKey, normaliseLookupName } from './lookup';

describe('KYCKeyValue keys', () => {
  test.each([
    ['440305', true],
    ['000000', true],
    ['44030', false],
    ['4403051', false],
    ['44030X', false],
    ['４４０３０５', false],
    [' 440305', false],
    ['', false],
  ])('region key %j → %s', (key, ok) => expect(isRegionKey(key)).toBe(ok));

  test.each([
    ['张三', '张三', true],
    [' 欧阳 修 ', '欧阳修', true],
    ['阿依古丽•买买提', '阿依古丽·买买提', true],
    ['约翰・史密斯', '约翰·史密斯', true],
    ['𠀾明', '𠀾明', true],
    ['张'.repeat(100), '张'.repeat(100), true],
    ['张'.repeat(101), '张'.repeat(101), false],
    ['Zhang San', 'ZhangSan', false],
    ['张3', '张3', false],
    ['·张三', '·张三', false],
    ['张三·', '张三·', false],
    ['张··三', '张··三', false],
    ['·', '·', false],
    ['', '', false],
  ])('name %j → %j, valid %s', (raw, normalised, ok) => {
    expect(normaliseLookupName(raw)).toBe(normalised);
    expect(isLookupName(normaliseLookupName(raw))).toBe(ok);
  });

  test('an address key is at most 500 characters before encoding', () => expect(ADDRESS_KEY_MAX).toBe(500));
});
