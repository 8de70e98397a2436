/**
 * What a step is, in one place: `defineStep` takes the light part of a step's definition (what the first screen may
 * load: its name, route, message keys, status and progress stages). The step's file (steps/<step>.ts) exports it as
 * `meta`, and beside it, as separate named exports, its data schema (`data`), its rules (`rules`), its desk rows
 * (`describe`), gathered as its `definition` that the rules' side loads (steps/full.ts), and its sample (`sample`: only
 * tests and tools load it, steps/samples.ts). A field left out of the definition is a type error.
 */
import type { ClientType } from '../client-type';

export interface StepMeta<N extends string = string> {
  /** the name stored in applyStepsName and sent as currentStep */
  name: N;
  /** the route (hash path) of its screen */
  route: string;
  /** the message key of its screen's heading (also where a list names the step); in each of the three languages */
  titleKey: string;
  /**
   * the message key of its introduction: one or two sentences under the heading on why the step asks what it asks
   * (painted from the built page's HTML while the application loads); the same for both client types, with no {arguments}
   */
  introKey: string;
  /** the application status the step moves the application to when saved (part 3 §4) */
  status: number;
  /** the numbered stage of the progress bar per client type; null where the step is not in that type's lists */
  progress: Record<ClientType, number | null>;
}

/** The light part of a step's definition (checked whole by the type checker; nothing is computed, so it costs no bytes). */
export /* @__NO_SIDE_EFFECTS__ */ function defineStep<const N extends string>(meta: StepMeta<N>): StepMeta<N> {
  return meta;
}
