/**
 * The steps whole: each step's definition with its data schema and rules (steps/<step>.ts, its `definition`), and the
 * tables derived from them — the validators (the screens enable Next with them; the service runs the same on every
 * ApplyUpdate that is not a draft) and the typed reader of saved data (`stepData`). Kept apart from the light index
 * (steps/index.ts) so that the first screen's script does not load it. What only others use is not here, so the
 * screens' chunk does not carry it (the bundler keeps what is imported by name): each step's desk rows (`describe`,
 * table steps/words.ts) and its sample (`sample`, table steps/samples.ts with `sampleStep`), both tables written by
 * `npm run steps` from this list.
 */
import type { StepName } from './index';
import type { StepMeta } from './define';
import type { DataOf, Reader } from './schema';
import type { FieldIssue, StepContext, StepValidator } from '../step-rules/types';
import { definition as statement } from './statement';
import { definition as idcard } from './idcard';
import { definition as hkIdcard } from './hk-idcard';
import { definition as userinfo } from './userinfo';
import { definition as proofAddress } from './proof-address';
import { definition as bankcard } from './bankcard';
import { definition as jobstatus } from './jobstatus';
import { definition as finance } from './finance';
import { definition as investment } from './investment';
import { definition as selectAccount } from './select-account';
import { definition as disclosure } from './disclosure';
import { definition as taxInfo } from './tax-info';
import { definition as risk } from './risk';
import { definition as sign } from './sign';
import { definition as signature } from './signature';
import { definition as livingWitness } from './living-witness';
import { definition as caApply } from './ca-apply';

/** A step's whole definition: its file's `definition` (a part left out is a type error where the step is listed below). */
export interface StepDefinition<N extends string = StepName> {
  meta: StepMeta<N>;
  /** the schema of its saved data: its reader, and (DataOf) its type */
  data: Reader<object>;
  rules: StepValidator;
}

/**
 * Every step whole, in the order STEP_NAMES lists them: the one list of steps. A new step joins it (its import above
 * and its place here); `npm run steps` then writes the light part of each (steps/light.ts) for the first screen and
 * the tables of their samples (steps/samples.ts, for tests and tools) and desk rows (steps/words.ts, for the desk).
 */
export const STEP_DEFINITIONS_FULL = [
  statement, idcard, hkIdcard, userinfo, proofAddress, bankcard, jobstatus, finance, investment, selectAccount,
  disclosure, taxInfo, risk, sign, signature, livingWitness, caApply,
] as const satisfies readonly StepDefinition<string>[];

type Definition = (typeof STEP_DEFINITIONS_FULL)[number];
type DefinitionOf<S extends StepName> = Extract<Definition, { meta: StepMeta<S> }>;

/** A step of the light list (steps/light.ts) without its whole definition here: the type checker names it (the other way, steps-light.test.ts). */
type Missing = Exclude<StepName, Definition['meta']['name']>;
const EVERY_STEP: [Missing] extends [never] ? true : `no whole definition in steps/full.ts for ${Missing} (run npm run steps)` = true;
void EVERY_STEP;
/** A step listed here but not yet in steps/light.ts (npm run steps not run): the type checker names it. */
type Unwritten = Exclude<Definition['meta']['name'], StepName>;
const ALL_WRITTEN: [Unwritten] extends [never] ? true : `steps/light.ts lacks ${Unwritten}: run npm run steps` = true;
void ALL_WRITTEN;

const DEFINITION_OF = Object.fromEntries(STEP_DEFINITIONS_FULL.map((d) => [d.meta.name, d])) as unknown as { [S in StepName]: DefinitionOf<S> };

/** One validator for every step. */
export const STEP_VALIDATORS: Record<StepName, StepValidator> = Object.fromEntries(STEP_DEFINITIONS_FULL.map((d) => [d.meta.name, d.rules])) as Record<StepName, StepValidator>;

/** The step's issues (none: the data may be saved). */
export function validateStep(step: StepName, data: Record<string, unknown>, ctx: StepContext): FieldIssue[] {
  return DEFINITION_OF[step].rules(data, ctx);
}

/** Each step's saved data, typed (inferred from its schema). */
export type StepShapes = { [S in StepName]: DataOf<DefinitionOf<S>['data']> };

/**
 * The saved data of `step` in an application's data (`{IDCARD: {...}, ...}`), typed: only the fields of its shape,
 * each of its type. Undefined when the step is not saved (no object under its name).
 */
export function stepData<S extends StepName>(data: Record<string, unknown> | null | undefined, step: S): StepShapes[S] | undefined {
  return (DEFINITION_OF[step].data as Reader<StepShapes[S]>)(data?.[step]);
}

