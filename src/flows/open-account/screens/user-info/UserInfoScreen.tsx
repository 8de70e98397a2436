/**
 * /UserInfo — HK user info, step 2 of 6 (spec part 1 §2, §3 "HK user info", §5 "HK user info"): Chinese name
 * (required for nationality HK, MO, TW), English last and given name (upper case as typed), gender, birth date
 * (18 or older and under 76, otherwise a limit dialog), birthplace, e-mail with domain suggestions, statement
 * language. Saved on Next (USERINFO), a draft on leaving. The rules are the domain's validateUserInfo.
 */
import { useMemo, useState } from 'react';
import { useClientConfig } from '@core/api';
import { STEP_INTRO_KEY } from '@core/domain/steps';
import { useLang, useT } from '@core/i18n';
import {
  CityPicker,
  ConfirmDialog,
  CountryPicker,
  DateField,
  EmailField,
  FieldGroup,
  RadioField,
  SelectField,
  StepPage,
  TextField,
  useCountryName,
} from '@core/ui';
import type { ApplicationView } from '@core/domain/contract';
import { BIRTH_PRIORITY, CHINA, type StatementLang } from '@core/domain/countries';
import { birthdayRange, CITY_OPTIONAL_COUNTRIES, checkAge, MAX_LEN, normaliseLatinName } from '@core/domain/identity';
import { chineseNameRequired, nationalityOf } from '@core/domain/steps/userinfo';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { useStepPage } from '@core/step-engine';
import { initialForm, mainlandBirthCity, toUserInfoData } from './user-info-data';
import './user-info.css';

const STEP = 'USERINFO';

const upperName = (v: string) => normaliseLatinName(v, true);
/** an English-name issue goes with a change of either part */
const LINKED = { lastName: ['englishName'], firstName: ['englishName'] };
const LIMITS = { chineseName: MAX_LEN.name, lastName: MAX_LEN.name, firstName: MAX_LEN.name, birthCity: MAX_LEN.city, email: MAX_LEN.email };

export default function UserInfoScreen() {
  const t = useT();
  return <WithApplication title={t('userinfo.title')} step={STEP}>{(app) => <UserInfoPage app={app} />}</WithApplication>;
}

type AgeLimit = 'under18' | 'tooOld';

function UserInfoPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const countryName = useCountryName();
  const config = useClientConfig();
  const [picker, setPicker] = useState<'country' | 'city' | null>(null);
  const [ageDialog, setAgeDialog] = useState<AgeLimit | null>(null);
  const [lastAge, setLastAge] = useState<AgeLimit>('under18');

  const { lang } = useLang();
  const page = useStepPage(STEP, app, { initial: (src, ctx) => initialForm(src, ctx, lang), toData: toUserInfoData, limits: LIMITS, linked: LINKED });
  const { form, set, bind, bindAt, flow, ctx, today } = page;
  // the wheel offers the birth dates of the ages opening online (the age rule's), opening 30 years back
  const born = useMemo(() => birthdayRange(today), [today]);
  const nationality = nationalityOf(ctx);

  const birthday = bind('birthday', { touchOnChange: true });
  const onBirthday = (v: string) => {
    birthday.onChange(v);
    const limit = checkAge(v, today);
    if (limit === 'under18' || limit === 'tooOld') {
      setLastAge(limit);
      setAgeDialog(limit);
    }
  };

  const onCountry = (code: string) => {
    if (code !== form.birthCountry) set('birthCity', '');
    set('birthCountry', code, true);
  };

  const lastName = bind('lastName', { map: upperName });
  // the English name is derived from the two parts: its issue (the service's) shows on the last name
  const englishName = bindAt('englishName', form.lastName, lastName.onChange);
  const country = bind('birthCountry');
  const city = bind('birthCity');

  const cityOptional = CITY_OPTIONAL_COUNTRIES.includes(form.birthCountry);
  const servicePhone = config.data?.servicePhones.hongKong;
  const shownAge = ageDialog ?? lastAge;

  return (
    <StepPage
      title={t('userinfo.title')}
      intro={t(STEP_INTRO_KEY[STEP])}
      progress={flow.progress}
      onBack={() => void page.back()}
      onNext={() => void page.next()}
      nextLoading={flow.isSaving}
      className="esop-userinfo"
    >

      <FieldGroup title={t('userinfo.groupName')}>
        <TextField
          {...bind('chineseName')}
          label={t('userinfo.chineseName')}
          placeholder={t('userinfo.chineseNamePlaceholder')}
          maxLength={MAX_LEN.name}
          required={chineseNameRequired(nationality)}
          autoComplete="name"
        />
        {/* the derived English name's issue is marked on its two parts (focus: the last name) */}
        <div data-name={englishName.name}>
        <TextField
          {...lastName}
          label={t('userinfo.lastName')}
          error={lastName.error ?? englishName.error}
          placeholder={t('userinfo.lastNamePlaceholder')}
          maxLength={MAX_LEN.name}
          required
          autoComplete="family-name"
        />
        <TextField
          {...bind('firstName', { map: upperName })}
          label={t('userinfo.firstName')}
          hint={t('userinfo.nameHint')}
          placeholder={t('userinfo.firstNamePlaceholder')}
          maxLength={MAX_LEN.name}
          required
          autoComplete="given-name"
        />
        </div>
        <RadioField<1 | 2>
          {...bind('gender', { touchOnChange: true })}
          label={t('userinfo.gender')}
          options={[
            { value: 1, label: t('userinfo.male') },
            { value: 2, label: t('userinfo.female') },
          ]}
          inline
          required
        />
      </FieldGroup>

      <FieldGroup title={t('userinfo.groupBirth')}>
        <DateField
          {...birthday}
          onChange={onBirthday}
          label={t('userinfo.birthday')}
          min={born.min}
          max={born.max}
          start={born.start}
          hint={t('ui.date.ageRange', born.ages)}
          required
        />
        <SelectField
          name={country.name}
          label={t('userinfo.birthCountry')}
          value={countryName(country.value)}
          onClick={() => setPicker('country')}
          error={country.error}
          required
        />
        {form.birthCountry === CHINA ? (
          <SelectField
            name={city.name}
            label={t('userinfo.birthCity')}
            value={city.value}
            placeholder={t('userinfo.birthCityPick')}
            onClick={() => setPicker('city')}
            error={city.error}
            required
          />
        ) : (
          <TextField
            {...city}
            label={t('userinfo.birthCity')}
            placeholder={t('userinfo.birthCityPlaceholder')}
            maxLength={MAX_LEN.city}
            required={!cityOptional}
          />
        )}
      </FieldGroup>

      <FieldGroup title={t('userinfo.groupContact')}>
        <EmailField
          {...bind('email')}
          label={t('userinfo.email')}
          placeholder={t('userinfo.emailPlaceholder')}
          required
        />
        <p className="esop-userinfo__note">{t('userinfo.emailHint')}</p>
        <RadioField<StatementLang>
          {...bind('defaultLanguage', { touchOnChange: true })}
          label={t('userinfo.language')}
          options={[
            { value: 'zhTc', label: t('userinfo.zhTc') },
            { value: 'en', label: t('userinfo.en') },
          ]}
          hint={t('bankcard.languageHint')}
          inline
          required
        />
      </FieldGroup>

      <CountryPicker
        visible={picker === 'country'}
        title={t('userinfo.birthCountryPicker')}
        onClose={() => setPicker(null)}
        onSelect={onCountry}
        priority={BIRTH_PRIORITY}
        value={form.birthCountry}
      />
      <CityPicker
        visible={picker === 'city'}
        title={t('userinfo.birthCityPicker')}
        onClose={() => setPicker(null)}
        onSelect={(place) => set('birthCity', mainlandBirthCity(place), true)}
      />
      <ConfirmDialog
        visible={ageDialog !== null}
        title={t(shownAge === 'under18' ? 'userinfo.under18Title' : 'userinfo.tooOldTitle')}
        message={t(shownAge === 'under18' ? 'userinfo.under18' : 'userinfo.tooOld')}
        showCancel={false}
        confirmText={t('userinfo.changeDate')}
        onConfirm={() => setAgeDialog(null)}
        onCancel={() => setAgeDialog(null)}
      >
        {shownAge === 'tooOld' && servicePhone ? (
          <p className="esop-userinfo__phone">
            {t('userinfo.servicePhone')} <a href={`tel:${servicePhone.replace(/[^\d+]/g, '')}`}>{servicePhone}</a>
          </p>
        ) : null}
      </ConfirmDialog>
    </StepPage>
  );
}
