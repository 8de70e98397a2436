/**
 * /HK_IDcard — Hong Kong, Macau and overseas identity, step 1 of 6 (spec part 1 §2, §3 "Non-mainland ID data",
 * §4, §5, §8 150204): permanent-resident answer (a change resets the form), nationality (China not offered;
 * outside the whitelist → the offline-opening dialog), document type and issuing country (hk-identity.ts), the
 * number, the photos (Macau ID both sides) and, for a non-permanent resident, the permanent-residence country,
 * ID number and proof files. Saved on Next (HK_IDCARD), a draft on leaving. The rules are validateHkIdcard.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@core/api/api-error';
import { bridge, STORAGE_KEY } from '@core/bridge';
import { useT } from '@core/i18n';
import { useStepPage } from '@core/step-engine';
import {
  CardUploader,
  ConfirmDialog,
  CountryPicker,
  FieldGroup,
  FileUploader,
  OptionPicker,
  RadioField,
  SelectField,
  StepPage,
  TextField,
  toast,
  useCountryName,
} from '@core/ui';
import type { ApplicationView } from '@core/domain/contract';
import { ADDRESS_PRIORITY, CHINA, NATIONALITY_PRIORITY, nationalityCheck } from '@core/domain/countries';
import { behaviourOf, ErrorCode } from '@core/domain/errors';
import {
  docNumberMax,
  HK,
  HK_DOC,
  issuingCountryEditable,
  mainlandProofRefused,
  needsBackImage,
  normaliseDocNumber,
  normalisePermanentIdNumber,
  PERMANENT,
  permanentIdNumberMax,
  type HkDocType,
  type PermanentAnswer,
} from '@core/domain/hk-identity';
import { MAX_LEN } from '@core/domain/identity';
import { HOME_ROUTE } from '@core/domain/steps';
import { MAX_FILES, type FileRefData } from '@core/domain/uploads';
import { ContactPopup } from '../../components/ContactPopup';
import { IdRegisteredDialog } from '../../components/IdRegisteredDialog';
import { WithApplication } from '../../components/WithApplication';
import {
  docTypesOf,
  fromHkIdData,
  STEP,
  toHkIdData,
  withDocType,
  withIssuingCountry,
  withNationality,
  withPermanent,
  withPermanentCountry,
  type HkIdForm,
} from './hk-id-form';
import './hk-id-card.css';

const DOC_LABEL: Record<HkDocType, string> = {
  [HK_DOC.HK_ID]: 'hkid.docType.hkId',
  [HK_DOC.MACAU_ID]: 'hkid.docType.macauId',
  [HK_DOC.PASSPORT]: 'hkid.docType.passport',
};

const hkIdDataOf = (f: HkIdForm) => toHkIdData(f);
/** the {max} of the length messages: the document number's by type, the proof files, the other ID numbers */
const limitsOf = (f: HkIdForm): Record<string, number> => ({
  idNumber: docNumberMax(f.doc),
  'documentInfo.idCard': MAX_FILES.overseasId,
  'idExtraInfo.permanent.idNumber': MAX_LEN.otherIdNumber,
});

type Picker = 'nationality' | 'docType' | 'issuing' | 'permanentCountry' | null;

export default function HkIdCardScreen() {
  const t = useT();
  return <WithApplication title={t('hkid.title')}>{(app) => <HkIdPage app={app} />}</WithApplication>;
}

/** The strict mark a location check left on this device (restricted area), besides the application's STATEMENT step. */
function useStrictMark(): boolean {
  const [marked, setMarked] = useState(false);
  useEffect(() => {
    let live = true;
    bridge.storage
      .get(STORAGE_KEY.strictMode)
      .then((v) => live && setMarked(v === '1'))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return marked;
}

function HkIdPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const countryName = useCountryName();
  const [registered, setRegistered] = useState<string | null>(null);
  const page = useStepPage(STEP, app, {
    // the step's draft, else its saved data, else the defaults (permanent resident: yes)
    initial: fromHkIdData,
    toData: hkIdDataOf,
    limits: limitsOf,
    onError: (err) => {
      if (!(err instanceof ApiError)) return false;
      if (err.code === ErrorCode.ID_REGISTERED) {
        const phone = (err.data as { phone?: unknown } | undefined)?.phone;
        setRegistered(typeof phone === 'string' ? phone : '');
        return true;
      }
      // the login-expired, network and "show the message" codes keep the general handling
      if (behaviourOf(err.code).kind !== 'toast') return false;
      toast.show(t('hkid.submitFailed'));
      return true;
    },
  });
  const { form, setForm, errors, flow, ctx } = page;
  const { touch, changed, errorOf } = errors;
  // the photo tiles show only the service's verdict (a missing photo is plain to see; Next stays disabled)
  const serverErrorOf = (field: string): string | undefined => (errors.fromService(field) ? errorOf(field) : undefined);
  // bumped when the documents are cleared, so the uploaders drop what they show
  const [docsKey, setDocsKey] = useState(0);
  const [picker, setPicker] = useState<Picker>(null);
  const [offline, setOffline] = useState(false);
  const [contact, setContact] = useState(false);

  const strict = ctx.strict;
  const strictMark = useStrictMark();
  const permanent = form.permanent === PERMANENT.YES;

  const clearDocs = () => setDocsKey((k) => k + 1);

  const onPermanent = (answer: PermanentAnswer) => {
    if (answer === form.permanent) return;
    setForm((f) => withPermanent(f, answer));
    clearDocs();
    errors.reset();
  };

  const onNationality = (code: string) => {
    if (nationalityCheck(code) !== 'ok') {
      setOffline(true);
      return;
    }
    if (code === form.nationality) return;
    setForm((f) => withNationality(f, code));
    clearDocs();
    touch('nationality');
    changed('nationality', 'idType', 'idCountry', 'idNumber', 'documentInfo.nonMainlandDocument.front', 'documentInfo.nonMainlandDocument.back');
  };

  const openDocType = () => {
    if (!form.nationality) {
      toast.show(t('hkid.selectNationalityFirst'));
      return;
    }
    setPicker('docType');
  };

  const onDocType = (doc: HkDocType) => {
    if (doc === form.doc) return;
    setForm((f) => withDocType(f, doc));
    clearDocs();
    touch('idType');
    changed('idType', 'idCountry', 'idNumber', 'documentInfo.nonMainlandDocument.front', 'documentInfo.nonMainlandDocument.back');
  };

  const onPermanentCountry = (code: string) => {
    const refused = mainlandProofRefused(strict || strictMark, false, code);
    setForm((f) => {
      const next = withPermanentCountry(f, code);
      return refused && next.proofs.length ? { ...next, proofs: [] } : next;
    });
    if (refused && form.proofs.length) {
      clearDocs();
      toast.show(t('rules.mainlandInvestor'));
    }
    touch('idExtraInfo.permanent.idCountry');
    changed('idExtraInfo.permanent.idCountry', 'idExtraInfo.permanent.idNumber', 'documentInfo.idCard');
  };

  // restricted area: the permanent-residence proof of a mainland investor is refused before the file picker opens
  const proofRefused = mainlandProofRefused(strict || strictMark, permanent, form.permanentCountry);
  const refuseProof = (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    toast.show(t('rules.mainlandInvestor'));
  };

  const setFront = (ref: FileRefData | null) => {
    setForm((f) => ({ ...f, front: ref }));
    touch('documentInfo.nonMainlandDocument.front');
    changed('documentInfo.nonMainlandDocument.front');
  };
  const setBack = (ref: FileRefData | null) => {
    setForm((f) => ({ ...f, back: ref }));
    touch('documentInfo.nonMainlandDocument.back');
    changed('documentInfo.nonMainlandDocument.back');
  };

  const docTypes = docTypesOf(form);
  const issuingEditable = issuingCountryEditable(permanent, form.nationality || undefined, form.doc);
  const isHkId = form.doc === HK_DOC.HK_ID;
  const frontKind = form.doc === HK_DOC.PASSPORT ? 'passport' : 'hkFront';
  const frontLabel =
    form.doc === HK_DOC.PASSPORT ? t('hkid.upload.passport') : form.doc === HK_DOC.MACAU_ID ? t('hkid.upload.macauFront') : t('hkid.upload.hkFront');
  const permanentIdHint =
    form.permanentCountry === CHINA ? t('hkid.permanentId.hintCn') : form.permanentCountry === HK ? t('hkid.permanentId.hintHk') : undefined;


  return (
    <StepPage
      title={t('hkid.title')}
      progress={flow.progress}
      onBack={() => void page.back()}
      onNext={() => void page.next()}
      nextDisabled={!page.canNext}
      nextLoading={flow.isSaving}
      className="esop-hkid"
    >
      <FieldGroup>
        <RadioField<PermanentAnswer>
          name="permanentResident"
          label={t('hkid.permanent.label')}
          hint={t('hkid.permanent.hint')}
          value={form.permanent}
          options={[
            { value: PERMANENT.YES, label: t('hkid.permanent.yes') },
            { value: PERMANENT.NO, label: t('hkid.permanent.no') },
          ]}
          onChange={onPermanent}
          inline
          required
        />
        <SelectField
          name="nationality"
          label={t('hkid.nationality.label')}
          value={form.nationality ? countryName(form.nationality) : ''}
          placeholder={t('hkid.choose')}
          onClick={() => setPicker('nationality')}
          error={errorOf('nationality')}
          required
        />
        <SelectField
          name="idType"
          label={t('hkid.docType.label')}
          value={form.doc !== null ? t(DOC_LABEL[form.doc]) : ''}
          placeholder={t('hkid.choose')}
          onClick={openDocType}
          error={errorOf('idType')}
          required
        />
        <SelectField
          name="idCountry"
          label={t('hkid.issuing.label')}
          value={form.issuingCountry ? countryName(form.issuingCountry) : ''}
          placeholder={issuingEditable ? t('hkid.choose') : t('hkid.issuing.auto')}
          onClick={() => setPicker('issuing')}
          readOnly={!issuingEditable}
          error={errorOf('idCountry')}
          required
        />
        <TextField
          name="idNumber"
          label={t('hkid.idNumber.label')}
          value={form.idNumber}
          onChange={(v) => {
            setForm((f) => ({ ...f, idNumber: normaliseDocNumber(f.doc, v) }));
            changed('idNumber');
          }}
          onBlur={() => touch('idNumber')}
          error={errorOf('idNumber')}
          hint={isHkId ? t('hkid.idNumber.hintHk') : undefined}
          placeholder={t('hkid.idNumber.placeholder')}
          maxLength={docNumberMax(form.doc)}
          autoComplete="off"
          required
        />
      </FieldGroup>

      {form.doc !== null ? (
        <FieldGroup title={t('hkid.upload.title')}>
          <p className="esop-hkid__tip">{t('hkid.upload.tip')}</p>
          <div className="esop-hkid__cards">
            <CardUploader
              key={`front-${docsKey}-${form.doc}`}
              name="front"
              label={frontLabel}
              value={form.front}
              onUploaded={(r) => setFront(r)}
              onClear={() => setFront(null)}
              category="UserInfo"
              kind={frontKind}
              error={serverErrorOf('documentInfo.nonMainlandDocument.front')}
            />
            {needsBackImage(form.doc) ? (
              <CardUploader
                key={`back-${docsKey}`}
                name="back"
                label={t('hkid.upload.macauBack')}
                value={form.back}
                onUploaded={(r) => setBack(r)}
                onClear={() => setBack(null)}
                category="UserInfo"
                kind="hkBack"
                error={serverErrorOf('documentInfo.nonMainlandDocument.back')}
              />
            ) : null}
          </div>
        </FieldGroup>
      ) : null}

      {!permanent ? (
        <FieldGroup title={t('hkid.nonPermanent.title')}>
          <SelectField
            name="permanentCountry"
            label={t('hkid.permanentCountry.label')}
            value={form.permanentCountry ? countryName(form.permanentCountry) : ''}
            placeholder={t('hkid.choose')}
            onClick={() => setPicker('permanentCountry')}
            error={errorOf('idExtraInfo.permanent.idCountry')}
            required
          />
          <TextField
            name="permanentIdNumber"
            label={t('hkid.permanentId.label')}
            value={form.permanentIdNumber}
            onChange={(v) => {
              setForm((f) => ({ ...f, permanentIdNumber: normalisePermanentIdNumber(f.permanentCountry || undefined, v) }));
              changed('idExtraInfo.permanent.idNumber');
            }}
            onBlur={() => touch('idExtraInfo.permanent.idNumber')}
            error={errorOf('idExtraInfo.permanent.idNumber')}
            hint={permanentIdHint}
            placeholder={t('hkid.permanentId.placeholder')}
            maxLength={permanentIdNumberMax(form.permanentCountry || undefined)}
            autoComplete="off"
            required
          />
          <div onClickCapture={proofRefused ? refuseProof : undefined} data-refused={proofRefused || undefined}>
            <FileUploader
              key={`proofs-${docsKey}`}
              name="proofs"
              label={t('hkid.proof.label')}
              hint={t('hkid.proof.hint', { max: MAX_FILES.overseasId })}
              value={form.proofs}
              onChange={(files) => {
                setForm((f) => ({ ...f, proofs: files }));
                touch('documentInfo.idCard');
                changed('documentInfo.idCard');
              }}
              max={MAX_FILES.overseasId}
              category="UserInfo"
              error={errorOf('documentInfo.idCard')}
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
        onSelect={(code) => {
          setForm((f) => withIssuingCountry(f, code));
          touch('idCountry');
          changed('idCountry', 'idType');
        }}
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
      <ContactPopup visible={contact} onClose={() => setContact(false)} />
      <IdRegisteredDialog phone={registered} onClose={() => setRegistered(null)} />
    </StepPage>
  );
}


