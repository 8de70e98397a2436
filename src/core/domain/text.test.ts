import { badTextPath, isCleanText } from './text';

describe('isCleanText', () => {
  it.each([
    ['plain', 'Chan Tai Man', true],
    ['CJK', '陳大文 灣仔港灣道88號', true],
    ['an emoji (a surrogate pair)', 'ok 😀', true],
    ['tab and new line', 'a\tb\nc', true],
    ['empty', '', true],
    ['NUL', 'a\u0000b', false],
    ['NUL alone', '\u0000', false],
    ['a lone high surrogate', 'a\ud800b', false],
    ['a high surrogate at the end', 'abc\udbff', false],
    ['a lone low surrogate', '\udc00x', false],
    ['two high surrogates then a low one', '\ud800\ud800\udc00', false],
    ['a reversed pair', '\ude00\ud83d', false],
  ])('%s', (_name, s, clean) => {
    expect(isCleanText(s)).toBe(clean);
  });
});

describe('badTextPath', () => {
  it.each([
    ['a clean object', { a: 'x', b: [1, 'y', { c: '陳' }], d: null, e: true }, null],
    ['a bad top-level value', { name: 'a\u0000' }, 'name'],
    ['a bad nested value', { data: { rows: [{ x: 'ok' }, { x: '\ud800' }] } }, 'data.rows.1.x'],
    ['a bad key', { data: { 'k\u0000': 'v' } }, 'data.k\u0000'],
    ['a bare bad string', '\udc00', ''],
    ['the first of two', { a: '\u0000', b: '\u0000' }, 'a'],
    ['numbers and booleans are not text', { n: 0, b: false }, null],
  ])('%s', (_name, value, path) => {
    expect(badTextPath(value)).toBe(path);
  });

  it('stops at the depth limit (the schema refuses deeper values)', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 40; i += 1) deep = { a: deep };
    expect(badTextPath(deep)).toBeNull();
    expect(badTextPath(deep, '', 64)).toBe(Array(40).fill('a').join('.'));
  });
});
