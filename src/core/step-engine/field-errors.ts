/**
 * Field errors of a step form (the step pages, through useStepPage): the step validator's issues are shown
 * for a field once it was touched (blurred, picked or changed, as each field decides) or once Next was pressed
 * (`showAll`), and the service's 100400 issues (data.issues [{path: "data.<field>", message: <rule>}]) until that
 * field changes.
 */
import { useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { stepIssuesOf } from '../api/api-error';
import type { Rule } from '../domain/identity';
import type { FieldIssue } from '../domain/step-rules/types';

export interface FieldErrors {
  /** the translated error to show under a field, if any */
  errorOf: (field: string) => string | undefined;
  /** the rule behind it (tests and dialogs) */
  ruleOf: (field: string) => Rule | undefined;
  touch: (...fields: string[]) => void;
  /** a field changed: its service issue no longer applies */
  changed: (...fields: string[]) => void;
  /** takes the service's field issues of a 100400; true when there were some */
  takeServerIssues: (err: unknown) => boolean;
}

/** `limits`: the {max} of a field's tooLong / tooManyFiles message; `showAll`: every issue shows, touched or not. */
export function useFieldErrors(issues: readonly FieldIssue[], limits: Readonly<Record<string, number>>, showAll = false): FieldErrors {
  const intl = useIntl();
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [server, setServer] = useState<Readonly<Record<string, Rule>>>({});
  // the first issue of a field is the one shown (the validators list the most basic first)
  const byField = useMemo(() => {
    const m = new Map<string, Rule>();
    for (const i of issues) if (!m.has(i.field)) m.set(i.field, i.rule);
    return m;
  }, [issues]);

  const ruleOf = useCallback(
    (field: string) => server[field] ?? (showAll || touched.has(field) ? byField.get(field) : undefined),
    [byField, server, showAll, touched],
  );

  const errorOf = useCallback(
    (field: string) => {
      const rule = ruleOf(field);
      if (!rule) return undefined;
      // a service message that is not a rule name reads as a format error
      const id = intl.messages[`rules.${rule}`] !== undefined ? `rules.${rule}` : 'rules.format';
      return intl.formatMessage({ id }, { max: limits[field] ?? 0, min: 0 });
    },
    [intl, limits, ruleOf],
  );

  const touch = useCallback((...fields: string[]) => {
    setTouched((prev) => (fields.every((f) => prev.has(f)) ? prev : new Set([...prev, ...fields])));
  }, []);

  const changed = useCallback((...fields: string[]) => {
    setServer((prev) => {
      if (!fields.some((f) => f in prev)) return prev;
      const next = { ...prev };
      for (const f of fields) delete next[f];
      return next;
    });
  }, []);

  const takeServerIssues = useCallback((err: unknown) => {
    const found = stepIssuesOf(err);
    if (!found || !Object.keys(found).length) return false;
    setServer(found);
    return true;
  }, []);

  return useMemo(() => ({ errorOf, ruleOf, touch, changed, takeServerIssues }), [errorOf, ruleOf, touch, changed, takeServerIssues]);
}
