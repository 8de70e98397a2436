/** The after-opening pages of their own: logging in with the app's page ticket. */
import type { Req } from '../domain/contract';
import { callApi } from './client';

/** Logs in with the app's page ticket (query `ticket`) for the page it was made for. */
export const pageTicketLogin = (input: Req<'pageTicketLogin'>) => callApi('pageTicketLogin', input);
