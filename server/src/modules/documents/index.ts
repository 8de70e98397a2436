/**
 * The documents module's public face. Other modules import this module through this file only (eslint.config.js); its
 * other files are its own.
 */
export { Words } from './words';
export { certText, deviceText, groupedHex, hongKongTime, placeText, renderCertificate, type CertificateSection } from './certificate-layout';
export { chainSections, keepFirst, makeCertificate } from './certificate-sign';
