/**
 * Whether the page offers a computer's visitor to go on with the phone (issue 41): the account-opening pages provide
 * true; a step page (core StepPage) on a computer then shows the hand-off card beside it (DesktopHandoff, loaded then).
 */
import { createContext } from 'react';

export const HandoffOffer = createContext(false);
