/**
 * What a flow asks before the step engine submits (part 3 §4 "Channel change"): the flow provides a function that may
 * ask the applicant (the open-account flow's channel-change dialog) and answers the extra submit fields (aeCode,
 * channel) to send, or {} for none. Without a provider the engine submits as is. core cannot import a flow's dialog, so
 * the flow puts it here.
 */
import { createContext, useContext } from 'react';
import type { ApplicationView } from '../domain/contract';

export interface SubmitExtras {
  aeCode?: string;
  channel?: string;
}

export type BeforeSubmit = (app: ApplicationView) => Promise<SubmitExtras>;

export const SubmitGateContext = createContext<BeforeSubmit | null>(null);

export function useBeforeSubmit(): BeforeSubmit | null {
  return useContext(SubmitGateContext);
}
