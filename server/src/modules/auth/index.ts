/**
 * The auth module's public face: the applicant's session and settings as other modules need them. Other modules
 * import this module through this file only (eslint.config.js); its other files are its own.
 */
export { endSession, hashSessionId, loginAccountOwner, resolveSession, sessionLives, toUserView, userContact } from './service';
export { startSession } from './start-session';
export type { NewSession } from './service';
export { SESSION_COOKIE, setSessionCookies } from './require-user';
export { getUserSettings } from './settings';
export { setUserApplication } from './repository';
