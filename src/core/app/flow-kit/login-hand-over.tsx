/**
 * The `/login` of a page that has no login screen of its own (the after-opening pages): hands the visitor to the
 * open-account page's login with the way back to this page's route (its query kept, an app ticket dropped), and a
 * "log in again" (`again=1`, the trading password's recent-login rule) stays one. The login sends them back.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageSkeleton } from '../page-skeleton';

/** The open-account page's login, where a browser visitor without a session is sent (it comes back with `redirect`). */
export const LOGIN_PAGE = '/pages/openAccount.html#/login';

export function LoginHandOver({ pagePath }: { pagePath: string }) {
  const [params] = useSearchParams();
  useEffect(() => {
    const back = params.get('redirect') ?? '/';
    const outer = new URLSearchParams(window.location.search);
    outer.delete('ticket');
    const q = outer.toString();
    const here = `${pagePath}${q ? `?${q}` : ''}#${back.startsWith('/') && !back.startsWith('//') ? back : '/'}`;
    const again = params.get('again') === '1' ? '&again=1' : '';
    window.location.replace(`${LOGIN_PAGE}?redirect=${encodeURIComponent(here)}${again}`);
  }, [params, pagePath]);
  return <PageSkeleton />;
}

/** The hand-over as a route's screen (a route table's lazy `load`), for the page at `pagePath`. */
export function loginHandOverTo(pagePath: string) {
  return function PageLogin() {
    return <LoginHandOver pagePath={pagePath} />;
  };
}
