/**
 * USERINFO (HK user info, step 2 of 6; spec part 1 §3 "HK user info", §5 "HK user info").
 * Data: {chineseName, firstName, lastName, englishName ("LAST FIRST"), gender 1|2, birthday YYYY-MM-DD,
 * birthCity, birthCountry, email, defaultLanguage 'zhTc'|'en', statementDeliveryWay 'email'}.
 */
import { isCountryCode, STATEMENT_LANGS } from '../countries';
import {
  checkAge,
  checkChineseName,
  checkCity,
  checkDate,
  checkEmail,
  checkEnglishName,
  englishNameOf,
  type Check,
} from '../identity';
import { issuesOf, str, type StepContext, type StepValidator } from '../step-rules/types';
import { shape, personFields, statementsFields, type DataOf } from './schema';
import type { Data, SampleOptions, StepSample } from './sample-kit';
import { defineStep } from './define';
import { Rows, personRows, statementsRows, type Describe } from './words-kit';

/** The step's definition (its light part: steps/index.ts). */
export const meta = defineStep({ name: 'USERINFO', route: '/UserInfo', titleKey: 'userinfo.title', introKey: 'userinfo.intro', status: 1010, progress: { cn: null, hk: 2 } });

/** USERINFO (hk): the person, the statements' e-mail, language and delivery. */
export const data = shape({ ...personFields, ...statementsFields });
export type UserInfoStep = DataOf<typeof data>;

/** Nationalities (of the saved HK_IDCARD step) for which the Chinese name is required. */
export const CHINESE_NAME_NATIONALITIES: readonly string[] = ['HK', 'MO', 'TW'];

/** The nationality given on the identity step (HK_IDCARD), if saved. */
export const nationalityOf = (ctx: Pick<StepContext, 'saved'>): string | undefined => {
  const n = ctx.saved.HK_IDCARD?.nationality;
  return typeof n === 'string' ? n : undefined;
};

export const chineseNameRequired = (nationality: string | undefined): boolean =>
  !!nationality && CHINESE_NAME_NATIONALITIES.includes(nationality);

/** Birth date: a date in the pickers' range, then the age rule (18 or older, under 76). */
export function checkBirthday(v: unknown, today: string): Check {
  return checkDate(v) ?? checkAge(v, today);
}

/** A country code (ISO 3166-1 alpha-2 form; the service also checks it is a real one). */
export function checkCountry(v: unknown): Check {
  if (v === undefined || v === null || v === '') return 'required';
  return isCountryCode(v) ? null : 'country';
}

const checkChoice = (v: unknown, allowed: readonly unknown[]): Check =>
  v === undefined || v === null || v === '' ? 'required' : allowed.includes(v) ? null : 'choice';

export const rules: StepValidator = (data, ctx) => {
  const lastName = str(data.lastName);
  const firstName = str(data.firstName);
  const names = checkEnglishName(lastName) ?? checkEnglishName(firstName);
  return issuesOf([
    ['chineseName', checkChineseName(data.chineseName, chineseNameRequired(nationalityOf(ctx)))],
    ['lastName', checkEnglishName(data.lastName)],
    ['firstName', checkEnglishName(data.firstName)],
    // the English name is derived: it must be "LAST FIRST" of the two fields (checked once both are right)
    ['englishName', names ? null : data.englishName === englishNameOf(lastName, firstName) ? null : 'format'],
    ['gender', checkChoice(data.gender, [1, 2])],
    ['birthday', checkBirthday(data.birthday, ctx.today)],
    ['birthCountry', checkCountry(data.birthCountry)],
    // the birthplace city: required unless the country is HK or MO (the territory is the city), as for addresses
    ['birthCity', checkCity(data.birthCity, str(data.birthCountry))],
    ['email', checkEmail(data.email)],
    ['defaultLanguage', checkChoice(data.defaultLanguage, STATEMENT_LANGS)],
    ['statementDeliveryWay', checkChoice(data.statementDeliveryWay, ['email'])],
  ]);
};

/** How the review desk shows the step's saved data (case-words.ts): its rows. */
export const describe: Describe<UserInfoStep> = (s) => {
  const r = new Rows();
  personRows(r, s, 'userinfo');
  statementsRows(r, s, 'userinfo');
  return r;
};

/** The step as steps/full.ts lists it; its `describe` (the desk's, steps/words.ts) and `sample` (tests' and tools', steps/samples.ts) apart. */
export const definition = { meta, data, rules };

// ------------------------------------------------------------------------------------------- sample

/** USERINFO: 陳大文 (or `name`; no Chinese name for a non-permanent resident), born 1990-05-04 (or `birthday`). */
export function userinfoSample(opts: SampleOptions = {}): Data {
  const name = opts.name ?? { chinese: opts.permanent === 2 ? '' : '陳大文', last: 'CHAN', first: 'TAI MAN' };
  return {
    chineseName: name.chinese,
    firstName: name.first,
    lastName: name.last,
    englishName: `${name.last} ${name.first}`,
    gender: 1,
    birthday: opts.birthday ?? '1990-05-04',
    birthCity: 'Hong Kong',
    birthCountry: 'HK',
    email: 'taiman@gmail.com',
    defaultLanguage: opts.permanent === 2 ? 'en' : 'zhTc',
    statementDeliveryWay: 'email',
  };
}

export const sample: StepSample = (_src, opts) => userinfoSample(opts);
