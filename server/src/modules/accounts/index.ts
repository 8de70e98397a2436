/**
 * The accounts module's public face: the opened client's accounts, the shared kernel of the after-opening modules
 * (the ownership check `mine`, the caller, the account rows they lock and read). Other modules import this module
 * through this file only (eslint.config.js); its other files are its own.
 */
export { accountViews, callerOf, mine, type AccountDeps, type Caller } from './service';
export { accountOwner, insertAccount, lockAccount, openingApplication, type AccountRow } from './repository';
