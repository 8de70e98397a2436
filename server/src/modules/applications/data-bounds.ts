/**
 * Shape and length bounds for step data (the halfway save is held to these, not to completeness):
 * at most MAX_STEP_DATA_BYTES of JSON, nesting depth ≤ 6, strings ≤ 2000 characters, arrays ≤ 50
 * items, object keys ≤ 64 characters, and every `ossId` a well-formed file id. Also collects the
 * ossIds referenced anywhere in the data (their ownership is checked by the service).
 */
import { MAX_STEP_DATA_BYTES, STEP_DATA_BOUNDS } from '@core/domain';
import type { Issue } from '../../errors';
import { FORBIDDEN_KEYS } from '../../plugins/safe-json';

export const DATA_LIMITS = { maxBytes: MAX_STEP_DATA_BYTES, ...STEP_DATA_BOUNDS } as const;

const OSS_ID = /^[A-Za-z0-9_-]{6,64}$/;

export interface BoundsResult {
  issues: Issue[];
  ossIds: string[];
}

export function checkStepData(data: Record<string, unknown>): BoundsResult {
  const issues: Issue[] = [];
  const ossIds = new Set<string>();
  const bytes = Buffer.byteLength(JSON.stringify(data), 'utf8');
  if (bytes > DATA_LIMITS.maxBytes) {
    return { issues: [{ path: 'data', message: `larger than ${DATA_LIMITS.maxBytes} bytes` }], ossIds: [] };
  }
  const walk = (value: unknown, path: string, depth: number): void => {
    if (issues.length >= 20) return;
    if (typeof value === 'string') {
      if (value.length > DATA_LIMITS.maxString) issues.push({ path, message: `longer than ${DATA_LIMITS.maxString} characters` });
      return;
    }
    if (value === null || typeof value === 'number' || typeof value === 'boolean') return;
    if (typeof value !== 'object') {
      issues.push({ path, message: 'not a JSON value' });
      return;
    }
    if (depth > DATA_LIMITS.maxDepth) {
      issues.push({ path, message: `nested deeper than ${DATA_LIMITS.maxDepth} levels` });
      return;
    }
    if (Array.isArray(value)) {
      if (value.length > DATA_LIMITS.maxArray) issues.push({ path, message: `more than ${DATA_LIMITS.maxArray} items` });
      value.forEach((v, i) => walk(v, `${path}.${i}`, depth + 1));
      return;
    }
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length > DATA_LIMITS.maxKeys) issues.push({ path, message: `more than ${DATA_LIMITS.maxKeys} keys` });
    for (const [key, v] of entries) {
      const at = `${path}.${key.slice(0, DATA_LIMITS.maxKey)}`;
      if (key.length > DATA_LIMITS.maxKey) issues.push({ path: at, message: `key longer than ${DATA_LIMITS.maxKey} characters` });
      if (FORBIDDEN_KEYS.has(key)) {
        issues.push({ path: at, message: 'forbidden key' });
        continue;
      }
      if (key === 'ossId') {
        if (typeof v === 'string' && OSS_ID.test(v)) ossIds.add(v);
        else issues.push({ path: at, message: 'not a file id' });
        continue;
      }
      walk(v, at, depth + 1);
    }
  };
  walk(data, 'data', 1);
  return { issues, ossIds: [...ossIds] };
}
