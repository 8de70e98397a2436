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
  /** takes the service's field issues of a 100400: their fields, or false when there were none */
  takeServerIssues: (err: unknown) => readonly string[] | false;
  /** the field carries an issue of the service's */
  fromService: (field: string) => boolean;
  /** forgets what was touched and the service's issues (a form started again) */
  reset: () => void;
}

/** The values of a field's rule texts: a number is the {max}; an object gives {max} and {min} (tooShort). */
export type FieldLimits = Readonly<Record<string, number | { max?: number; min?: number }>>;

/** A service path under a field (documentInfo.statement.0 under documentInfo.statement). */
const within = (path: string, field: string) => path === field || path.startsWith(`${field}.`);

/** A form's own text of a rule (undefined: the shared `rules.<rule>` text). */
export type RuleMessage = (rule: Rule, field: string) => string | undefined;

/**
 * `limits`: the {max} / {min} of a field's messages; `showAll`: every issue shows, touched or not; `messageOf`: a
 * form's own texts (transfer-in's rules read `transferIn.rules.*`).
 */
export function useFieldErrors(issues: readonly FieldIssue[], limits: FieldLimits, showAll = false, messageOf?: RuleMessage): FieldErrors {
  const intl = useIntl();
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [server, setServer] = useState<Readonly<Record<string, Rule>>>({});
  // the first issue of a field is the one shown (the validators list the most basic first)
  const byField = useMemo(() => {
    const m = new Map<string, Rule>();
    for (const i of issues) if (!m.has(i.field)) m.set(i.field, i.rule);
    return m;
  }, [issues]);

  const serverRuleOf = useCallback(
    (field: string): Rule | undefined => server[field] ?? Object.entries(server).find(([path]) => within(path, field))?.[1],
    [server],
  );
  const ruleOf = useCallback(
    (field: string) => serverRuleOf(field) ?? (showAll || touched.has(field) ? byField.get(field) : undefined),
    [byField, serverRuleOf, showAll, touched],
  );

  const errorOf = useCallback(
    (field: string) => {
      const rule = ruleOf(field);
      if (!rule) return undefined;
      const own = messageOf?.(rule, field);
      if (own !== undefined) return own;
      // a service message that is not a rule name reads as a format error
      const id = intl.messages[`rules.${rule}`] !== undefined ? `rules.${rule}` : 'rules.format';
      const limit = limits[field];
      const values = typeof limit === 'number' ? { max: limit, min: 0 } : { max: limit?.max ?? 0, min: limit?.min ?? 0 };
      return intl.formatMessage({ id }, values);
    },
    [intl, limits, messageOf, ruleOf],
  );

  const touch = useCallback((...fields: string[]) => {
    setTouched((prev) => (fields.every((f) => prev.has(f)) ? prev : new Set([...prev, ...fields])));
  }, []);

  const changed = useCallback((...fields: string[]) => {
    // a field's change clears the service's issues under it too (a file list's items)
    setServer((prev) => {
      const gone = Object.keys(prev).filter((path) => fields.some((f) => within(path, f)));
      if (!gone.length) return prev;
      const next = { ...prev };
      for (const path of gone) delete next[path];
      return next;
    });
  }, []);

  const takeServerIssues = useCallback((err: unknown) => {
    const found = stepIssuesOf(err);
    if (!found || !Object.keys(found).length) return false;
    setServer(found);
    return Object.keys(found);
  }, []);

  const fromService = useCallback((field: string) => serverRuleOf(field) !== undefined, [serverRuleOf]);
  const reset = useCallback(() => {
    setTouched(new Set());
    setServer({});
  }, []);

  return useMemo(
    () => ({ errorOf, ruleOf, touch, changed, takeServerIssues, fromService, reset }),
    [errorOf, ruleOf, touch, changed, takeServerIssues, fromService, reset],
  );
}
