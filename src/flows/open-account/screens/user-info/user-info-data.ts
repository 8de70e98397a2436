/** The /UserInfo form's values, where they start from, and the USERINFO data they become. */
import { defaultBirthCountry, defaultStatementLang, STATEMENT_LANGS, type StatementLang } from '@core/domain/countries';
import { englishNameOf } from '@core/domain/identity';
import type { StepContext } from '@core/domain/step-rules/types';
import { nationalityOf } from '@core/domain/steps/userinfo';

export interface UserInfoForm {
  chineseName: string;
  lastName: string;
  firstName: string;
  gender: 1 | 2 | undefined;
  birthday: string;
  birthCountry: string;
  birthCity: string;
  email: string;
  defaultLanguage: StatementLang;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The form from the step's draft or saved data, else the defaults (countries.ts): the birth country by nationality,
 * the statement language by the page's language (`pageLang`), else by nationality.
 */
export function initialForm(source: Record<string, unknown> | undefined, ctx: Pick<StepContext, 'saved'>, pageLang?: string): UserInfoForm {
  const src = source ?? {};
  const nationality = nationalityOf(ctx);
  const lang = src.defaultLanguage;
  return {
    chineseName: text(src.chineseName),
    lastName: text(src.lastName),
    firstName: text(src.firstName),
    gender: src.gender === 1 || src.gender === 2 ? src.gender : undefined,
    birthday: text(src.birthday),
    birthCountry: 'birthCountry' in src ? text(src.birthCountry) : defaultBirthCountry(nationality),
    birthCity: text(src.birthCity),
    email: text(src.email),
    defaultLanguage: STATEMENT_LANGS.includes(lang as StatementLang) ? (lang as StatementLang) : defaultStatementLang(pageLang, nationality),
  };
}

/** The USERINFO step data (spec part 1 §3): English name "LAST FIRST", statements by e-mail. */
export function toUserInfoData(f: UserInfoForm): Record<string, unknown> {
  const lastName = f.lastName.trim();
  const firstName = f.firstName.trim();
  return {
    chineseName: f.chineseName.trim(),
    firstName,
    lastName,
    englishName: englishNameOf(lastName, firstName),
    gender: f.gender,
    birthday: f.birthday,
    birthCity: f.birthCity.trim(),
    birthCountry: f.birthCountry,
    email: f.email,
    defaultLanguage: f.defaultLanguage,
    statementDeliveryWay: 'email',
  };
}

/** The birthplace a mainland city pick gives: "province + city" (广东省深圳市), the municipality alone (北京市). */
export const mainlandBirthCity = ({ province, city }: { province: string; city: string }) => (province === city ? city : `${province}${city}`);
