/**
 * /IDcard — the mainland ID card (cn step 1 of 5; spec part 1 "Mainland ID card page", §4, §5, §8).
 * Both sides are photographed and read by IdcardOcr (the front must be the portrait side, the back the emblem
 * side); the fields appear once both are recognised. The name's pinyin and the birthplace come from
 * KYCKeyValue (types 3 and 2). Age and validity limits block with a dialog; Next marks what is missing, else opens
 * the confirmation dialog, whose confirm saves the step. 150204 shows the already-registered dialog.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, idcardOcr, type IdcardOcrResult } from '@core/api';
import type { ApplicationView } from '@core/domain/contract';
import { ErrorCode } from '@core/domain/errors';
import { ID_MIN_VALID_MONTHS, MAX_LEN, birthdayRange, checkAge, checkValidity, englishNameOf, isIsoDate, idValidityRanges, joinValidity, normaliseCnId, normaliseLatinName, type Rule } from '@core/domain/identity';
import { HOME_ROUTE, type StepName, STEP_INTRO_KEY } from '@core/domain/steps';
import type { FieldIssue } from '@core/domain/step-rules';
import { IDCARD_CONFIRM_FIELD } from '@core/domain/steps/idcard';
import type { FileRefData } from '@core/domain/uploads';
import { CardPhotoTile } from '@core/form/sections/CardPhotoTile';
import { useIdRegisteredDialog } from '@core/form/sections/IdRegisteredDialog';
import { useCardOcr } from '@core/form/sections/use-card-ocr';
import { useT } from '@core/i18n';
import { useStepPage, type Binding } from '@core/step-engine';
import { CheckboxRow, CityPicker, ConfirmDialog, DateField, FieldGroup, RadioField, SelectField, StepPage, TextField } from '@core/ui';
import { ContactPopup } from '@core/app/flow-kit/ContactPopup';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { bothRecognised, buildIdcardData, formFromData, readIdNumber, withBackRead, withFrontRead, withPhoto, type IdForm, type Side } from './form-state';
import { useIdLookups } from './use-id-lookups';
import './id-card.css';

const STEP: StepName = 'IDCARD';
/** OCR answers with their own message; any other failure is the generic "recognition failed". */
const OCR_CODES: readonly number[] = [ErrorCode.ID_VALIDITY_INVALID, ErrorCode.ID_UNCLEAR, ErrorCode.ID_NOT_ORIGINAL, ErrorCode.ID_REFLECTIVE];
/**
 * The confirmation time comes with the dialog's confirm; until both sides are recognised only the photos count
 * (the fields are not on the page yet).
 */
const shownIssue = (i: FieldIssue, f: IdForm) => i.field !== IDCARD_CONFIRM_FIELD && (bothRecognised(f) || i.field.startsWith('documentInfo.'));
const idcardDataOf = (f: IdForm) => buildIdcardData(f);
/** The longest value of each field, for the "at most {max}" message. */
const MAX: Record<string, number> = {
  chineseName: MAX_LEN.name,
  lastName: MAX_LEN.name,
  firstName: MAX_LEN.name,
  idNumber: MAX_LEN.cnIdNumber,
  idAddress: MAX_LEN.address,
  birthCity: MAX_LEN.city,
};
type Block = Extract<Rule, 'under18' | 'tooOld' | 'idExpiring' | 'idExpired'>;
const SIDES: readonly Side[] = ['front', 'back'];
const upTo = (max: number) => (v: string) => v.slice(0, max);

export default function IdCardScreen() {
  const t = useT();
  return <WithApplication title={t('idcard.title')} step={STEP}>{(app) => <IdCardForm application={app} />}</WithApplication>;
}

function IdCardForm({ application }: { application: ApplicationView }) {
  const t = useT();
  const navigate = useNavigate();
  const locked = !!application.rejectData?.steps?.length;
  const registered = useIdRegisteredDialog();
  const page = useStepPage(STEP, application, {
    initial: formFromData,
    toData: idcardDataOf,
    limits: MAX,
    filterIssues: shownIssue,
    // nothing is kept before a photo was taken
    draft: (f) => (f.photo.front || f.photo.back ? buildIdcardData(f) : null),
    onError: registered.handle,
  });
  const { form, setForm, bind, bindAt, set, flow, today } = page;
  // the wheels' ranges: the birth dates of the ages opening online, the validity dates the rule can accept
  const born = useMemo(() => birthdayRange(today), [today]);
  const valid = useMemo(() => idValidityRanges(today), [today]);
  const [initial] = useState(form);
  const lookups = useIdLookups(initial, setForm);

  const [wrongSide, setWrongSide] = useState<Side | null>(null);
  const [blockDialog, setBlockDialog] = useState<Block | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const [cityOpen, setCityOpen] = useState(false);

  // ---------------------------------------------------------------- the photos and their reading
  const onRead = (side: Side) => (r: IdcardOcrResult) => {
    if (r.side !== side) {
      setForm((f) => ({ ...f, photo: { ...f.photo, [side]: null } }));
      setWrongSide(side);
    } else if (side === 'back') {
      setForm((f) => withBackRead(f, r));
    } else {
      setForm((f) => withFrontRead(f, r, today, locked));
      if (!locked) {
        lookups.name(r.name);
        lookups.region(readIdNumber(r));
      }
    }
  };
  const ocrOf = (side: Side) => ({
    read: (p: FileRefData) => idcardOcr({ ossId: p.ossId, url: p.url, description: p.description, ossCategory: 'UserInfo' }),
    onRead: onRead(side),
    failure: (err: unknown) => (err instanceof ApiError && typeof err.code === 'number' && OCR_CODES.includes(err.code) ? t(`errors.${err.code}`) : t('idcard.ocrFailed')),
  });
  const ocr = { front: useCardOcr(ocrOf('front')), back: useCardOcr(ocrOf('back')) };
  // a side is marked by its crop: missing with the photo, and when the photo could not be read
  const photo = (side: Side) => bindAt(`documentInfo.CropIdCard.${side}`, form.photo[side], (p: FileRefData | null) => setForm((f) => withPhoto(f, side, p)));

  // ---------------------------------------------------------------- fields
  const birthday = bind('birthday', { touchOnChange: true });
  const validEnd = bind('validEnd', { field: 'idValidTime', touchOnChange: true });
  const chineseName = bind('chineseName', { map: upTo(MAX_LEN.name) });
  const idNumber = bind('idNumber', { map: (v) => upTo(MAX_LEN.cnIdNumber)(normaliseCnId(v)) });
  const city = bind('birthCity', { touchOnChange: true });
  const same = bind('sameAddress', { field: 'contactInfo.mailingSameResidential' });
  /** a pinyin typed by hand is marked as edited */
  const pinyin = (b: Binding<string>): Binding<string> => ({
    ...b,
    onChange: (v) => {
      b.onChange(v);
      set('pinyinEdited', true);
    },
  });

  // ---------------------------------------------------------------- the blocking limits: a dialog once, the field marked
  const shown = bothRecognised(form);
  const ageRule = isIsoDate(form.birthday) ? checkAge(form.birthday, today) : null;
  const validityRule = form.validStart && form.validEnd ? checkValidity(joinValidity(form.validStart, form.validEnd), today) : null;
  const block: Block | null =
    ageRule === 'under18' || ageRule === 'tooOld' ? ageRule : validityRule === 'idExpiring' || validityRule === 'idExpired' ? validityRule : null;
  const lastBlock = useRef<Block | null>(null);
  const blocked = useRef({ birthday, validEnd });
  blocked.current = { birthday, validEnd };
  useEffect(() => {
    if (!shown) return;
    if (block && block !== lastBlock.current) {
      setBlockDialog(block);
      // the field behind it shows its error at once (as if visited)
      (block === 'under18' || block === 'tooOld' ? blocked.current.birthday : blocked.current.validEnd).onBlur();
    }
    lastBlock.current = block;
  }, [block, shown]);

  // the fields the recognition filled appear below the photos: brought into view once, when they appear on this
  // visit (issue 37: they showed below the fold with no cue); not for a saved card shown again
  const info = useRef<HTMLDivElement>(null);
  const wasShown = useRef(shown);
  useEffect(() => {
    if (shown && !wasShown.current) {
      const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      info.current?.scrollIntoView?.({ behavior: still ? 'auto' : 'smooth', block: 'start' });
    }
    wasShown.current = shown;
  }, [shown]);

  const busy = ocr.front.busy || ocr.back.busy;
  const onNext = () => {
    if (!busy && page.check()) setConfirmOpen(true);
  };
  const confirm = () => {
    setConfirmOpen(false);
    void page.next(buildIdcardData(form, new Date().toISOString()));
  };

  return (
    <StepPage title={t('idcard.title')} intro={t(STEP_INTRO_KEY[STEP])} progress={flow.progress} onBack={() => void page.back()} onNext={onNext} nextDisabled={busy} nextLoading={flow.isSaving} className="idc">
      <FieldGroup title={t('idcard.uploadTitle')}>
        <p className="idc__hint">{t('idcard.uploadHint')}</p>
        <div className="idc__cards">
          {SIDES.map((side) => (
            <CardPhotoTile key={side} field={photo(side)} ocr={ocr[side]} label={t(`idcard.${side}`)} category="UserInfo" kind={side === 'front' ? 'idFront' : 'idBack'} />
          ))}
        </div>
      </FieldGroup>

      <div ref={info} className="idc__info-anchor" />
      {shown ? (
        <FieldGroup title={t('idcard.infoTitle')}>
          <TextField
            {...chineseName}
            onBlur={() => {
              chineseName.onBlur();
              lookups.name(form.chineseName);
            }}
            label={t('idcard.chineseName')}
            maxLength={MAX_LEN.name}
            readOnly={locked}
            hint={locked ? t('idcard.readOnlyHint') : undefined}
            required
          />
          <TextField {...pinyin(bind('lastName', { map: normaliseLatinName }))} label={t('idcard.lastName')} placeholder={t('idcard.pinyinPlaceholder')} maxLength={MAX_LEN.name} autoComplete="off" required />
          <TextField
            {...pinyin(bind('firstName', { map: normaliseLatinName }))}
            label={t('idcard.firstName')}
            maxLength={MAX_LEN.name}
            autoComplete="off"
            hint={lookups.polyphone ? <span className="idc__warn">{t('idcard.polyphone')}</span> : undefined}
            required
          />
          <TextField
            {...idNumber}
            onBlur={() => {
              idNumber.onBlur();
              lookups.region(form.idNumber);
            }}
            label={t('idcard.idNumber')}
            maxLength={MAX_LEN.cnIdNumber}
            readOnly={locked}
            autoComplete="off"
            required
          />
          <RadioField<1 | 2>
            {...bind('gender', { touchOnChange: true })}
            label={t('idcard.gender')}
            options={[
              { value: 1, label: t('idcard.male') },
              { value: 2, label: t('idcard.female') },
            ]}
            inline
            required
          />
          <DateField {...birthday} label={t('idcard.birthday')} min={born.min} max={born.max} start={born.start} hint={t('ui.date.ageRange', born.ages)} required />
          <SelectField {...city} label={t('idcard.birthCity')} placeholder={t('idcard.birthCityPick')} onClick={() => setCityOpen(true)} required />
          <div className="idc__validity">
            {/* the validity's one error goes under its end */}
            <DateField {...bind('validStart', { field: 'idValidTime', touchOnChange: true })} error={undefined} label={t('idcard.validStart')} min={valid.start.min} max={valid.start.max} start={valid.start.start} required />
            <DateField
              {...validEnd}
              label={t('idcard.validEnd')}
              longTerm
              min={valid.end.min}
              max={valid.end.max}
              start={valid.end.start}
              hint={t('ui.date.validEndRange', { months: ID_MIN_VALID_MONTHS })}
              required
            />
          </div>
          <TextField {...bind('idAddress', { map: upTo(MAX_LEN.address) })} label={t('idcard.idAddress')} maxLength={MAX_LEN.address} multiline required />
          <CheckboxRow name={same.name} checked={same.value} onChange={same.onChange} error={same.error}>
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

      <CityPicker visible={cityOpen} title={t('idcard.birthCityPick')} onClose={() => setCityOpen(false)} onSelect={({ province, city: c }) => city.onChange(province === c ? province : province + c)} />
      <ContactPopup visible={contactOpen} onClose={() => setContactOpen(false)} />
      <Notice open={wrongSide !== null} title={t('idcard.ocrTitle')} message={wrongSide ? t(wrongSide === 'front' ? 'idcard.wrongFront' : 'idcard.wrongBack') : ''} onClose={() => setWrongSide(null)} />
      <Notice open={blockDialog !== null} title={t('idcard.blockTitle')} message={blockDialog ? t(`rules.${blockDialog}`) : ''} onClose={() => setBlockDialog(null)} />
      <ConfirmDialog
        visible={confirmOpen}
        title={t('idcard.confirmTitle')}
        message={t('idcard.confirmIntro')}
        confirmText={t('idcard.confirm')}
        cancelText={t('idcard.edit')}
        onConfirm={confirm}
        onCancel={() => setConfirmOpen(false)}
      >
        <dl className="esop-dialog__facts">
          <dt>{t('idcard.confirmIdNumber')}</dt>
          <dd>{form.idNumber}</dd>
          <dt>{t('idcard.confirmName')}</dt>
          <dd>{englishNameOf(form.lastName, form.firstName)}</dd>
          <dt>{t('idcard.confirmAddress')}</dt>
          <dd>{form.idAddress}</dd>
        </dl>
        {lookups.polyphone ? <p className="idc__warn idc__note">{t('idcard.polyphoneNote')}</p> : null}
      </ConfirmDialog>
      {registered.dialog}
    </StepPage>
  );
}

/** A one-button notice ("Got it"). */
function Notice({ open, title, message, onClose }: { open: boolean; title: string; message: string; onClose: () => void }) {
  const t = useT();
  return <ConfirmDialog visible={open} title={title} message={message} showCancel={false} confirmText={t('idcard.gotIt')} onConfirm={onClose} onCancel={onClose} />;
}

/** A translated sentence around one link: the parts in order, null where the link goes. */
function splitLink(text: string): (string | null)[] {
  const [before, after = ''] = text.split('\u0000');
  return [before, null, after].filter((p) => p !== '');
}
