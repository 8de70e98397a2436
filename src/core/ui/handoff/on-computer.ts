/** Whether this page runs in a computer's browser: not the app's web view, not a phone's or a tablet's (domain isMobileBrowser). */
import { bridge } from '@core/bridge';
import { isMobileBrowser } from '@core/domain/handoff';

export function onComputer(): boolean {
  if (typeof navigator === 'undefined' || bridge.isInApp()) return false;
  return !isMobileBrowser(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}
