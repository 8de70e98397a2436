/**
 * The question the step engine asks before the correction round's resubmission (issue 25): the flow's ResubmitGate
 * provides a function that opens its confirmation dialog and answers true (resubmit) or false (cancel: nothing is sent,
 * the page keeps what was typed). Without a provider the engine resubmits as before.
 */
import { createContext, useContext } from 'react';

export type ConfirmResubmit = () => Promise<boolean>;

export const ResubmitConfirmContext = createContext<ConfirmResubmit | null>(null);

export function useConfirmResubmit(): ConfirmResubmit | null {
  return useContext(ResubmitConfirmContext);
}
