/**
 * The closing module's public face. Other modules import this module through this file only (eslint.config.js); its
 * other files are its own.
 */
export { protocolStatusOf } from './protocol';
