/**
 * /IDcard — the mainland ID card (cn step 1 of 5; spec part 1 "Mainland ID card page", §4, §5, §8).
 * Both sides are photographed and read by IdcardOcr (the front must be the portrait side, the back the emblem
 * side); the fields appear once both are recognised. The name's pinyin and the birthplace come from
 * KYCKeyValue (types 3 and 2). Age and validity limits block with a dialog; Next opens the confirmation
 * dialog, whose confirm saves the step. 150204 shows the already-registered dialog.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, idcardOcr, useApiErrorHandler, useApplyDetail, useBirthplace, useNamePinyin } from '@core/api';
import type { ApplicationView } from '@core/domain/contract';
import { useT } from '@core/i18n';
import { useStepPage } from '@core/step-engine';
import { CardUploader, CheckboxRow, CityPicker, ConfirmDialog, DateField, FieldGroup, RadioField, SelectField, StepPage, TextField } from '@core/ui';
import { behaviourOf, ErrorCode } from '@core/domain/errors';
import {
  ID_MIN_VALID_MONTHS,
  MAX_LEN,
  birthdayRange,
  checkAge,
  checkValidity,
  englishNameOf,
  isIsoDate,
  idValidityRanges,
  joinValidity,
  normaliseCnId,
  normaliseLatinName,
  parseCnId,
  type Rule,
} from '@core/domain/identity';
import { HOME_ROUTE, type StepName } from '@core/domain/steps';
import type { FieldIssue } from '@core/domain/step-rules';
import { IDCARD_CONFIRM_FIELD } from '@core/domain/step-rules/idcard';
import type { FileRefData } from '@core/domain/uploads';
import { ContactPopup } from '../../components/ContactPopup';
import { IdRegisteredDialog } from '../../components/IdRegisteredDialog';
import { bothRecognised, buildIdcardData, formFromData, type IdForm, type Side } from './form-state';
import './id-card.css';

const STEP: StepName = 'IDCARD';
/** OCR answers with their own message; any other failure is the generic "recognition failed". */
const OCR_CODES: readonly number[] = [ErrorCode.ID_VALIDITY_INVALID, ErrorCode.ID_UNCLEAR, ErrorCode.ID_NOT_ORIGINAL, ErrorCode.ID_REFLECTIVE];
/** The longest value of each field, for the "at most {max}" message. */
/** the validity dates' issue is the idValidTime field's */
const LINKED = { validStart: ['idValidTime'], validEnd: ['idValidTime'] };
const withoutConfirmation = (i: FieldIssue) => i.field !== IDCARD_CONFIRM_FIELD;
const initialIdForm = (src: Record<string, unknown> | undefined): IdForm => formFromData(src);
const idcardDataOf = (f: IdForm) => buildIdcardData(f);
const MAX: Record<string, number> = {
  chineseName: MAX_LEN.name,
  lastName: MAX_LEN.name,
  firstName: MAX_LEN.name,
  idNumber: MAX_LEN.cnIdNumber,
  idAddress: MAX_LEN.address,
  birthCity: MAX_LEN.city,
};
type Block = Extract<Rule, 'under18' | 'tooOld' | 'idExpiring' | 'idExpired'>;

export default function IdCardScreen() {
  const { data: application } = useApplyDetail();
  if (!application) return null;
  return <IdCardForm application={application} />;
}

function IdCardForm({ application }: { application: ApplicationView }) {
  const t = useT();
  const navigate = useNavigate();
  const onApiError = useApiErrorHandler();
  const locked = !!application.rejectData?.steps?.length;

  const [registeredPhone, setRegisteredPhone] = useState<string | null>(null);
  const page = useStepPage(STEP, application, {
    initial: initialIdForm,
    toData: idcardDataOf,
    limits: MAX,
    // the confirmation time comes with the dialog's confirm
    filterIssues: withoutConfirmation,
    // nothing is kept before a photo was taken
    draft: (f) => (f.photo.front || f.photo.back ? buildIdcardData(f) : null),
    linked: LINKED,
    onError: (err) => {
      if (err instanceof ApiError && err.code === ErrorCode.ID_REGISTERED) {
        setRegisteredPhone(String((err.data as { phone?: unknown } | undefined)?.phone ?? ''));
        return true;
      }
      return false;
    },
  });
  const { form, setForm, set, errors, flow, issues, today } = page;
  // the wheels' ranges: the birth dates of the ages opening online, the validity dates the rule can accept
  const born = useMemo(() => birthdayRange(today), [today]);
  const valid = useMemo(() => idValidityRanges(today), [today]);
  const [initial] = useState(form);

  // ---------------------------------------------------------------- dialogs
  const [wrongSide, setWrongSide] = useState<Side | null>(null);
  const [blockDialog, setBlockDialog] = useState<Block | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const [cityOpen, setCityOpen] = useState(false);

  // ---------------------------------------------------------------- pinyin (KYCKeyValue 3) and birthplace (2)
  const [pinyinName, setPinyinName] = useState(initial.chineseName);
  const pinyinDone = useRef(initial.lastName || initial.firstName ? initial.chineseName : '');
  const pinyin = useNamePinyin(pinyinName);
  useEffect(() => {
    const d = pinyin.data;
    if (!d || pinyinDone.current === pinyinName) return;
    pinyinDone.current = pinyinName;
    setForm((f) => ({ ...f, lastName: normaliseLatinName(d.surnamePinyin), firstName: normaliseLatinName(d.namePinyin), pinyinEdited: false }));
  }, [pinyin.data, pinyinName, setForm]);
  const polyphone = !!pinyin.data && (pinyin.data.surnameIsPolyphone || pinyin.data.nameIsPolyphone);

  const [regionKey, setRegionKey] = useState(initial.idNumber.slice(0, 6));
  const regionDone = useRef(initial.birthCity ? initial.idNumber.slice(0, 6) : '');
  const birthplace = useBirthplace(regionKey);
  useEffect(() => {
    const place = birthplace.data;
    if (place === undefined || regionDone.current === regionKey) return;
    regionDone.current = regionKey;
    if (place) setForm((f) => ({ ...f, birthCity: place }));
  }, [birthplace.data, regionKey, setForm]);

  // ---------------------------------------------------------------- OCR
  const [ocrBusy, setOcrBusy] = useState<Record<Side, boolean>>({ front: false, back: false });
  const [ocrError, setOcrError] = useState<Record<Side, string | undefined>>({ front: undefined, back: undefined });

  const readSide = useCallback(
    async (side: Side, photo: FileRefData) => {
      setForm((f) => ({ ...f, photo: { ...f.photo, [side]: photo }, crop: { ...f.crop, [side]: null }, recognised: { ...f.recognised, [side]: false } }));
      setOcrError((e) => ({ ...e, [side]: undefined }));
      setOcrBusy((b) => ({ ...b, [side]: true }));
      try {
        const r = await idcardOcr({ ossId: photo.ossId, url: photo.url, description: photo.description, ossCategory: 'UserInfo' });
        if (r.side !== side) {
          setForm((f) => ({ ...f, photo: { ...f.photo, [side]: null } }));
          setWrongSide(side);
          return;
        }
        const crop: FileRefData = { ossId: r.cropIdCard.ossId, url: r.cropIdCard.ossUrl, ossCategory: 'UserInfo' };
        if (side === 'front') {
          const idNumber = normaliseCnId(r.idNumber).slice(0, MAX_LEN.cnIdNumber);
          const parsed = parseCnId(idNumber, today);
          setForm((f) => {
            const id = locked ? f.idNumber : idNumber;
            const fromId = locked ? parseCnId(id, today) : parsed;
            return {
              ...f,
              crop: { ...f.crop, front: crop },
              recognised: { ...f.recognised, front: true },
              chineseName: locked ? f.chineseName : r.name.trim(),
              idNumber: id,
              idAddress: r.idAddress.trim() || f.idAddress,
              gender: r.gender === 1 || r.gender === 2 ? r.gender : fromId.ok ? fromId.gender : f.gender,
              birthday: isIsoDate(r.birthday) ? r.birthday : fromId.ok ? fromId.birthday : f.birthday,
            };
          });
          if (!locked) {
            setPinyinName(r.name.trim());
            setRegionKey(idNumber.slice(0, 6));
          }
        } else {
          const [start, end] = r.idValidTime.split(',');
          setForm((f) => ({
            ...f,
            crop: { ...f.crop, back: crop },
            recognised: { ...f.recognised, back: true },
            idAuthority: r.idAuthority.trim(),
            validStart: start ?? '',
            validEnd: end ?? '',
          }));
        }
      } catch (err) {
        if (err instanceof ApiError && err.code !== 'NETWORK' && behaviourOf(err.code).kind === 'loginExpired') {
          onApiError(err);
          return;
        }
        const code = err instanceof ApiError ? err.code : null;
        setOcrError((e) => ({ ...e, [side]: typeof code === 'number' && OCR_CODES.includes(code) ? t(`errors.${code}`) : t('idcard.ocrFailed') }));
      } finally {
        setOcrBusy((b) => ({ ...b, [side]: false }));
      }
    },
    [locked, onApiError, setForm, t, today],
  );

  // ---------------------------------------------------------------- rules
  const shown = bothRecognised(form);
  const ageRule = isIsoDate(form.birthday) ? checkAge(form.birthday, today) : null;
  const validityRule = form.validStart && form.validEnd ? checkValidity(joinValidity(form.validStart, form.validEnd), today) : null;
  const block: Block | null =
    ageRule === 'under18' || ageRule === 'tooOld' ? ageRule : validityRule === 'idExpiring' || validityRule === 'idExpired' ? validityRule : null;
  const lastBlock = useRef<Block | null>(null);
  useEffect(() => {
    if (!shown) return;
    if (block && block !== lastBlock.current) {
      setBlockDialog(block);
      // the field behind it shows its error at once
      errors.touch(block === 'under18' || block === 'tooOld' ? 'birthday' : 'idValidTime');
    }
    lastBlock.current = block;
  }, [block, shown, errors]);

  const busy = ocrBusy.front || ocrBusy.back;
  const nextDisabled = !shown || busy || issues.length > 0 || !!block;

  const onNext = () => {
    page.reveal();
    if (nextDisabled) return;
    setConfirmOpen(true);
  };
  const confirm = () => {
    setConfirmOpen(false);
    void page.next(buildIdcardData(form, new Date().toISOString()));
  };

  const englishName = englishNameOf(form.lastName, form.firstName);

  return (
    <StepPage
      title={t('idcard.title')}
      progress={flow.progress}
      onBack={() => void page.back()}
      onNext={onNext}
      nextDisabled={nextDisabled}
      nextLoading={flow.isSaving}
      className="idc"
    >
      <FieldGroup title={t('idcard.uploadTitle')}>
        <p className="idc__hint">{t('idcard.uploadHint')}</p>
        <div className="idc__cards">
          {(['front', 'back'] as const).map((side) => (
            <CardUploader
              key={side}
              name={`idCard-${side}`}
              label={t(`idcard.${side}`)}
              value={form.photo[side]}
              category="UserInfo"
              kind={side === 'front' ? 'idFront' : 'idBack'}
              busy={ocrBusy[side]}
              error={ocrError[side]}
              onUploaded={(ref) => readSide(side, ref)}
            />
          ))}
        </div>
      </FieldGroup>

      {shown ? (
        <FieldGroup title={t('idcard.infoTitle')}>
          <TextField
            name="chineseName"
            label={t('idcard.chineseName')}
            value={form.chineseName}
            onChange={(v) => set('chineseName', v.slice(0, MAX_LEN.name))}
            onBlur={() => {
              errors.touch('chineseName');
              setPinyinName(form.chineseName.trim());
            }}
            maxLength={MAX_LEN.name}
            readOnly={locked}
            hint={locked ? t('idcard.readOnlyHint') : undefined}
            error={errors.errorOf('chineseName')}
            required
          />
          <TextField
            name="lastName"
            label={t('idcard.lastName')}
            value={form.lastName}
            onChange={(v) => {
              set('lastName', normaliseLatinName(v));
              set('pinyinEdited', true);
            }}
            onBlur={() => errors.touch('lastName')}
            placeholder={t('idcard.pinyinPlaceholder')}
            maxLength={MAX_LEN.name}
            autoComplete="off"
            error={errors.errorOf('lastName')}
            required
          />
          <TextField
            name="firstName"
            label={t('idcard.firstName')}
            value={form.firstName}
            onChange={(v) => {
              set('firstName', normaliseLatinName(v));
              set('pinyinEdited', true);
            }}
            onBlur={() => errors.touch('firstName')}
            maxLength={MAX_LEN.name}
            autoComplete="off"
            error={errors.errorOf('firstName')}
            hint={polyphone ? <span className="idc__warn">{t('idcard.polyphone')}</span> : undefined}
            required
          />
          <TextField
            name="idNumber"
            label={t('idcard.idNumber')}
            value={form.idNumber}
            onChange={(v) => set('idNumber', normaliseCnId(v).slice(0, MAX_LEN.cnIdNumber))}
            onBlur={() => {
              errors.touch('idNumber');
              if (/^\d{6}/.test(form.idNumber)) setRegionKey(form.idNumber.slice(0, 6));
            }}
            maxLength={MAX_LEN.cnIdNumber}
            readOnly={locked}
            autoComplete="off"
            error={errors.errorOf('idNumber')}
            required
          />
          <RadioField
            name="gender"
            label={t('idcard.gender')}
            value={form.gender}
            options={[
              { value: 1, label: t('idcard.male') },
              { value: 2, label: t('idcard.female') },
            ]}
            onChange={(v) => {
              set('gender', v as 1 | 2);
              errors.touch('gender');
            }}
            error={errors.errorOf('gender')}
            inline
            required
          />
          <DateField
            name="birthday"
            label={t('idcard.birthday')}
            value={form.birthday}
            onChange={(v) => {
              set('birthday', v);
              errors.touch('birthday');
            }}
            min={born.min}
            max={born.max}
            start={born.start}
            hint={t('ui.date.ageRange', born.ages)}
            error={errors.errorOf('birthday')}
            required
          />
          <SelectField
            name="birthCity"
            label={t('idcard.birthCity')}
            value={form.birthCity}
            placeholder={t('idcard.birthCityPick')}
            onClick={() => setCityOpen(true)}
            error={errors.errorOf('birthCity')}
            required
          />
          <div className="idc__validity">
            <DateField
              name="validStart"
              label={t('idcard.validStart')}
              value={form.validStart}
              onChange={(v) => {
                set('validStart', v);
                errors.touch('idValidTime');
              }}
              min={valid.start.min}
              max={valid.start.max}
              start={valid.start.start}
              required
            />
            <DateField
              name="validEnd"
              label={t('idcard.validEnd')}
              value={form.validEnd}
              onChange={(v) => {
                set('validEnd', v);
                errors.touch('idValidTime');
              }}
              longTerm
              min={valid.end.min}
              max={valid.end.max}
              start={valid.end.start}
              hint={t('ui.date.validEndRange', { months: ID_MIN_VALID_MONTHS })}
              error={errors.errorOf('idValidTime')}
              required
            />
          </div>
          <TextField
            name="idAddress"
            label={t('idcard.idAddress')}
            value={form.idAddress}
            onChange={(v) => set('idAddress', v.slice(0, MAX_LEN.address))}
            onBlur={() => errors.touch('idAddress')}
            maxLength={MAX_LEN.address}
            multiline
            error={errors.errorOf('idAddress')}
            required
          />
          <CheckboxRow name="sameAddress" checked={form.sameAddress} onChange={(v) => set('sameAddress', v)}>
            {t('idcard.sameAddress')}
          </CheckboxRow>
          {!form.sameAddress ? (
            <p className="idc__tip" role="status">
              {splitLink(t('idcard.addressTip', { link: '\u0000' })).map((part, i) =>
                part === null ? (
                  <button key={i} type="button" className="idc__link" onClick={() => setContactOpen(true)}>
                    {t('idcard.contactLink')}
                  </button>
                ) : (
                  <span key={i}>{part}</span>
                ),
              )}
            </p>
          ) : null}
        </FieldGroup>
      ) : (
        <p className="idc__wait">{t('idcard.waitBoth')}</p>
      )}

      <p className="idc__change">
        <button type="button" className="idc__link" onClick={() => navigate(HOME_ROUTE)}>
          {t('idcard.changeMethod')}
        </button>
      </p>

      <CityPicker
        visible={cityOpen}
        title={t('idcard.birthCityPick')}
        onClose={() => setCityOpen(false)}
        onSelect={({ province, city }) => {
          set('birthCity', province === city ? province : province + city);
          errors.touch('birthCity');
        }}
      />
      <ContactPopup visible={contactOpen} onClose={() => setContactOpen(false)} />

      <ConfirmDialog
        visible={wrongSide !== null}
        title={t('idcard.ocrTitle')}
        message={wrongSide ? t(wrongSide === 'front' ? 'idcard.wrongFront' : 'idcard.wrongBack') : ''}
        showCancel={false}
        confirmText={t('idcard.gotIt')}
        onConfirm={() => setWrongSide(null)}
        onCancel={() => setWrongSide(null)}
      />
      <ConfirmDialog
        visible={blockDialog !== null}
        title={t('idcard.blockTitle')}
        message={blockDialog ? t(`rules.${blockDialog}`) : ''}
        showCancel={false}
        confirmText={t('idcard.gotIt')}
        onConfirm={() => setBlockDialog(null)}
        onCancel={() => setBlockDialog(null)}
      />
      <ConfirmDialog
        visible={confirmOpen}
        title={t('idcard.confirmTitle')}
        message={t('idcard.confirmIntro')}
        confirmText={t('idcard.confirm')}
        cancelText={t('idcard.edit')}
        onConfirm={confirm}
        onCancel={() => setConfirmOpen(false)}
      >
        <dl className="idc__confirm">
          <dt>{t('idcard.confirmIdNumber')}</dt>
          <dd>{form.idNumber}</dd>
          <dt>{t('idcard.confirmName')}</dt>
          <dd>{englishName}</dd>
          <dt>{t('idcard.confirmAddress')}</dt>
          <dd>{form.idAddress}</dd>
        </dl>
        {polyphone ? <p className="idc__warn idc__note">{t('idcard.polyphoneNote')}</p> : null}
      </ConfirmDialog>
      <IdRegisteredDialog phone={registeredPhone} onClose={() => setRegisteredPhone(null)} />
    </StepPage>
  );
}

/** A translated sentence around one link: the parts in order, null where the link goes. */
function splitLink(text: string): (string | null)[] {
  const [before, after = ''] = text.split('\u0000');
  return [before, null, after].filter((p) => p !== '');
}
