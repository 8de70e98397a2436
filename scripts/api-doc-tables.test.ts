import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CALLS } from '../src/core/domain/calls-all';import { callTable, parts, rateLimitTable, shapeText, withGeneratedParts } from './api-doc-tables';

const file = join(__dirname, '..', 'docs', 'api.md');

test('the generated parts of docs/api.md are up to date with CALLS, the schemas and RATE_LIMITS', () => {
  const doc = readFileSync(file, 'utf8');
  const fresh = withGeneratedParts(doc);
  if (fresh !== doc) {
    const a = doc.split('\n');
    const b = fresh.split('\n');
    const line = a.findIndex((l, i) => l !== b[i]);
    throw new Error(`docs/api.md is stale from line ${line + 1} ("${a[line]}" should be "${b[line]}"): run \`npm run docs:api\` and commit the result`);
  }
});

test('the call table has one row per call of CALLS, in its order, and the rate-limit table one per limit', () => {
  const rows = callTable().split('\n').slice(2);
  expect(rows.map((r) => r.split(' | ')[0].slice(2))).toEqual(Object.keys(CALLS));
  expect(rows.find((r) => r.startsWith('| logout |'))).toContain('| public | sealed |');
  expect(rows.find((r) => r.startsWith('| download |'))).toContain('| signed URL + owner | plain |');
  expect(rows.find((r) => r.startsWith('| upload |'))).toContain('POST `oss/v1/Upload/{category}`');
  expect(rateLimitTable()).toContain('| `ocr` | IdcardOcr, BankcardOcr, HkIdcardOcr, PassportOcr, sign/IdCardOcr | 600 / hour | 60 / hour |');
  expect(rateLimitTable()).toContain('| `cipherSession` | CipherSession | 300 / 10 min | – |');
});

test('the plain-call list is the calls with cipher: false', () => {
  const { 'plain-calls': plain, 'public-calls': pub } = parts();
  expect(plain.split(', ')).toEqual(
    Object.values(CALLS)
      .filter((c) => !c.cipher)
      .map((c) => `\`${c.path.split('/').pop()}\``),
  );
  expect(plain).toContain('`CipherKey`');
  expect(plain).not.toContain('`ClientConfig`');
  expect(pub).toContain('`Logout`');
  expect(pub).not.toContain('`CipherKey`'); // plain ones are listed apart
});

describe('schema → top-level shape', () => {
  test.each([
    ['no schema', undefined, '–'],
    ['empty object', z.object({}), '`{}`'],
    ['optional and defaulted keys', z.object({ a: z.string(), b: z.string().optional(), c: z.number().default(1) }), '{a, b?, c?}'],
    ['literal and short choices', z.object({ ok: z.literal(true), side: z.enum(['front', 'back']), n: z.union([z.literal(1), z.literal(2)]) }), '{ok: true, side: "front"\\|"back", n: 1\\|2}'],
    ['four choices are too many to list', z.object({ k: z.enum(['a', 'b', 'c', 'd']) }), '{k}'],
    ['nullable', z.object({ a: z.string() }).nullable(), '{a} \\| null'],
    ['array of objects', z.array(z.object({ id: z.string() })), '[{id}]'],
    ['record of string arrays', z.record(z.string(), z.array(z.string())), '{[key]: [string]}'],
    ['union of objects', z.union([z.object({ value: z.string() }), z.object({ pinyin: z.string() })]), '{value} \\| {pinyin}'],
    ['coerced number', z.coerce.number(), 'number'],
  ])('%s', (_name, schema, text) => {
    expect(shapeText(schema)).toBe(text);
  });
});

test('a document without a part\'s markers, or with an unknown part, is refused', () => {
  expect(() => withGeneratedParts('no markers')).toThrow(/markers missing/);
  const all = Object.keys(parts())
    .map((n) => `<!-- api-doc:${n} --><!-- /api-doc:${n} -->`)
    .join('\n');
  expect(() => withGeneratedParts(`${all}\n<!-- api-doc:nope -->x<!-- /api-doc:nope -->`)).toThrow(/unknown generated part "nope"/);
  expect(withGeneratedParts(all)).toContain('| call | method, path |');
});
