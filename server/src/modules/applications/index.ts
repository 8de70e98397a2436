/**
 * The applications module's public face: the application as other modules read and change it (its row, its files, its
 * history, the step checks' registration). Other modules import this module through this file only
 * (eslint.config.js); its other files are its own.
 */
export { historyEntry, type HistoryEntry } from './events';
export * as lifecycle from './lifecycle';
export { ownedActive, reportPosition } from './service';
export { checkStepData } from './data-bounds';
export { canonicalJson, changeApplication } from './status-change';
export { registerStepCheck, type StepCheck } from './step-checks';
export { unknownCountries } from './step-checks/userinfo';
export { nameOf, toView } from './view';
export { listEvents } from './events-repository';
export { findActiveByUser, findById, foreignFiles, lastSnapshots, latestWitness, linkFiles, renewClaim, snapshotAt, userPhone, type AppRow } from './repository';
export { insertEvidence, latestEvidence, signedAgreements, stepSavedAt, ticketEvidence, type EvidenceRow, type SignedAgreementRow, type TicketEvidenceRow } from './evidence-repository';
export { sha256hex } from './agreements-served';
