import { createContext, useContext } from 'react';

/** What differs between the two entry pages: the ESOP page marks the application as ESOP and uses the ESOP title. */
export interface FlowSettings {
  esop: boolean;
}

export const FlowContext = createContext<FlowSettings>({ esop: false });

export function useFlow(): FlowSettings {
  return useContext(FlowContext);
}

/** The page title key of the flow (fixed for every route inside the app shell). */
export function flowTitleKey(esop: boolean): string {
  return esop ? 'common.esopTitle' : 'common.appTitle';
}
