/**
 * The updates module's public face: the desk's decisions on a client's update. Other modules import this module
 * through this file only (eslint.config.js); its other files are its own.
 */
export { approveUpdate, rejectUpdate } from './service';
