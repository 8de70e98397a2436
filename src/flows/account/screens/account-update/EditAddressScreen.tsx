/**
 * /editAddress — the address module of an account update (spec part 3 §2 "Account update area", §5 "Update address"):
 * the residential address with its proof, and whether mail goes there or to a different address (filled in on
 * /editAddressDetails). Save asks the service (ClientApply, or ClientUpdate when an update is open) once something
 * changed and every address has a proof (else the spec's toasts: no change, upload address proof); then /AllDataCheck.
 * Leaving with changes asks whether to save.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSaveUpdate } from '@core/api/updates';
import { MAILING, UPDATE_ACTION, UPDATE_MODULE, UPDATE_ROUTE, addressLine, addressPartIssues, addressSaveBlock, changed, isUpdateOpen, isUpdateRejected } from '@core/domain/account-update';
import { markFirst } from '@core/form/mark';
import { useRuleForm } from '@core/form/use-rule-form';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { RadioField } from '@core/ui/form/RadioField';
import { useCountryName } from '@core/ui/pickers/country-names';
import { useToast } from '@core/ui/toast';
import { AccountGate } from '@core/app/flow-kit/AccountGate';
import { ADDRESS_LIMITS, AddressFields, addressRules, proofField } from './AddressFields';
import { addressDraft, startingAddress, type AddressForm } from './address-draft';
import { LeaveDialog } from './update-parts';
import { useAccountUpdate, useUpdateErrorHandler } from './use-account-update';
import './account-update.css';

export default function EditAddressScreen() {
  const t = useT();
  const { acct, applys, q, passwordFirst, pending } = useAccountUpdate();
  const title = t('accountUpdate.address.title');
  if (pending) return <AccountGate title={title} state="loading" />;
  if (!acct || !applys.data) return <AccountGate title={title} state={acct ? 'loadFailed' : 'noAccount'} />;
  const { current, update } = applys.data;
  const open = update && isUpdateOpen(update.status) ? update : null;
  const saved = open?.data[String(UPDATE_MODULE.ADDRESS)] as Record<string, unknown> | undefined;
  const held = current.address as Record<string, unknown> | null;
  return (
    <AddressEditor
      sub={acct.subAcctId}
      cltId={acct.hlId}
      q={q}
      held={held}
      start={addressDraft.get(acct.subAcctId) ?? startingAddress(saved, held)}
      fresh={startingAddress(saved, held)}
      open={open}
      passwordFirst={passwordFirst}
    />
  );
}

const residentialRules = addressRules('residential');
/** the mailing address's card (its fields are on /editAddressDetails) */
const MAILING_CARD = 'mailingAddress';

interface EditorProps {
  sub: string;
  cltId: string;
  q: string;
  held: Record<string, unknown> | null;
  /** the form as the client left it (a draft), or as it starts */
  start: AddressForm;
  /** the form as it starts without a draft: what "changes not saved" compares with */
  fresh: AddressForm;
  open: { updateId: string; status: number } | null;
  passwordFirst: (err: unknown, here: string) => boolean;
}

function AddressEditor({ sub, cltId, q, held, start, fresh, open, passwordFirst }: EditorProps) {
  const t = useT();
  const navigate = useNavigate();
  const toast = useToast();
  const onError = useUpdateErrorHandler();
  const country = useCountryName();
  const kit = useRuleForm<AddressForm>({ initial: start, validate: residentialRules, limits: ADDRESS_LIMITS });
  const { form, set, pressed } = kit;
  const [leaving, setLeaving] = useState(false);
  const save = useSaveUpdate();
  const busy = save.isPending;
  const different = form.mailingSameResidential === MAILING.DIFFERENT;
  // what is typed is kept while the client goes to the mailing address and back
  useEffect(() => {
    if (form !== start) addressDraft.set(sub, form);
  }, [form, start, sub]);
  const dirty = changed(fresh, form);
  const home = `${open && isUpdateRejected(open.status) ? UPDATE_ROUTE.status : UPDATE_ROUTE.accountInfo}${q}`;
  const leave = () => {
    addressDraft.clear(sub);
    navigate(home);
  };
  const mailingDone = !different || addressPartIssues(form, 'mailing').length === 0;
  /** the element that explains what is missing (the mailing card, a proof uploader): marked, scrolled to, focused */
  const point = (field: string, message: string) => {
    kit.reveal();
    markFirst([field], message);
  };

  const submit = () => {
    const block = addressSaveBlock(held, form);
    if (block === 'noChange') return toast.show(t('errors.152007'));
    // the residence's fields first: each marked, the first focused
    if (!kit.check(kit.issues.filter((i) => !i.field.startsWith('proofOfAddress')))) return;
    const mailingFieldsMissing = addressPartIssues(form, 'mailing').some((i) => !i.field.startsWith('proofOfAddress'));
    if (different && mailingFieldsMissing) return point(MAILING_CARD, t('accountUpdate.address.mailingMissing'));
    if (block === 'proofNeeded') {
      const mailingProof = different && !form.proofOfAddress.mailing.length && form.proofOfAddress.residence.length;
      return mailingProof ? point(MAILING_CARD, t('accountUpdate.address.mailingMissing')) : point(proofField('residential'), t('accountUpdate.address.proofNeeded'));
    }
    save.mutate(
      { subAcctId: sub, cltId, module: UPDATE_MODULE.ADDRESS, action: UPDATE_ACTION.SAVE, data: { ...form }, updateId: open?.updateId },
      {
        onSuccess: () => {
          addressDraft.clear(sub);
          toast.show(t('accountUpdate.address.savedToast'));
          navigate(`${UPDATE_ROUTE.allDataCheck}${q}`, { replace: true });
        },
        onError: (e) => {
          if (!passwordFirst(e, UPDATE_ROUTE.editAddress)) onError(e);
        },
      },
    );
  };

  const mailingLine = addressLine(form.mailingAddress, form.mailingAddressCity, form.mailingAddressCountry ? country(form.mailingAddressCountry) : '');

  return (
    <StepPage title={t('accountUpdate.address.title')} onBack={() => (dirty ? setLeaving(true) : leave())} onNext={submit} nextLabel={t('accountUpdate.save')} nextLoading={busy} nextDisabled={busy}>
      <p className="oa-upd__intro">{t('accountUpdate.address.intro')}</p>
      <h2 className="oa-upd__section">{t('accountUpdate.info.residential')}</h2>
      <AddressFields part="residential" kit={kit} />
      <h2 className="oa-upd__section">{t('accountUpdate.info.mailing')}</h2>
      <RadioField
        name="mailingSameResidential"
        label={t('accountUpdate.address.mailingQuestion')}
        value={form.mailingSameResidential}
        options={[
          { value: MAILING.SAME, label: t('accountUpdate.address.mailingSame') },
          { value: MAILING.DIFFERENT, label: t('accountUpdate.address.mailingDifferent') },
        ]}
        onChange={(v) => set('mailingSameResidential', v)}
        required
      />
      {different ? (
        <section className="oa-upd__card" aria-labelledby="oa-upd-mailing" data-name={MAILING_CARD}>
          <div className="oa-upd__head">
            <h3 id="oa-upd-mailing">{t('accountUpdate.info.mailing')}</h3>
            {mailingDone ? <span className="oa-upd__badge">{t('accountUpdate.address.filled')}</span> : null}
          </div>
          <p className={mailingLine ? 'oa-upd__value' : 'oa-upd__muted'}>{mailingLine || t('accountUpdate.address.mailingEmpty')}</p>
          {pressed && !mailingDone ? (
            <p className="oa-upd__error" role="alert">
              {t('accountUpdate.address.mailingMissing')}
            </p>
          ) : null}
          <button type="button" className="oa-upd__secondary" onClick={() => navigate(`${UPDATE_ROUTE.editAddressDetails}${q}`)}>
            {t(mailingLine ? 'accountUpdate.address.mailingEdit' : 'accountUpdate.address.mailingFill')}
          </button>
        </section>
      ) : null}
      <LeaveDialog
        visible={leaving}
        busy={busy}
        onSave={() => {
          setLeaving(false);
          submit();
        }}
        onLeave={leave}
      />
    </StepPage>
  );
}
