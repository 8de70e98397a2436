/**
 * /HK_IDcard — Hong Kong, Macau and overseas identity, step 1 of 6 (spec part 1 §2, §3 "Non-mainland ID data",
 * §4, §5, §8 150204): permanent-resident answer (a change resets the form), nationality (China not offered;
 * outside the whitelist → the offline-opening dialog), document type and issuing country (hk-identity.ts), the
 * number, the photos (Macau ID both sides) and, for a non-permanent resident, the permanent-residence country,
 * ID number and proof files. Saved on Next (HK_IDCARD), a draft on leaving. The rules are validateHkIdcard.
 */
import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@core/api/api-error';
import { applyUpdate } from '@core/api/applications';
import { queryKeys } from '@core/api/keys';
import { hkIdcardOcr, passportOcr } from '@core/api/ocr';
import { ErrorCode } from '@core/domain/errors';
import { stepSourceOf } from '@core/domain/step-rules';
import { userInfoWithReading } from '@core/domain/hk-id-reading';
import type { FileRefData } from '@core/domain/uploads';
import { useCardOcr } from '@core/form/sections/use-card-ocr';
import { useStrictMark } from '@core/bridge';
import type { ApplicationView } from '@core/domain/contract';
import { ADDRESS_PRIORITY, CHINA, NATIONALITY_PRIORITY, nationalityCheck } from '@core/domain/countries';
import { behaviourOf } from '@core/domain/errors';
import { docNumberMax, HK, HK_DOC, issuingCountryEditable, mainlandProofRefused, needsBackImage, normaliseDocNumber, normalisePermanentIdNumber, PERMANENT, permanentIdNumberMax, type HkDocType, type PermanentAnswer } from '@core/domain/hk-identity';
import { HOME_ROUTE, STEP_INTRO_KEY } from '@core/domain/steps';
import { MAX_FILES } from '@core/domain/uploads';
import { CardPhotoTile } from '@core/form/sections/CardPhotoTile';
import { useIdRegisteredDialog } from '@core/form/sections/IdRegisteredDialog';
import { useT } from '@core/i18n';
import { useStepPage } from '@core/step-engine';
import { ConfirmDialog, CountryPicker, FieldGroup, FileUploader, OptionPicker, RadioField, SelectField, StepPage, TextField, toast, useCountryName } from '@core/ui';
import { ContactPopup } from '@core/app/flow-kit/ContactPopup';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { DOC_LABEL, docTypesOf, FIELD, FRONT_TILE, fromHkIdData, limitsOf, LINKED, STEP, toHkIdData, withDocType, withIssuingCountry, withNationality, withPermanent, withPermanentCountry, type HkIdForm } from './hk-id-form';
import { HkIdReadSheet, type DocReading } from './HkIdReadSheet';
import './hk-id-card.css';

/** OCR answers with their own message; any other failure is the generic "recognition failed". */
const OCR_CODES: readonly number[] = [ErrorCode.ID_UNCLEAR, ErrorCode.ID_NOT_ORIGINAL, ErrorCode.ID_REFLECTIVE];

type Picker = 'nationality' | 'docType' | 'issuing' | 'permanentCountry' | null;

export default function HkIdCardScreen() {
  const t = useT();
  return <WithApplication title={t('hkid.title')} step={STEP}>{(app) => <HkIdPage app={app} />}</WithApplication>;
}

function HkIdPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const countryName = useCountryName();
  const registered = useIdRegisteredDialog();
  const page = useStepPage(STEP, app, {
    // the step's draft, else its saved data, else the defaults (permanent resident: yes)
    initial: fromHkIdData,
    toData: toHkIdData,
    limits: limitsOf,
    linked: LINKED,
    onError: (err) => {
      if (registered.handle(err)) return true;
      // the login-expired, network and "show the message" codes keep the general handling
      if (!(err instanceof ApiError) || behaviourOf(err.code).kind !== 'toast') return false;
      toast.show(t('hkid.submitFailed'));
      return true;
    },
  });
  const { form, setForm, set, bind, flow, ctx } = page;
  // bumped when the documents are cleared, so the uploaders drop what they show
  const [docsKey, setDocsKey] = useState(0);
  const [picker, setPicker] = useState<Picker>(null);
  const [offline, setOffline] = useState(false);
  const [contact, setContact] = useState(false);

  const strictMark = useStrictMark();
  const permanent = form.permanent === PERMANENT.YES;

  // the HKID front or the passport's machine-readable zone read by OCR (issue 41): what it says is offered in a sheet;
  // accepted, it fills the number (and a passport's issuing country) here and the names, birth date and sex of the next
  // step (its draft, empty fields only)
  const qc = useQueryClient();
  const [reading, setReading] = useState<DocReading | null>(null);
  const [using, setUsing] = useState(false);
  const ocrFailure = (fallback: string) => (err: unknown) =>
    err instanceof ApiError && typeof err.code === 'number' && OCR_CODES.includes(err.code) ? t(`errors.${err.code}`) : t(fallback);
  const ref = (p: FileRefData) => ({ ossId: p.ossId, url: p.url, description: p.description, ossCategory: 'UserInfo' as const });
  const hkOcr = useCardOcr({
    read: (p: FileRefData) => hkIdcardOcr(ref(p)),
    onRead: (read) => setReading({ kind: 'hkid', read }),
    failure: ocrFailure('hkid.ocr.failed'),
  });
  const mrzOcr = useCardOcr({
    read: (p: FileRefData) => passportOcr(ref(p)),
    onRead: (read) => setReading({ kind: 'passport', read }),
    failure: ocrFailure('hkid.ocr.passportFailed'),
  });
  const acceptReading = async ({ kind, read: r }: DocReading) => {
    setUsing(true);
    set('idNumber', normaliseDocNumber(form.doc, r.idNumber), true);
    // a passport's issuing country where the applicant picks it (never China on this route)
    if (kind === 'passport' && r.issuingCountry && r.issuingCountry !== CHINA && issuingEditable && r.issuingCountry !== form.issuingCountry) onIssuing(r.issuingCountry);
    const { data, filled } = userInfoWithReading(stepSourceOf(app.data, 'USERINFO'), kind === 'hkid' ? r : { ...r, chineseName: '' });
    let nextStepFilled = false;
    try {
      if (filled.length) {
        const saved = await applyUpdate({ appId: app.appId, currentStep: 'USERINFO', data, draft: true });
        qc.setQueryData(queryKeys.application(), saved.application);
        nextStepFilled = true;
      }
    } catch {
      // the number is filled all the same; the next step is typed as before (a locked step, a network failure)
    } finally {
      setUsing(false);
      setReading(null);
    }
    // what the toast says is what was filled: the next step too, or only the number
    const words = kind === 'passport' ? (['hkid.ocr.passportUsedAll', 'hkid.ocr.passportUsedNumber'] as const) : (['hkid.ocr.usedAll', 'hkid.ocr.usedNumber'] as const);
    toast.show(t(nextStepFilled ? words[0] : words[1]));
  };

  /** a rule's change of several fields: each changed one through the kit (its service issue goes), the documents cleared */
  const apply = (next: HkIdForm) => {
    for (const k of Object.keys(next) as (keyof HkIdForm)[]) if (next[k] !== form[k]) set(k, next[k]);
  };
  const clearDocs = () => setDocsKey((n) => n + 1);

  const onPermanent = (answer: PermanentAnswer) => {
    if (answer === form.permanent) return;
    setForm((f) => withPermanent(f, answer));
    clearDocs();
    // the form starts again: nothing of it was touched yet
    page.errors.reset();
  };

  const onNationality = (code: string) => {
    if (nationalityCheck(code) !== 'ok') {
      setOffline(true);
      return;
    }
    if (code === form.nationality) return;
    apply(withNationality(form, code));
    clearDocs();
    set('nationality', code, true);
  };

  const openDocType = () => (form.nationality ? setPicker('docType') : toast.show(t('hkid.selectNationalityFirst')));

  const onDocType = (doc: HkDocType) => {
    if (doc === form.doc) return;
    apply(withDocType(form, doc));
    clearDocs();
    set('doc', doc, true);
  };

  const onIssuing = (code: string) => {
    apply(withIssuingCountry(form, code));
    set('issuingCountry', withIssuingCountry(form, code).issuingCountry, true);
  };

  const onPermanentCountry = (code: string) => {
    const refused = mainlandProofRefused(ctx.strict || strictMark, false, code);
    const next = withPermanentCountry(form, code);
    apply(refused && next.proofs.length ? { ...next, proofs: [] } : next);
    if (refused && form.proofs.length) {
      clearDocs();
      toast.show(t('rules.mainlandInvestor'));
    }
    set('permanentCountry', code, true);
  };

  // restricted area: the permanent-residence proof of a mainland investor is refused before the file picker opens
  const proofRefused = mainlandProofRefused(ctx.strict || strictMark, permanent, form.permanentCountry);
  const refuseProof = (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    toast.show(t('rules.mainlandInvestor'));
  };

  const frontField = bind('front', { field: FIELD.front });
  // the HKID's front and a passport's data page are read; a Macau card is not
  const docOcr = form.doc === HK_DOC.HK_ID ? hkOcr : form.doc === HK_DOC.PASSPORT ? mrzOcr : undefined;
  const docTypes = docTypesOf(form);
  const issuingEditable = issuingCountryEditable(permanent, form.nationality || undefined, form.doc);
  const front = FRONT_TILE[form.doc ?? HK_DOC.HK_ID];
  const permanentIdHint =
    form.permanentCountry === CHINA ? t('hkid.permanentId.hintCn') : form.permanentCountry === HK ? t('hkid.permanentId.hintHk') : undefined;

  return (
    <StepPage title={t('hkid.title')} intro={t(STEP_INTRO_KEY[STEP])} progress={flow.progress} onBack={() => void page.back()} onNext={() => void page.next()} nextLoading={flow.isSaving} className="esop-hkid">
      <FieldGroup>
        <RadioField<PermanentAnswer>
          {...bind('permanent', { field: 'permanentResident' })}
          onChange={onPermanent}
          label={t('hkid.permanent.label')}
          hint={t('hkid.permanent.hint')}
          options={[
            { value: PERMANENT.YES, label: t('hkid.permanent.yes') },
            { value: PERMANENT.NO, label: t('hkid.permanent.no') },
          ]}
          inline
          required
        />
        <SelectField
          {...bind('nationality')}
          label={t('hkid.nationality.label')}
          value={form.nationality ? countryName(form.nationality) : ''}
          placeholder={t('hkid.choose')}
          onClick={() => setPicker('nationality')}
          required
        />
        <SelectField
          {...bind('doc', { field: FIELD.doc })}
          label={t('hkid.docType.label')}
          value={form.doc !== null ? t(DOC_LABEL[form.doc]) : ''}
          placeholder={t('hkid.choose')}
          onClick={openDocType}
          required
        />
        <SelectField
          {...bind('issuingCountry', { field: FIELD.issuingCountry })}
          label={t('hkid.issuing.label')}
          value={form.issuingCountry ? countryName(form.issuingCountry) : ''}
          placeholder={issuingEditable ? t('hkid.choose') : t('hkid.issuing.auto')}
          onClick={() => setPicker('issuing')}
          readOnly={!issuingEditable}
          required
        />
        <TextField
          {...bind('idNumber', { map: (v) => normaliseDocNumber(form.doc, v) })}
          label={t('hkid.idNumber.label')}
          hint={form.doc === HK_DOC.HK_ID ? t('hkid.idNumber.hintHk') : undefined}
          placeholder={t('hkid.idNumber.placeholder')}
          maxLength={docNumberMax(form.doc)}
          autoComplete="off"
          required
        />
      </FieldGroup>

      {form.doc !== null ? (
        <FieldGroup title={t('hkid.upload.title')}>
          <p className="esop-hkid__tip">{t('hkid.upload.tip')}</p>
          {form.doc === HK_DOC.HK_ID ? <p className="esop-hkid__tip">{t('hkid.ocr.tip')}</p> : null}
          {form.doc === HK_DOC.PASSPORT ? <p className="esop-hkid__tip">{t('hkid.ocr.passportTip')}</p> : null}
          <div className="esop-hkid__cards">
            <CardPhotoTile
              key={`front-${docsKey}-${form.doc}`}
              field={frontField}
              label={t(front.label)}
              category="UserInfo"
              kind={front.kind}
              // a reading that failed is advice (the photo stays, the number can be typed): a save's verdict on the photo comes first
              ocr={docOcr ? { ...docOcr, error: frontField.error ? undefined : docOcr.error } : undefined}
              clearable
            />
            {needsBackImage(form.doc) ? (
              <CardPhotoTile key={`back-${docsKey}`} field={bind('back', { field: FIELD.back })} label={t('hkid.upload.macauBack')} category="UserInfo" kind="hkBack" clearable />
            ) : null}
          </div>
        </FieldGroup>
      ) : null}

      {!permanent ? (
        <FieldGroup title={t('hkid.nonPermanent.title')}>
          <SelectField
            {...bind('permanentCountry', { field: FIELD.permanentCountry })}
            label={t('hkid.permanentCountry.label')}
            value={form.permanentCountry ? countryName(form.permanentCountry) : ''}
            placeholder={t('hkid.choose')}
            onClick={() => setPicker('permanentCountry')}
            required
          />
          <TextField
            {...bind('permanentIdNumber', { field: FIELD.permanentIdNumber, map: (v) => normalisePermanentIdNumber(form.permanentCountry || undefined, v) })}
            label={t('hkid.permanentId.label')}
            hint={permanentIdHint}
            placeholder={t('hkid.permanentId.placeholder')}
            maxLength={permanentIdNumberMax(form.permanentCountry || undefined)}
            autoComplete="off"
            required
          />
          <div onClickCapture={proofRefused ? refuseProof : undefined} data-refused={proofRefused || undefined}>
            <FileUploader
              key={`proofs-${docsKey}`}
              {...bind('proofs', { field: FIELD.proofs, touchOnChange: true })}
              label={t('hkid.proof.label')}
              hint={t('hkid.proof.hint', { max: MAX_FILES.overseasId })}
              max={MAX_FILES.overseasId}
              category="UserInfo"
              required
            />
          </div>
        </FieldGroup>
      ) : null}

      <p className="esop-hkid__switch">
        <Link to={HOME_ROUTE}>{t('hkid.changeType')}</Link>
      </p>

      <CountryPicker
        visible={picker === 'nationality'}
        title={t('hkid.nationality.picker')}
        onClose={() => setPicker(null)}
        onSelect={onNationality}
        priority={NATIONALITY_PRIORITY}
        exclude={[CHINA]}
        value={form.nationality}
      />
      <OptionPicker<HkDocType>
        visible={picker === 'docType'}
        title={t('hkid.docType.picker')}
        options={docTypes.map((d) => ({ value: d, label: t(DOC_LABEL[d]) }))}
        onSelect={onDocType}
        onClose={() => setPicker(null)}
        value={form.doc ?? undefined}
      />
      <CountryPicker
        visible={picker === 'issuing'}
        title={t('hkid.issuing.picker')}
        onClose={() => setPicker(null)}
        onSelect={onIssuing}
        priority={NATIONALITY_PRIORITY}
        exclude={[CHINA]}
        value={form.issuingCountry}
      />
      <CountryPicker
        visible={picker === 'permanentCountry'}
        title={t('hkid.permanentCountry.picker')}
        onClose={() => setPicker(null)}
        onSelect={onPermanentCountry}
        priority={ADDRESS_PRIORITY}
        value={form.permanentCountry}
      />

      <ConfirmDialog
        visible={offline}
        title={t('hkid.offline.title')}
        message={t('hkid.offline.message')}
        confirmText={t('hkid.offline.contact')}
        cancelText={t('hkid.offline.again')}
        onConfirm={() => {
          setOffline(false);
          setContact(true);
        }}
        onCancel={() => setOffline(false)}
      />
      <HkIdReadSheet reading={reading} nationality={form.nationality} busy={using} onUse={(r) => void acceptReading(r)} onClose={() => setReading(null)} />
      <ContactPopup visible={contact} onClose={() => setContact(false)} />
      {registered.dialog}
    </StepPage>
  );
}
