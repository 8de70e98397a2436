/**
 * The steps whole: each step's definition with its data schema, rules and sample (steps/<step>.ts), and the
 * tables derived from them — the validators (the screens enable Next with them; the service runs the same on every
 * ApplyUpdate that is not a draft), the typed reader of saved data (`stepData`) and the sample of any step
 * (`sampleStep`). Kept apart from the light index (steps/index.ts) so that the first screen's script does not load it.
 */
import type { StepName } from './index';
import type { StepMeta } from './define';
import type { DataOf, Reader } from './schema';
import type { Data, SampleOptions, SampleSource, StepSample } from './sample-kit';
import type { FieldIssue, StepContext, StepValidator } from '../step-rules/types';
import type { Describe } from './words-kit';
import * as statement from './statement';
import * as idcard from './idcard';
import * as hkIdcard from './hk-idcard';
import * as userinfo from './userinfo';
import * as proofAddress from './proof-address';
import * as bankcard from './bankcard';
import * as jobstatus from './jobstatus';
import * as finance from './finance';
import * as investment from './investment';
import * as selectAccount from './select-account';
import * as disclosure from './disclosure';
import * as taxInfo from './tax-info';
import * as risk from './risk';
import * as sign from './sign';
import * as signature from './signature';
import * as livingWitness from './living-witness';
import * as caApply from './ca-apply';

/** A step's whole definition: what its file exports (a part left out is a type error where the step is listed below). */
export interface StepDefinition<N extends string = StepName> {
  meta: StepMeta<N>;
  /** the schema of its saved data: its reader, and (DataOf) its type */
  data: Reader<object>;
  rules: StepValidator;
  /** how the review desk shows its saved data: its rows (case-words.ts) */
  describe: Describe<never>;
  sample: StepSample;
}

/**
 * Every step whole, in the order STEP_NAMES lists them: the one list of steps. A new step joins it; `npm run steps`
 * then writes the light part of each (steps/light.ts) for the first screen.
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

/**
 * Valid data of a step for the application behind `src`. RISK, LIVINGWITNESS and CAAPPLY throw when the source cannot
 * hear the track, pass a face check or generate the documents.
 */
export async function sampleStep(step: StepName, src: SampleSource, opts: SampleOptions = {}): Promise<Data> {
  return DEFINITION_OF[step].sample(src, opts);
}
