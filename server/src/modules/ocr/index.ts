/**
 * The ocr module's public face: the card finding and quality rules, the readings of an application (the desk's case).
 * Other modules import this module through this file only (eslint.config.js); its other files are its own.
 */
export { QUALITY_LIMITS, cardQuality, findCard } from './card-image';
export { readingsOf } from './repository';
