/**
 * The org-sign module's public face: organisations and their signing tickets, as the desk manages them. Other modules
 * import this module through this file only (eslint.config.js); its other files are its own.
 */
export { createOrganisation, issueTicket, revoke, statusesOf, ticketState } from './service';
export { findOrganisation, findTicket, listOrganisations, listTickets } from './repository';
