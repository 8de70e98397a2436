/**
 * The lookup module's public face. Other modules import this module through this file only (eslint.config.js); its
 * other files are its own.
 */
export { COMPOUND_SURNAMES } from './name-pinyin';
export { isKnownRegion } from './regions';
