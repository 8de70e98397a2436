/**
 * The step-page hook: everything a step screen needs besides its own widgets.
 * - the form, started from the step's draft or else its saved data (domain stepSourceOf), and set/bind helpers;
 * - the step context of the application as the service builds it (domain stepContextOfApp), never one of the page's;
 * - the step validator's issues for the page's data, and the field errors on them (touched fields, every field once
 *   Next was pressed, the service's 100400 issues until the field changes);
 * - Next and Back (useStepFlow: save, the next step or submit, the rejection loop) and the halfway save.
 * A page gives how its form starts (`initial`) and how it becomes the step's data (`toData`); both are pure.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ApplicationView } from '../domain/contract';
import { todayInHongKong } from '../domain/identity';
import type { StepName } from '../domain/steps';
import { stepContextOfApp, stepSourceOf, validateStep } from '../domain/step-rules';
import type { FieldIssue, StepContext, StepSettings } from '../domain/step-rules/types';
import type { FieldErrors, FieldLimits } from '../form/field-errors';
import { useRuleForm, type Binding, type BindOptions } from '../form/use-rule-form';
import { useHalfwaySave } from './use-halfway-save';
import { useStepFlow, type NextOptions, type StepFlow, type StepPhase } from './use-step-flow';

export type { Binding, BindOptions } from '../form/use-rule-form';

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
  /** the broker's settings the step's rules follow (from ClientConfig, as the service has them) */
  settings?: StepSettings;
}

export interface StepPage<F> {
  app: ApplicationView;
  form: F;
  setForm: React.Dispatch<React.SetStateAction<F>>;
  /** sets one field; its service issue goes; `touch` shows its error at once */
  set: <K extends keyof F & string>(key: K, value: F[K], touch?: boolean) => void;
  /** value, onChange, onBlur, error and name of a field, for the field components of @core/ui (the only wiring) */
  bind: <K extends keyof F & string>(key: K, opts?: BindOptions<F[K]>) => Binding<F[K]>;
  /** the wiring of a field kept elsewhere than under one key of the form (a row of a list, a file tile) */
  bindAt: <V>(field: string, value: V, onChange: (value: V) => void, opts?: Omit<BindOptions<V>, 'field'>) => Binding<V>;
  data: Record<string, unknown>;
  ctx: StepContext;
  today: string;
  issues: readonly FieldIssue[];
  errors: FieldErrors;
  flow: StepFlow;
  /** Next was pressed at least once (every field's error shows) */
  pressed: boolean;
  /** shows every field's error (a page whose Next first opens a dialog) */
  reveal: () => void;
  /** nothing is missing and nothing in flight (information: Next itself is never disabled for something missing) */
  canNext: boolean;
  /**
   * marks every field with an issue, scrolls to and focuses the first (given issues: those of other data); true when
   * there is none. For a page whose Next first opens a dialog or checks something of its own.
   */
  check: (found?: readonly FieldIssue[]) => boolean;
  /**
   * Next: with issues, marks every such field, scrolls to the first and focuses it, and stays; else saves `data` (or the data given, e.g. with a
   * confirmation time or an uploaded file added, checked the same way) and moves on
   */
  next: (override?: Record<string, unknown>, options?: NextOptions) => Promise<void>;
  back: () => Promise<void>;
}

const NO_LIMITS: FieldLimits = {};

export function useStepPage<F extends object>(step: StepName, app: ApplicationView, opts: StepPageOptions<F>): StepPage<F> {
  const { toData, limits = NO_LIMITS, filterIssues, linked } = opts;
  const optsRef = useRef(opts);
  useEffect(() => {
    optsRef.current = opts;
  });

  const today = useMemo(() => todayInHongKong(), []);
  // the settings by their values (a screen passes a new object each render)
  const evidenceRule = opts.settings?.derivativeEvidence;
  const ctx = useMemo(() => stepContextOfApp(app, today, evidenceRule ? { derivativeEvidence: evidenceRule } : undefined), [app, today, evidenceRule]);
  const validate = useCallback(
    (f: F) => {
      const all = validateStep(step, toData(f, ctx), ctx);
      return filterIssues ? all.filter((i) => filterIssues(i, f)) : all;
    },
    [step, toData, ctx, filterIssues],
  );
  const kit = useRuleForm<F>({ initial: () => opts.initial(stepSourceOf(app.data, step), ctx), validate, limits, linked });
  const { form, issues, check, takeServerIssues } = kit;
  const data = useMemo(() => toData(form, ctx), [toData, form, ctx]);

  const flow = useStepFlow(step, {
    onError: (err, phase) => {
      // a 100400's field issues go on the fields (marked and the first focused) whatever else the page does
      takeServerIssues(err);
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

  const { next: flowNext } = flow;
  const next = useCallback(
    async (override?: Record<string, unknown>, options?: NextOptions) => {
      // the data given is checked as the page's own would be (the service checks it again)
      const found = override
        ? validateStep(step, override, ctx).filter((i) => !filterIssues || filterIssues(i, latest.current.form))
        : undefined;
      if (!check(found)) return;
      await flowNext(override ?? data, options);
    },
    [check, ctx, data, filterIssues, flowNext, step],
  );

  return {
    app,
    form,
    setForm: kit.setForm,
    set: kit.set,
    bind: kit.bind,
    bindAt: kit.bindAt,
    data,
    ctx,
    today,
    issues,
    errors: kit.errors,
    flow,
    pressed: kit.pressed,
    reveal: kit.reveal,
    canNext: issues.length === 0 && !flow.isSaving,
    check,
    next,
    back: flow.back,
  };
}
