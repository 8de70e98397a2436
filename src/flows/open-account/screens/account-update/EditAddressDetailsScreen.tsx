/**
 * /editAddressDetails — the mailing address of the address editor, when mail goes to a different address than the
 * residence: its country, city, address and proof, with the same rules. Done returns to /editAddress (which saves);
 * the form lives in the editor's draft (address-draft.ts), so nothing typed is lost going back and forth.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAILING, UPDATE_MODULE, UPDATE_ROUTE, addressPartIssues, isUpdateOpen } from '@core/domain/account-update';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { useToast } from '@core/ui/toast';
import { AccountGate } from '../../components/AccountGate';
import { AddressFields } from './AddressFields';
import { addressDraft, startingAddress, type AddressForm } from './address-draft';
import { useAccountUpdate } from './use-account-update';
import './account-update.css';

export default function EditAddressDetailsScreen() {
  const t = useT();
  const { acct, applys, q, pending } = useAccountUpdate();
  const title = t('accountUpdate.address.mailingTitle');
  if (pending) return <AccountGate title={title} state="loading" />;
  if (!acct || !applys.data) return <AccountGate title={title} state={acct ? 'loadFailed' : 'noAccount'} />;
  const { current, update } = applys.data;
  const open = update && isUpdateOpen(update.status) ? update : null;
  const saved = open?.data[String(UPDATE_MODULE.ADDRESS)] as Record<string, unknown> | undefined;
  const start = addressDraft.get(acct.subAcctId) ?? startingAddress(saved, current.address as Record<string, unknown> | null);
  return <MailingForm sub={acct.subAcctId} q={q} start={{ ...start, mailingSameResidential: MAILING.DIFFERENT }} />;
}

function MailingForm({ sub, q, start }: { sub: string; q: string; start: AddressForm }) {
  const t = useT();
  const navigate = useNavigate();
  const toast = useToast();
  const [form, setFormState] = useState(start);
  const [showErrors, setShowErrors] = useState(false);
  const setForm = (f: AddressForm) => {
    setFormState(f);
    addressDraft.set(sub, f);
  };
  const back = () => {
    addressDraft.set(sub, form);
    navigate(`${UPDATE_ROUTE.editAddress}${q}`);
  };
  const done = () => {
    setShowErrors(true);
    if (addressPartIssues(form, 'mailing').length) return toast.show(t('accountUpdate.address.fixFields'));
    back();
  };
  return (
    <StepPage title={t('accountUpdate.address.mailingTitle')} onBack={back} onNext={done} nextLabel={t('accountUpdate.address.done')}>
      <p className="oa-upd__intro">{t('accountUpdate.address.mailingIntro')}</p>
      <AddressFields part="mailing" form={form} onChange={setForm} showErrors={showErrors} />
    </StepPage>
  );
}
