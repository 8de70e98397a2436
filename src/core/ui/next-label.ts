/**
 * A label the surrounding route puts on a step page's Next in place of the page's own (the correction round's
 * "Resubmit": step-engine ResubmitGate); undefined: the page's own label. Apart from StepPage so that the gate, which
 * wraps every route of the flow, does not bring the step page into the first screen's script.
 */
import { createContext, useContext } from 'react';

export const NextLabelContext = createContext<string | undefined>(undefined);

/** The route's label for Next, if it has one (for a page that builds its own footer button). */
export function useNextLabel(): string | undefined {
  return useContext(NextLabelContext);
}
