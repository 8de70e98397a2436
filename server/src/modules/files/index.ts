/**
 * The files module's public face: an upload's row, its storage and cleaning, as other modules use them. Other modules
 * import this module through this file only (eslint.config.js); its other files are its own.
 */
export { discardFile, signedUrlFor, storeUpload, type FilesDeps } from './service';
export { cleanUpload, reencodeImage } from './clean';
export { contentDisposition } from './disposition';
export { sniffType } from './sniff';
export { activeAppIdOf, findOwnedFile, linkFileIfUnlinked, type FileRow } from './repository';
