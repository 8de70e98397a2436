/**
 * The trade-password module's public face: the session's verified trading password. Other modules import this module
 * through this file only (eslint.config.js); its other files are its own.
 */
export { requireVerified } from './service';
