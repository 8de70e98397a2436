/** Entry of /pages/openEsopAccount.html: the same flow, the application marked as ESOP, the ESOP title (see main.tsx). */
import { captureEntryChannel } from '@core/bridge/entry-channel';
import { startEarly } from './early';
import { loadApp } from './load-app';

// first, before anything rewrites the address: the agent code and channel it carries (the app banner, the channel change)
captureEntryChannel();
startEarly();
loadApp({ esop: true });
