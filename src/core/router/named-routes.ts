import { HOME_ROUTE, STEP_NAMES, STEP_ROUTE, type StepName } from '../domain/steps';
import { RESULT_ROUTE } from '../domain/after-submit';

/** Named routes used by links from the app and other pages (`jump`), besides the step names. */
export const NAMED_ROUTES: Readonly<Record<string, string>> = {
  account: HOME_ROUTE,
  STATEMENT: STEP_ROUTE.STATEMENT,
  WITNESS: RESULT_ROUTE.witness,
  openStatus: RESULT_ROUTE.openStatus,
  ACCOUNTSTATUS: RESULT_ROUTE.accountStatus,
  SIGNATURE: STEP_ROUTE.SIGNATURE,
  TRANSITIONGOLD: RESULT_ROUTE.transitionGold,
  C_SearchCompany: '/C_SearchCompany',
};

/** A named route or step name → its path; an in-app path ("/x", never "//host") passes as is; anything else → undefined. */
export function resolveNamedRoute(name: string | null | undefined): string | undefined {
  if (!name) return undefined;
  if (NAMED_ROUTES[name]) return NAMED_ROUTES[name];
  if ((STEP_NAMES as string[]).includes(name)) return STEP_ROUTE[name as StepName];
  if (/^\/(?!\/)[A-Za-z0-9_\-/]*(\?[A-Za-z0-9_=&%.-]*)?$/.test(name)) return name;
  return undefined;
}
