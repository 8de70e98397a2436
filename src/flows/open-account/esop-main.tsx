/** Entry of /pages/openEsopAccount.html: the same flow, the application marked as ESOP, the ESOP title. */
import { bootstrap } from './bootstrap';

bootstrap({ esop: true });
