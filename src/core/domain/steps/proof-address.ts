/**
 * PROOFADDRESS (proof of address, step 3 of 6; spec part 1 §3 "Contact info", §5 "Proof of address").
 * Data: {contactInfo: {residentialAddress, residentialAddressCountry, residentialAddressCity, mailingAddress,
 * mailingAddressCountry, mailingAddressCity, mailingSameResidential: 1}, documentInfo: {proofOfAddress: FileRef[]
 * (1..3)}, w8Info: {residenceAddress}}.
 */
import { checkAddress, checkCity, checkText, type Check } from '../identity';
import { w8Address } from '../w8-address';
import { checkFiles, MAX_FILES } from '../uploads';
import { at, issuesOf, str, type StepValidator } from '../step-rules/types';
import { checkCountry } from './userinfo';
import { shape, text, files, contactInfo, type DataOf } from './schema';
import type { Data, SampleFile, StepSample } from './sample-kit';
import { defineStep } from './define';
import { Rows, txt, filesOf, contactRows, type Describe } from './words-kit';

/** The step's definition (its light part: steps/index.ts). */
export const meta = defineStep({ name: 'PROOFADDRESS', route: '/ProofAddress', titleKey: 'address.title', introKey: 'address.intro', status: 1011, progress: { cn: null, hk: 3 } });

/** PROOFADDRESS (hk): the addresses and their proof; the W-8's residence address. */
export const data = shape({ contactInfo, documentInfo: shape({ proofOfAddress: files }), w8Info: shape({ residenceAddress: text }) });
export type ProofAddressStep = DataOf<typeof data>;

const HAN = /\p{Script=Han}/u;

/** The address contains Chinese characters: its English rendering comes from KYCKeyValue type 4. */
export const hasChinese = (v: string): boolean => HAN.test(v);

/**
 * The W-8BEN residence address of an address without Chinese characters: the W-8BEN rule's line of it
 * (w8Address: letters, digits and spaces, upper case), the same the tax step and the update pages make.
 */
export const residenceAddressOf = (address: string): string => w8Address(address);

/** The English rendering may be longer than the address (pinyin of Chinese characters): the step data's string bound. */
export const RESIDENCE_ADDRESS_MAX = 2000;

/**
 * w8Info.residenceAddress: without Chinese in the address, exactly residenceAddressOf(address); with Chinese, a
 * rendering without Chinese characters and without lower-case letters (the lookup's upper-cased English/pinyin).
 */
export function checkResidenceAddress(v: unknown, address: string): Check {
  const base = checkText(v, RESIDENCE_ADDRESS_MAX);
  if (base) return base;
  const s = str(v);
  if (!hasChinese(address)) return s === residenceAddressOf(address) ? null : 'format';
  return hasChinese(s) || s !== s.toUpperCase() ? 'format' : null;
}

export const rules: StepValidator = (data) => {
  const country = str(at(data, 'contactInfo.residentialAddressCountry'));
  const city = at(data, 'contactInfo.residentialAddressCity');
  const address = at(data, 'contactInfo.residentialAddress');
  const same = at(data, 'contactInfo.mailingSameResidential');
  // on this step the mailing address is the residence (the box must be ticked); a different one is changed
  // after opening (part 3), where the same rules apply to it
  const mailing = (field: 'Address' | 'AddressCountry' | 'AddressCity', value: unknown): Check =>
    same === 1 && at(data, `contactInfo.mailing${field}`) !== value ? 'format' : null;
  return issuesOf([
    ['contactInfo.residentialAddressCountry', checkCountry(at(data, 'contactInfo.residentialAddressCountry'))],
    ['contactInfo.residentialAddressCity', checkCity(city, country)],
    ['contactInfo.residentialAddress', checkAddress(address)],
    ['contactInfo.mailingSameResidential', same === 1 ? null : 'mustTick'],
    ['contactInfo.mailingAddressCountry', mailing('AddressCountry', at(data, 'contactInfo.residentialAddressCountry'))],
    ['contactInfo.mailingAddressCity', mailing('AddressCity', city)],
    ['contactInfo.mailingAddress', mailing('Address', address)],
    ['documentInfo.proofOfAddress', checkFiles(at(data, 'documentInfo.proofOfAddress'), MAX_FILES.default)],
    ['w8Info.residenceAddress', checkAddress(address) ? null : checkResidenceAddress(at(data, 'w8Info.residenceAddress'), str(address))],
  ]);
};

/** How the review desk shows the step's saved data (case-words.ts): its rows. */
export const describe: Describe<ProofAddressStep> = (s) => {
  const r = new Rows();
  contactRows(r, s.contactInfo);
  r.row('documentInfo.proofOfAddress', 'address.proof', filesOf(s.documentInfo?.proofOfAddress));
  r.rowIf('w8Info.residenceAddress', 'tax.w8.address', txt(s.w8Info?.residenceAddress));
  return r;
};

/** The step as steps/full.ts lists it; its `describe` (the desk's, steps/words.ts) and `sample` (tests' and tools', steps/samples.ts) apart. */
export const definition = { meta, data, rules };

// ------------------------------------------------------------------------------------------- sample

/** PROOFADDRESS: a Wan Chai flat, mailing the same, one proof (a PDF of the applicant). */
export function proofAddressSample(proof: SampleFile): Data {
  const address = 'Flat 1, 10 Harbour Road';
  return {
    contactInfo: {
      residentialAddress: address,
      residentialAddressCountry: 'HK',
      residentialAddressCity: '',
      mailingAddress: address,
      mailingAddressCountry: 'HK',
      mailingAddressCity: '',
      mailingSameResidential: 1,
    },
    documentInfo: { proofOfAddress: [proof] },
    w8Info: { residenceAddress: w8Address(address) },
  };
}

export const sample: StepSample = async (src) => proofAddressSample(await src.file('UserApply', 'pdf'));
