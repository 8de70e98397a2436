/**
 * The `/login` of a page that has no login screen of its own (the after-opening pages with a page ticket,
 * account-page.tsx): hands the visitor to the open-account page's login with the way back to this page's route (its
 * query kept, an app ticket dropped). The login sends them back.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageSkeleton } from '../page-skeleton';

/** The open-account page's login, where a browser visitor without a session is sent (it comes back with `redirect`). */
export const LOGIN_PAGE = '/pages/openAccount.html#/login';

/** Where the hand-over sends the visitor: the login, with the way back to `pagePath` (its query, `outerSearch`, kept but an app ticket) at the route `redirect` names. */
export function loginHandOverUrl(pagePath: string, outerSearch: string, params: URLSearchParams): string {
  const back = params.get('redirect') ?? '/';
  const outer = new URLSearchParams(outerSearch);
  outer.delete('ticket');
  const q = outer.toString();
  const here = `${pagePath}${q ? `?${q}` : ''}#${back.startsWith('/') && !back.startsWith('//') ? back : '/'}`;
  return `${LOGIN_PAGE}?redirect=${encodeURIComponent(here)}`;
}

export function LoginHandOver({ pagePath }: { pagePath: string }) {
  const [params] = useSearchParams();
  useEffect(() => {
    window.location.replace(loginHandOverUrl(pagePath, window.location.search, params));
  }, [params, pagePath]);
  return <PageSkeleton />;
}

