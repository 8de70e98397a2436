/**
 * The call table gathered from its modules (contract.ts from calls/<module>.ts): every call of CALLS is declared by
 * exactly one module, with its summary and its schemas; CALL_SUMMARIES and `schemas` are what the modules say.
 * (server/test/calls.test.ts checks that each call has its route.)
 */
import { z } from 'zod';
import { CALLS, CALL_MODULES, CALL_SUMMARIES, schemas, type CallName, type CallWire } from './contract';

const NAMES = Object.keys(CALLS) as CallName[];
const modulesOf = (name: string) => Object.entries(CALL_MODULES).filter(([, calls]) => name in calls).map(([module]) => module);

test('every call of CALLS is declared by exactly one module, and no module declares another name', () => {
  expect(NAMES.filter((name) => modulesOf(name).length !== 1).map((name) => [name, modulesOf(name)])).toEqual([]);
  const declared = Object.values(CALL_MODULES).flatMap((calls) => Object.keys(calls));
  expect([...declared].sort()).toEqual([...NAMES].sort());
});

test.each(NAMES.map((name) => [name] as const))('%s: a one-line summary and at least one schema, each a zod schema', (name) => {
  const wire: CallWire = schemas[name];
  expect(wire.summary).toMatch(/^\S.{8,}\S$/);
  expect(wire.summary).not.toMatch(/\n/);
  const given = (['req', 'meta', 'res'] as const).filter((part) => wire[part] !== undefined);
  expect(given.length).toBeGreaterThan(0);
  for (const part of given) expect(wire[part]).toBeInstanceOf(z.ZodType);
  // a multipart call's envelope (meta) is its only request schema
  if (wire.meta) expect(wire.req).toBeUndefined();
});

test('CALL_SUMMARIES and schemas are the modules’ entries, by call name', () => {
  expect(Object.keys(CALL_SUMMARIES).sort()).toEqual([...NAMES].sort());
  for (const [module, calls] of Object.entries(CALL_MODULES)) {
    for (const [name, wire] of Object.entries(calls) as [CallName, CallWire][]) {
      expect([module, name, CALL_SUMMARIES[name]]).toEqual([module, name, wire.summary]);
      expect(schemas[name]).toBe(wire);
    }
  }
});

test('no two calls share a summary (each says what its own call does)', () => {
  const seen = new Map<string, CallName>();
  const twice = NAMES.filter((name) => {
    const other = seen.get(CALL_SUMMARIES[name]);
    seen.set(CALL_SUMMARIES[name], name);
    return other !== undefined;
  });
  expect(twice).toEqual([]);
});
