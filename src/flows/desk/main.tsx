/** The review desk's entry (pages/desk/index.html). */
import { nonceStyles, readNonce } from './style-nonce';
import '@ant-design/v5-patch-for-react-19';
import '@refinedev/antd/dist/reset.css';
import './desk.css';
import { createRoot } from 'react-dom/client';
import { onCaughtError } from '@core/ui/caught-errors';
import { DeskApp } from './DeskApp';

nonceStyles(readNonce());
createRoot(document.getElementById('root')!, { onCaughtError }).render(<DeskApp />);
