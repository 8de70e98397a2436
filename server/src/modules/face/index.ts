/**
 * The face module's public face: the face checks of an application (the desk's case). Other modules import this
 * module through this file only (eslint.config.js); its other files are its own.
 */
export { listChecks } from './repository';
