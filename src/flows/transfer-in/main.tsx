/** Entry of /pages/transferInStock.html (query pageFrom, langType): the transfer-in flow at /transferInStock, with its own title. */
import { TRANSFER_IN } from './pages';
import { startTransferPage } from './start';

startTransferPage(TRANSFER_IN);
