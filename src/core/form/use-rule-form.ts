/**
 * The form kit's hook: every form of the product (a step or not) keeps its values here, and the domain's validator
 * decides what is missing or wrong, so the screen and the service read the same rule.
 * - `bind(key)` is the only way a field is wired: value, onChange, onBlur, its error and its name (the `data-name` the
 *   field renders, the issue's field);
 * - errors show once a field was touched, or on every field once the form's action was pressed (`check`), and the
 *   service's 100400 issues show until their field changes;
 * - `check()` runs before the form's action: with something missing or wrong it marks every such field with its
 *   message, scrolls to the first one in page order and focuses it (its error is read through aria-describedby), and
 *   says in the polite toast how many fields are marked. The action is never a silent grey button.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { FieldIssue } from '../domain/step-rules/types';
import { useFieldErrors, type FieldErrors, type FieldLimits, type RuleMessage } from './field-errors';
import { markFirst } from './mark';

export interface Binding<V> {
  /** the field's name: its issue path, rendered as `data-name` so the first marked field can be found */
  name: string;
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  error: string | undefined;
}

export interface BindOptions<V> {
  /** applied to what was typed before it is kept (upper case, trimming to a length) */
  map?: (value: V) => V;
  /** show the field's error right on change (pickers, radios, dates), not only after blur */
  touchOnChange?: boolean;
  /** the validator's field when it is not the form's key (`bankInfo.acctNumber` for `acctNumber`) */
  field?: string;
}

export interface RuleFormOptions<F> {
  /** the form as it starts (read once) */
  initial: F | (() => F);
  /** the domain validator's issues for a form (a stable function: a module function or a memoised one) */
  validate: (form: F) => readonly FieldIssue[];
  /** the {max} (and {min}) of a field's messages (a function when they depend on the form: rows, document type) */
  limits?: FieldLimits | ((form: F) => FieldLimits);
  /** fields whose errors go with another's: a change or touch of the key clears or touches these too */
  linked?: Readonly<Record<string, readonly string[]>>;
  /** a form's own rule texts (a stable function) */
  message?: RuleMessage;
}

export interface RuleForm<F> {
  form: F;
  setForm: React.Dispatch<React.SetStateAction<F>>;
  /** sets one field; its service issue goes; `touch` shows its error at once */
  set: <K extends keyof F & string>(key: K, value: F[K], touch?: boolean) => void;
  /** the wiring of a form field (the only one) */
  bind: <K extends keyof F & string>(key: K, opts?: BindOptions<F[K]>) => Binding<F[K]>;
  /** the wiring of a field the form keeps elsewhere than under one key (a row of a list, a file tile) */
  bindAt: <V>(field: string, value: V, onChange: (value: V) => void, opts?: Omit<BindOptions<V>, 'field'>) => Binding<V>;
  issues: readonly FieldIssue[];
  errors: FieldErrors;
  /** the action was pressed at least once (every field's error shows) */
  pressed: boolean;
  /** shows every field's error without moving the focus */
  reveal: () => void;
  /**
   * Before the form's action: true when nothing is missing (given issues: those of the data about to be sent);
   * otherwise every marked field shows its error, the first one is scrolled to and focused, and false.
   */
  check: (found?: readonly FieldIssue[]) => boolean;
  /** marks and focuses fields the service refused (a 100400's issues); true when there were some */
  takeServerIssues: (err: unknown) => boolean;
  /** starts the form again (a dialog opened again): the form given (else as it is), nothing touched or pressed */
  reset: (next?: F) => void;
}

const NO_LIMITS: FieldLimits = {};
const NO_LINKS: Readonly<Record<string, readonly string[]>> = {};

export function useRuleForm<F extends object>(opts: RuleFormOptions<F>): RuleForm<F> {
  const { validate, limits = NO_LIMITS, linked = NO_LINKS, message } = opts;
  const intl = useIntl();
  const [form, setForm] = useState<F>(opts.initial);
  const issues = useMemo(() => validate(form), [validate, form]);
  const [pressed, setPressed] = useState(false);
  const limitsOf = useMemo(() => (typeof limits === 'function' ? limits(form) : limits), [limits, form]);
  const errors = useFieldErrors(issues, limitsOf, pressed, message);
  const latest = useRef(issues);
  latest.current = issues;

  const set = useCallback(
    <K extends keyof F & string>(key: K, value: F[K], touch = false) => {
      setForm((f) => (Object.is(f[key], value) ? f : { ...f, [key]: value }));
      const fields = [key, ...(linked[key] ?? [])];
      errors.changed(...fields);
      if (touch) errors.touch(...fields);
    },
    [errors, linked],
  );

  const bindAt = <V>(field: string, value: V, onChange: (value: V) => void, o: Omit<BindOptions<V>, 'field'> = {}): Binding<V> => ({
    name: field,
    value,
    onChange: (v: V) => {
      onChange(o.map ? o.map(v) : v);
      const fields = [field, ...(linked[field] ?? [])];
      errors.changed(...fields);
      if (o.touchOnChange) errors.touch(...fields);
    },
    onBlur: () => errors.touch(field, ...(linked[field] ?? [])),
    error: errors.errorOf(field),
  });

  const bind = <K extends keyof F & string>(key: K, o: BindOptions<F[K]> = {}): Binding<F[K]> => {
    const field = o.field ?? key;
    return {
      name: field,
      value: form[key],
      onChange: (v: F[K]) => {
        set(key, o.map ? o.map(v) : v, o.touchOnChange);
        if (field !== key) {
          errors.changed(field);
          if (o.touchOnChange) errors.touch(field);
        }
      },
      onBlur: () => errors.touch(field, ...(linked[field] ?? []), ...(field !== key ? (linked[key] ?? []) : [])),
      error: errors.errorOf(field),
    };
  };

  const mark = useCallback(
    (fields: readonly string[], say: boolean) => {
      const distinct = [...new Set(fields)];
      markFirst(distinct, say ? intl.formatMessage({ id: 'form.marked' }, { count: distinct.length }) : undefined);
    },
    [intl],
  );

  const check = useCallback(
    (found?: readonly FieldIssue[]) => {
      setPressed(true);
      const list = found ?? latest.current;
      if (!list.length) return true;
      mark(list.map((i) => i.field), true);
      return false;
    },
    [mark],
  );

  const takeServerIssues = useCallback(
    (err: unknown) => {
      const fields = errors.takeServerIssues(err);
      // the service's message is the toast then (the api error handler's)
      if (fields) mark(fields, false);
      return !!fields;
    },
    [errors, mark],
  );

  const { reset: resetErrors } = errors;
  const reset = useCallback(
    (next?: F) => {
      if (next !== undefined) setForm(next);
      setPressed(false);
      resetErrors();
    },
    [resetErrors],
  );

  return {
    form,
    setForm,
    set,
    bind,
    bindAt,
    issues,
    errors,
    pressed,
    reveal: useCallback(() => setPressed(true), []),
    check,
    takeServerIssues,
    reset,
  };
}
