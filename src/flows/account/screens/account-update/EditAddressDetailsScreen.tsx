/**
 * /editAddressDetails — the mailing address of the address editor, when mail goes to a different address than the
 * residence: its country, city, address and proof, with the same rules. Done returns to /editAddress (which saves);
 * the form lives in the editor's draft (address-draft.ts), so nothing typed is lost going back and forth.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAILING, UPDATE_MODULE, UPDATE_ROUTE, isUpdateOpen } from '@core/domain/account-update';
import { useRuleForm } from '@core/form/use-rule-form';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { AccountGate } from '@core/app/flow-kit/AccountGate';
import { ADDRESS_LIMITS, AddressFields, addressRules } from './AddressFields';
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

const mailingRules = addressRules('mailing');

function MailingForm({ sub, q, start }: { sub: string; q: string; start: AddressForm }) {
  const t = useT();
  const navigate = useNavigate();
  const kit = useRuleForm<AddressForm>({ initial: start, validate: mailingRules, limits: ADDRESS_LIMITS });
  const { form } = kit;
  useEffect(() => {
    if (form !== start) addressDraft.set(sub, form);
  }, [form, start, sub]);
  const back = () => {
    addressDraft.set(sub, form);
    navigate(`${UPDATE_ROUTE.editAddress}${q}`);
  };
  // every missing field marked, the first focused; else back to the editor (which saves)
  const done = () => kit.check() && back();
  return (
    <StepPage title={t('accountUpdate.address.mailingTitle')} onBack={back} onNext={done} nextLabel={t('accountUpdate.address.done')}>
      <p className="oa-upd__intro">{t('accountUpdate.address.mailingIntro')}</p>
      <AddressFields part="mailing" kit={kit} />
    </StepPage>
  );
}
