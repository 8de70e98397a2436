/**
 * The part of the computer-to-phone hand-off's rules (handoff.ts) that the pages' first script needs: the phone's
 * route in the route table, and the link's parameter. Apart, so that the first script does not carry the rest (the
 * build puts a module whole into one chunk).
 */

/** the phone's route that takes the link or the code */
export const HANDOFF_ROUTE = '/handoff';
/** the link's query parameter that carries the token */
export const HANDOFF_PARAM = 'h';
