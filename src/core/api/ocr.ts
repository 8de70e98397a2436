import type { Req, Res } from '../domain/contract';
import { callApi } from './client';

export type IdcardOcrInput = Req<'idcardOcr'>;
export type IdcardOcrResult = Res<'idcardOcr'>;

/**
 * Reads an uploaded ID card photo (the caller's own file): {side, name, idNumber, idAddress, gender, birthday,
 * idAuthority, idValidTime, cropIdCard}. Errors 151201-151204 as the contract lists; 60 s timeout (CALLS).
 */
export const idcardOcr = (ref: IdcardOcrInput) => callApi('idcardOcr', ref);

export type BankcardOcrInput = Req<'bankcardOcr'>;
export type BankcardOcrResult = Res<'bankcardOcr'>;

/** Reads the card number (digits only) from an uploaded bank card photo; 150302 when none can be read. */
export const bankcardOcr = (ref: BankcardOcrInput) => callApi('bankcardOcr', ref);

export type HkIdcardOcrResult = Res<'hkIdcardOcr'>;

/**
 * Reads an uploaded photo of a Hong Kong identity card's front (issue 41): {idNumber, lastName, firstName,
 * chineseName, birthday, gender, cropIdCard}. Errors 151202-151204; 60 s timeout (CALLS).
 */
export const hkIdcardOcr = (ref: IdcardOcrInput) => callApi('hkIdcardOcr', ref);

export type PassportOcrResult = Res<'passportOcr'>;

/**
 * Reads the machine-readable zone of an uploaded photo of a passport's data page (issue 41): {idNumber,
 * issuingCountry, nationality, lastName, firstName, birthday, gender, expiry, cropIdCard}. Errors 151201-151204; 60 s.
 */
export const passportOcr = (ref: IdcardOcrInput) => callApi('passportOcr', ref);
