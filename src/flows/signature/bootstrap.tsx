/**
 * Organisation signing (issue 14; spec part 3 §2 "Organisation signing", §4, §5, §8): the signer of an organisation's
 * account opens the broker's link (query `ticket`), gives their ID number, then goes through the steps the broker asked
 * for — verify (their details and certificate), doc (the documents to read and to upload), sign — and sees the result.
 */
import { Suspense, lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { PageSkeleton } from '@core/app/page-skeleton';
import { startPage, type StartPageOptions } from '@core/app/start-page';
import { lazyScreen } from '@core/i18n/lazy-screen';
import { SIGN_ROUTE } from './routes';
import './signature.css';

// the frame (the expired-verification handler) loads with the screens: its calls and toasts stay out of the first script
const SignFrame = lazy(() => import('./SignFrame'));
const StartScreen = lazyScreen(() => import('./screens/start/StartScreen'));
const VerifyScreen = lazyScreen(() => import('./screens/verify/VerifyScreen'));
const DocScreen = lazyScreen(() => import('./screens/doc/DocScreen'));
const SignScreen = lazyScreen(() => import('./screens/sign/SignScreen'));
const ResultScreen = lazyScreen(() => import('./screens/result/ResultScreen'));

const routes: RouteObject[] = [
  [SIGN_ROUTE.index, StartScreen],
  [SIGN_ROUTE.verify, VerifyScreen],
  [SIGN_ROUTE.doc, DocScreen],
  [SIGN_ROUTE.sign, SignScreen],
  [SIGN_ROUTE.result, ResultScreen],
].map(([path, Screen]) => ({
  path: path as string,
  element: (
    <Suspense fallback={<PageSkeleton />}>
      <SignFrame>
        <Screen />
      </SignFrame>
    </Suspense>
  ),
}));

/** The page as startPage takes it (the build renders its first screens from the same: scripts/prerender.ts). */
export function pageOptions(): StartPageOptions {
  return {
    routes: [...routes, { path: '*', element: <Navigate to={SIGN_ROUTE.index} replace /> }],
    appTitleKey: 'orgSign.title',
    loginPath: SIGN_ROUTE.index,
  };
}

export function bootstrap(): void {
  startPage(pageOptions());
}
