/** Entry of /pages/assetTransferAgreement.html (query applyId, authorType, pageFrom, langType): the transfer-in flow at /assetTransferAgreement. */
import { ASSET_TRANSFER } from './pages';
import { startTransferPage } from './start';

startTransferPage(ASSET_TRANSFER);
