/** Entry of /pages/openAccount.html. */
import { bootstrap } from './bootstrap';

bootstrap({ esop: false });
