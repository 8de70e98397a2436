import { BROKERS, BROKER_COUNT, BROKER_OTHER, brokerName, isBrokerCode, searchBrokers } from './brokers';
import { defaultLanguageFor, nationalityCheck, withPriority, BIRTH_PRIORITY } from './countries';
import { checkFiles, isAcceptedFile, sameFile, MAX_FILES } from './uploads';

describe('brokers', () => {
  test('46 entries coded 1 to 46, 32 is other', () => {
    expect(BROKERS).toHaveLength(BROKER_COUNT);
    expect(BROKERS.map((b) => b.code)).toEqual(Array.from({ length: 46 }, (_, i) => i + 1));
    expect(brokerName(BROKER_OTHER, 'en')).toBe('Other');
  });
  test.each([[0, false], [1, true], [46, true], [47, false], [1.5, false]])('code %p valid: %p', (c, ok) => expect(isBrokerCode(c)).toBe(ok));
  test('search in any language', () => {
    expect(searchBrokers('hsbc').map((b) => b.code)).toEqual([1]);
    expect(searchBrokers('滙豐').map((b) => b.code)).toEqual([1]);
    expect(searchBrokers('富途').map((b) => b.code)).toEqual([21]);
    expect(searchBrokers('')).toHaveLength(46);
  });
});

describe('countries', () => {
  test.each([['CN', 'china'], ['HK', 'ok'], ['GB', 'ok'], ['US', 'offline'], ['KP', 'offline']])('nationality %p → %p', (c, r) => expect(nationalityCheck(c)).toBe(r));
  test.each([['HK', 'zhTc'], ['CN', 'zhTc'], ['MO', 'zhTc'], ['TW', 'zhTc'], ['GB', 'en'], [undefined, 'en']])('statement language for %p → %p', (c, l) =>
    expect(defaultLanguageFor(c)).toBe(l),
  );
  test('priority countries first, in their order', () => {
    expect(withPriority(['AU', 'GB', 'CN', 'HK', 'SG', 'US', 'MO', 'TW'], BIRTH_PRIORITY)).toEqual(['CN', 'HK', 'MO', 'TW', 'US', 'GB', 'SG', 'AU']);
  });
});

describe('uploads', () => {
  test.each([
    [{ name: 'a.png', type: 'image/png' }, false, true],
    [{ name: 'a.pdf', type: 'application/pdf' }, false, true],
    [{ name: 'a.pdf', type: 'application/pdf' }, true, false],
    [{ name: 'a.gif', type: 'image/gif' }, false, false],
    [{ name: 'a.JPG', type: '' }, false, true],
    [{ name: 'a.heic', type: '' }, false, false],
  ])('%p imagesOnly %p → %p', (f, imagesOnly, ok) => expect(isAcceptedFile(f, imagesOnly)).toBe(ok));

  test('the same file is the same name, size and modified time', () => {
    const f = { name: 'a.png', size: 10, lastModified: 1 };
    expect(sameFile(f, { ...f })).toBe(true);
    expect(sameFile(f, { ...f, lastModified: 2 })).toBe(false);
    expect(sameFile(f, { ...f, size: 11 })).toBe(false);
  });

  const ref = (i: number) => ({ ossId: `file-${i}-abc` });
  test.each([
    [[], MAX_FILES.statement, 'fileRequired'],
    [[ref(1)], MAX_FILES.statement, null],
    [[ref(1), ref(2), ref(3)], MAX_FILES.statement, null],
    [[ref(1), ref(2), ref(3), ref(4)], MAX_FILES.statement, 'tooManyFiles'],
    [[ref(1), ref(2), ref(3), ref(4)], MAX_FILES.overseasId, null],
    [[{ ossId: 'x' }], 3, 'fileRequired'],
    ['nope', 3, 'fileRequired'],
  ])('files %p max %p → %p', (v, max, rule) => expect(checkFiles(v, max)).toBe(rule));
});
