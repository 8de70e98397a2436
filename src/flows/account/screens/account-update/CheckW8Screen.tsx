/**
 * /CheckW8 — the W-8BEN module of an account update (spec part 3 §2 "W-8 check screen", §5): the country and the
 * permanent address (the domain's one W-8BEN rule, cleaned as typed: letters, digits and spaces, upper case,
 * ≤ 500; W8AddressField), read-only residence details; Save marks what is missing or wrong (the form kit's check)
 * and says when nothing changed; leaving with changes asks whether to save. After saving: the status page when
 * the update was sent back, else the account info.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSaveUpdate } from '@core/api/updates';
import { UPDATE_ACTION, UPDATE_MODULE, UPDATE_ROUTE, W8_ADDRESS_MAX, changed, isUpdateOpen, isUpdateRejected, validateW8Update, w8Address } from '@core/domain/account-update';
import { useRuleForm } from '@core/form/use-rule-form';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { W8AddressField } from '@core/ui/form/W8AddressField';
import { SelectField } from '@core/ui/form/SelectField';
import { CountryPicker } from '@core/ui/pickers/CountryPicker';
import { useCountryName } from '@core/ui/pickers/country-names';
import { useToast } from '@core/ui/toast';
import { AccountGate } from '@core/app/flow-kit/AccountGate';
import { LeaveDialog } from './update-parts';
import { useAccountUpdate, useUpdateErrorHandler } from './use-account-update';
import './account-update.css';

export default function CheckW8Screen() {
  const t = useT();
  const { acct, applys, q, pending } = useAccountUpdate();
  const title = t('accountUpdate.w8.title');
  if (pending) return <AccountGate title={title} state="loading" />;
  if (!acct || !applys.data) return <AccountGate title={title} state={acct ? 'loadFailed' : 'noAccount'} />;
  const { current, update } = applys.data;
  const open = update && isUpdateOpen(update.status) ? update : null;
  const held = { country: String(current.w8?.country ?? ''), residenceAddress: String(current.w8?.residenceAddress ?? '') };
  const start = (open?.data[String(UPDATE_MODULE.W8)] as typeof held | undefined) ?? held;
  return <W8Form sub={acct.subAcctId} cltId={acct.hlId} q={q} held={held} start={start} open={open} />;
}

type W8Data = {
  country: string;
  residenceAddress: string;
};
/** the W-8BEN data a form saves: the address without the space the applicant may have just typed at its end */
const savedW8 = (form: W8Data): W8Data => ({ ...form, residenceAddress: w8Address(form.residenceAddress) });
const w8Rules = (form: W8Data) => validateW8Update(savedW8(form));
const W8_LIMITS = { residenceAddress: W8_ADDRESS_MAX, country: W8_ADDRESS_MAX };

interface OpenUpdate {
  updateId: string;
  status: number;
}

function W8Form({ sub, cltId, q, held, start, open }: { sub: string; cltId: string; q: string; held: { country: string; residenceAddress: string }; start: { country: string; residenceAddress: string }; open: OpenUpdate | null }) {
  const t = useT();
  const navigate = useNavigate();
  const toast = useToast();
  const onError = useUpdateErrorHandler();
  const country = useCountryName();
  const kit = useRuleForm<W8Data>({ initial: start, validate: w8Rules, limits: W8_LIMITS });
  const { form, bind } = kit;
  const [picker, setPicker] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const save = useSaveUpdate();
  const busy = save.isPending;
  // what is saved: the address without the space the applicant may have just typed at its end
  const data = savedW8(form);
  const countryField = bind('country', { touchOnChange: true });
  const dirty = changed(start, form);
  const differs = changed(held, data);
  const after = () => navigate(`${open && isUpdateRejected(open.status) ? UPDATE_ROUTE.status : UPDATE_ROUTE.accountInfo}${q}`, { replace: true });

  const submit = () => {
    // something missing or wrong: marked, the first focused; the same address as on file: the spec's toast
    if (!kit.check()) return;
    if (!differs) return toast.show(t('errors.152007'));
    save.mutate(
      { subAcctId: sub, cltId, module: UPDATE_MODULE.W8, action: UPDATE_ACTION.SAVE, data, updateId: open?.updateId },
      {
        onSuccess: () => {
          toast.show(t('accountUpdate.savedToast'));
          after();
        },
        onError,
      },
    );
  };

  return (
    <StepPage
      title={t('accountUpdate.w8.title')}
      onBack={() => (dirty ? setLeaving(true) : navigate(`${UPDATE_ROUTE.accountInfo}${q}`))}
      onNext={submit}
      nextLabel={t('accountUpdate.save')}
      nextDisabled={busy}
      nextLoading={busy}
    >
      <p className="oa-upd__intro">{t('accountUpdate.w8.intro')}</p>
      <SelectField name={countryField.name} label={t('accountUpdate.w8.country')} value={form.country ? country(form.country) : ''} placeholder={t('accountUpdate.choose')} onClick={() => setPicker(true)} error={countryField.error} required />
      <W8AddressField
        {...bind('residenceAddress')}
        label={t('accountUpdate.w8.address')}
        hint={t('accountUpdate.w8.addressHint')}
        required
      />
      <CountryPicker visible={picker} title={t('accountUpdate.w8.country')} onClose={() => setPicker(false)} onSelect={countryField.onChange} value={form.country} />
      <LeaveDialog
        visible={leaving}
        busy={busy}
        onSave={() => {
          setLeaving(false);
          submit();
        }}
        onLeave={() => navigate(`${UPDATE_ROUTE.accountInfo}${q}`)}
      />
    </StepPage>
  );
}
