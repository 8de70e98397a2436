/** What the signing screens share: the ticket's state (ApplyDetail), the route of its current step, the session. */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { signDetailQuery, signSession } from '@core/api/org-sign';
import { currentSignStep, signStepProgress, type OrgSignStatuses, type OrgSignStep } from '@core/domain/org-sign';
import { SIGN_ROUTE } from './routes';

export function useSignDetail() {
  return useQuery({ ...signDetailQuery(), enabled: !!signSession.get() });
}

/** The route the ticket's state leads to (the current step, else the result). */
export const routeOf = (s: OrgSignStatuses): string => SIGN_ROUTE[currentSignStep(s)];

/** Navigates to where the state leads; `replace` when the current screen should not stay in the history. */
export function useGoOn() {
  const navigate = useNavigate();
  return (s: OrgSignStatuses, replace = false) => navigate(routeOf(s), { replace });
}

/** "Step n of m" of a step among the ones the broker asked for. */
export const progressOf = (s: OrgSignStatuses, step: OrgSignStep) => {
  const p = signStepProgress(s, step);
  return p ? { current: p.index, total: p.total } : undefined;
};

/** The organisation's name as the page's language reads it: its Chinese name in Chinese when it has one. */
export const organisationNameIn = (d: { organisationName: string; chineseName: string }, lang: string): string =>
  lang.startsWith('zh') && d.chineseName ? d.chineseName : d.organisationName;
