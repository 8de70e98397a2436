/**
 * The step-page hook: everything a step screen needs besides its own widgets.
 * - the form, started from the step's draft or else its saved data (domain stepSourceOf), and set/bind helpers;
 * - the step context of the application as the service builds it (domain stepContextOfApp), never one of the page's;
 * - the step validator's issues for the page's data, and the field errors on them (touched fields, every field once
 *   Next was pressed, the service's 100400 issues until the field changes);
 * - Next and Back (useStepFlow: save, the next step or submit, the rejection loop) and the halfway save.
 * A page gives how its form starts (`initial`) and how it becomes the step's data (`toData`); both are pure.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApplicationView } from '../domain/contract';
import { todayInHongKong } from '../domain/identity';
import type { StepName } from '../domain/steps';
import { stepContextOfApp, stepSourceOf, validateStep } from '../domain/step-rules';
import type { FieldIssue, StepContext } from '../domain/step-rules/types';
import { useFieldErrors, type FieldErrors, type FieldLimits } from './field-errors';
import { useHalfwaySave } from './use-halfway-save';
import { useStepFlow, type NextOptions, type StepFlow, type StepPhase } from './use-step-flow';

export interface StepPageOptions<F> {
  /** the form from the step's draft or saved data (undefined for neither) and the application's step context */
  initial: (source: Record<string, unknown> | undefined, ctx: StepContext) => F;
  /** the step's data of a form, as saved and validated (pure and stable: a module function or a memoised one) */
  toData: (form: F, ctx: StepContext) => Record<string, unknown>;
  /** the {max} (and {min}) of a field's messages (a function when they depend on the form: rows, document type) */
  limits?: FieldLimits | ((form: F) => FieldLimits);
  /** keeps the issues that block Next and show (a stable function) */
  filterIssues?: (issue: FieldIssue, form: F) => boolean;
  /** what the halfway save keeps (default toData(form)); null keeps nothing */
  draft?: (form: F, ctx: StepContext) => Record<string, unknown> | null;
  /** a screen's own handling of a failed Next (after the field issues were taken); true when handled (no general handling then) */
  onError?: (err: unknown, phase: StepPhase) => boolean | void;
  /** fields whose errors go with another's: a change or touch of the key clears or touches these too */
  linked?: Readonly<Record<string, readonly string[]>>;
}

export interface Binding<V> {
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
}

export interface StepPage<F> {
  app: ApplicationView;
  form: F;
  setForm: React.Dispatch<React.SetStateAction<F>>;
  /** sets one field; its service issue goes; `touch` shows its error at once */
  set: <K extends keyof F & string>(key: K, value: F[K], touch?: boolean) => void;
  /** value, onChange, onBlur, error and name of a field, for the field components of @core/ui */
  bind: <K extends keyof F & string>(key: K, opts?: BindOptions<F[K]>) => Binding<F[K]>;
  data: Record<string, unknown>;
  ctx: StepContext;
  today: string;
  issues: FieldIssue[];
  errors: FieldErrors;
  flow: StepFlow;
  /** Next was pressed at least once (every field's error shows) */
  pressed: boolean;
  /** shows every field's error (a page whose Next first opens a dialog) */
  reveal: () => void;
  /** Next may be pressed: no issue and nothing in flight */
  canNext: boolean;
  /**
   * Next: with issues, shows every field's error and stays; else saves `data` (or the data given, e.g. with a
   * confirmation time or an uploaded file added, checked the same way) and moves on
   */
  next: (override?: Record<string, unknown>, options?: NextOptions) => Promise<void>;
  back: () => Promise<void>;
}

const NO_LIMITS: FieldLimits = {};
const NO_LINKS: Readonly<Record<string, readonly string[]>> = {};

export function useStepPage<F extends object>(step: StepName, app: ApplicationView, opts: StepPageOptions<F>): StepPage<F> {
  const { toData, limits = NO_LIMITS, filterIssues, linked = NO_LINKS } = opts;
  const optsRef = useRef(opts);
  useEffect(() => {
    optsRef.current = opts;
  });

  const today = useMemo(() => todayInHongKong(), []);
  const ctx = useMemo(() => stepContextOfApp(app, today), [app, today]);
  const [form, setForm] = useState<F>(() => opts.initial(stepSourceOf(app.data, step), ctx));
  const data = useMemo(() => toData(form, ctx), [toData, form, ctx]);
  const issues = useMemo(() => {
    const all = validateStep(step, data, ctx);
    return filterIssues ? all.filter((i) => filterIssues(i, form)) : all;
  }, [step, data, ctx, filterIssues, form]);
  const [pressed, setPressed] = useState(false);
  const limitsOf = useMemo(() => (typeof limits === 'function' ? limits(form) : limits), [limits, form]);
  const errors = useFieldErrors(issues, limitsOf, pressed);

  const flow = useStepFlow(step, {
    onError: (err, phase) => {
      // a 100400's field issues go on the fields whatever else the page does
      errors.takeServerIssues(err);
      return optsRef.current.onError?.(err, phase) === true;
    },
  });

  const latest = useRef({ form, ctx });
  latest.current = { form, ctx };
  useHalfwaySave(step, () => {
    const { draft, toData: build } = optsRef.current;
    const { form: f, ctx: c } = latest.current;
    return draft ? draft(f, c) : build(f, c);
  });

  const set = useCallback(
    <K extends keyof F & string>(key: K, value: F[K], touch = false) => {
      setForm((f) => (Object.is(f[key], value) ? f : { ...f, [key]: value }));
      const fields = [key, ...(linked[key] ?? [])];
      errors.changed(...fields);
      if (touch) errors.touch(...fields);
    },
    [errors, linked],
  );

  const bind = <K extends keyof F & string>(key: K, bindOpts: BindOptions<F[K]> = {}): Binding<F[K]> => ({
    name: key,
    value: form[key],
    onChange: (v: F[K]) => set(key, bindOpts.map ? bindOpts.map(v) : v, bindOpts.touchOnChange),
    onBlur: () => errors.touch(key, ...(linked[key] ?? [])),
    error: errors.errorOf(key),
  });

  const { next: flowNext } = flow;
  const next = useCallback(
    async (override?: Record<string, unknown>, options?: NextOptions) => {
      setPressed(true);
      // the data given is checked as the page's own would be (the service checks it again)
      const found = override
        ? validateStep(step, override, ctx).filter((i) => !filterIssues || filterIssues(i, latest.current.form))
        : issues;
      if (found.length) return;
      await flowNext(override ?? data, options);
    },
    [ctx, data, filterIssues, flowNext, issues, step],
  );

  return {
    app,
    form,
    setForm,
    set,
    bind,
    data,
    ctx,
    today,
    issues,
    errors,
    flow,
    pressed,
    reveal: useCallback(() => setPressed(true), []),
    canNext: issues.length === 0 && !flow.isSaving,
    next,
    back: flow.back,
  };
}
