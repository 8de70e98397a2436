/**
 * Hand-over between the company search page (/C_SearchCompany) and the page that opened it (the employment
 * page, issue 4). The opener navigates to `companySearchPath(from)`; the search page keeps the chosen (or
 * typed) company in the React Query cache under the opener's path and goes back (navigate(-1), or to `from`
 * when the search page was opened directly); the opener reads it with `useCompanyChoice(from)` and calls
 * `take()` once it has copied it into its form. A cache entry rather than history state because a step
 * back carries no state (docs/decisions.md).
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyChoice } from '@core/domain/company';
import { HOME_ROUTE } from '@core/domain/steps';

export type { CompanyChoice } from '@core/domain/company';

import { COMPANY_SEARCH_ROUTE } from './company-route';

export { COMPANY_SEARCH_ROUTE };

/** Query parameter naming the opener's route. */
export const FROM_PARAM = 'from';

const choiceKey = (from: string) => ['open-account', 'companyChoice', from] as const;

/** A route of this page (a hash path such as /jobStatus): anything else is not followed. */
const isRoutePath = (v: string | null): v is string => !!v && /^\/[A-Za-z0-9_/-]*$/.test(v);

/** The search page's path for an opener at `from` (its route path), optionally with a first search word. */
export function companySearchPath(from: string, word?: string): string {
  const q = new URLSearchParams({ [FROM_PARAM]: from });
  if (word) q.set('word', word);
  return `${COMPANY_SEARCH_ROUTE}?${q.toString()}`;
}

/** For the search page: keeps the choice for the opener and goes back to it. */
export function useHandCompanyBack(): (choice: CompanyChoice) => void {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (choice: CompanyChoice) => {
      const fromParam = new URLSearchParams(location.search).get(FROM_PARAM);
      const from = isRoutePath(fromParam) ? fromParam : null;
      qc.setQueryData(choiceKey(from ?? ''), choice);
      // opened from a page of this flow: one step back; opened directly (no history): to the opener, or home
      if (location.key !== 'default') navigate(-1);
      else navigate(from ?? HOME_ROUTE, { replace: true });
    },
    [location.key, location.search, navigate, qc],
  );
}

/** For the opener (route path `from`): the company chosen on the search page, until taken. */
export function useCompanyChoice(from: string): { choice: CompanyChoice | null; take: () => void } {
  const qc = useQueryClient();
  const key = choiceKey(from);
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => qc.getQueryData<CompanyChoice | null>(key) ?? null,
    enabled: false,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });
  const take = useCallback(() => qc.setQueryData(choiceKey(from), null), [qc, from]);
  return { choice: data ?? null, take };
}
