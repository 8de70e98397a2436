/** Entry of /pages/openEsopAccount.html: the same flow, the application marked as ESOP, the ESOP title (see main.tsx). */
import { startEarly } from './early';
import { loadApp } from './load-app';

startEarly();
loadApp({ esop: true });
