/**
 * /transferInStock/new — a new stock transfer-in request: the current broker (the list of common Hong Kong brokers, or
 * "other" with its name and, optionally, its CCASS participant ID), the client's account number there, and one to
 * MAX_TRANSFER_IN_STOCKS stocks (Hong Kong code, whole shares); the domain's rules mark each field. Review shows the
 * request with the confirmation to tick (the account is in the client's own name, they will instruct their broker);
 * Submit files it and goes back to the list. Without the agreement signed or an opened account: back to the list.
 */
import { useMemo, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useProtocolStatus } from '@core/api/closing';
import { useApiErrorHandler } from '@core/api/errors';
import { queryKeys } from '@core/api/keys';
import { transferInApply } from '@core/api/transfer-in';
import { TRANSFER_IN_ROUTE } from '@core/domain/account-routes';
import { BROKER_OTHER } from '@core/domain/brokers';
import type { ApplicationView } from '@core/domain/contract';
import {
  MAX_TRANSFER_IN_STOCKS,
  TRANSFER_IN_BROKERS,
  TRANSFER_IN_LEN,
  formatQuantity,
  normalizeStockCode,
  parseQuantity,
  transferInAvailability,
  transferInBrokerName,
  transferInIssues,
  type TransferInInput,
} from '@core/domain/transfer-in';
import { useLang, useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { TextField } from '@core/ui/form/TextField';
import { SelectField } from '@core/ui/form/SelectField';
import { CheckboxRow } from '@core/ui/form/CheckboxRow';
import { OptionPicker } from '@core/ui/pickers/OptionPicker';
import { toast } from '@core/ui/toast';
import { WithApplication } from '../../components/WithApplication';
import './transfer-in.css';

export default function TransferInFormScreen() {
  const t = useT();
  return <WithApplication title={t('transferIn.form.title')}>{(app) => <FormGate app={app} />}</WithApplication>;
}

function FormGate({ app }: { app: ApplicationView }) {
  const t = useT();
  const protocol = useProtocolStatus(app.appId);
  const sub = app.clientInfo.accts[0]?.subAcctId ?? null;
  if (protocol.data === undefined) {
    return (
      <StepPage title={t('transferIn.form.title')}>
        <p className="oa-step-loading">{t('common.loading')}</p>
      </StepPage>
    );
  }
  if (!sub || transferInAvailability({ applyStatus: app.applyStatus, clientStatus: app.clientStatus, subAcctId: sub }, protocol.data) !== 'ready') {
    return <Navigate to={TRANSFER_IN_ROUTE.list} replace />;
  }
  return <TransferInForm app={app} sub={sub} />;
}

interface Line {
  key: number;
  code: string;
  quantity: string;
}

let lineKey = 0;
const newLine = (): Line => ({ key: ++lineKey, code: '', quantity: '' });

function TransferInForm({ app, sub }: { app: ApplicationView; sub: string }) {
  const t = useT();
  const { lang } = useLang();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const onApiError = useApiErrorHandler();
  const [broker, setBroker] = useState<number | undefined>();
  const [brokerName, setBrokerName] = useState('');
  const [ccassId, setCcassId] = useState('');
  const [account, setAccount] = useState('');
  const [lines, setLines] = useState<Line[]>(() => [newLine()]);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [review, setReview] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState(false);
  const [sending, setSending] = useState(false);

  const input: TransferInInput = {
    broker: broker as number,
    ...(broker === BROKER_OTHER ? { brokerName, ccassId } : {}),
    brokerAccount: account,
    stocks: lines.map((l) => ({ market: 'HK', code: l.code, quantity: parseQuantity(l.quantity) })),
  };
  const issues = transferInIssues(input);
  const ruleOf = (field: string) => issues.find((i) => i.field === field)?.rule;
  const errorOf = (field: string) => {
    const rule = ruleOf(field);
    return rule && touched[field] ? t(`transferIn.rules.${rule}`, { max: MAX_TRANSFER_IN_STOCKS }) : undefined;
  };
  const touch = (field: string) => setTouched((s) => ({ ...s, [field]: true }));
  const options = useMemo(() => TRANSFER_IN_BROKERS.map((code) => ({ value: code, label: transferInBrokerName({ broker: code }, lang) })), [lang]);
  const setLine = (key: number, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const toReview = () => {
    if (issues.length) {
      // every field shows its rule, and the first wrong one gets the focus
      const all: Record<string, boolean> = {};
      for (const i of issues) all[i.field] = true;
      setTouched((s) => ({ ...s, ...all }));
      const first = issues[0].field;
      const name = first === 'broker' ? 'broker' : first.replace(/^stocks\.(\d+)\.(\w+)$/, (_m, i: string, f: string) => `${f}-${lines[Number(i)]?.key}`);
      window.setTimeout(() => document.querySelector<HTMLElement>(`[data-name="${name}"] input, [data-name="${name}"] button`)?.focus(), 0);
      return;
    }
    setAgreed(false);
    setAgreeError(false);
    setReview(true);
  };

  const submit = async () => {
    if (!agreed) {
      setAgreeError(true);
      toast.show(t('transferIn.confirm.mustTick'));
      return;
    }
    if (sending) return;
    setSending(true);
    try {
      const { application } = await transferInApply({ applyId: app.appId, subAcctId: sub, ...input });
      qc.setQueryData(queryKeys.application(), application);
      await qc.invalidateQueries({ queryKey: queryKeys.transferIns(app.appId) });
      toast.show(t('transferIn.submitted'));
      navigate(TRANSFER_IN_ROUTE.list, { replace: true });
    } catch (e) {
      onApiError(e);
    } finally {
      setSending(false);
    }
  };

  const brokerLabel = broker === undefined ? '' : transferInBrokerName({ broker, brokerName }, lang);

  if (review) {
    return (
      <StepPage title={t('transferIn.confirm.title')} onBack={() => setReview(false)} onNext={() => void submit()} nextLabel={t('transferIn.confirm.submit')} nextLoading={sending}>
        <dl className="oa-tin__card oa-tin__summary">
          <div>
            <dt>{t('transferIn.confirm.from')}</dt>
            <dd>
              {brokerLabel}
              {broker === BROKER_OTHER && ccassId.trim() ? ` (${ccassId.trim().toUpperCase()})` : ''}
            </dd>
          </div>
          <div>
            <dt>{t('transferIn.confirm.account')}</dt>
            <dd>{account.trim()}</dd>
          </div>
          <div>
            <dt>{t('transferIn.confirm.to')}</dt>
            <dd>{sub}</dd>
          </div>
          <div>
            <dt>{t('transferIn.confirm.stocks')}</dt>
            <dd>
              <ul className="oa-tin__stocks">
                {input.stocks.map((s) => (
                  <li key={s.code}>
                    <span className="oa-tin__code">{normalizeStockCode(s.code)}</span>
                    <span>{t('transferIn.shares', { quantity: formatQuantity(s.quantity) })}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
        <p className="oa-tin__meta">{t('transferIn.sameName', { name: app.name ?? '' })}</p>
        <CheckboxRow
          name="agree"
          checked={agreed}
          onChange={(v) => {
            setAgreed(v);
            if (v) setAgreeError(false);
          }}
          error={agreeError ? t('transferIn.confirm.mustTick') : undefined}
        >
          {t('transferIn.confirm.agree', { broker: brokerLabel })}
        </CheckboxRow>
      </StepPage>
    );
  }

  return (
    <StepPage title={t('transferIn.form.title')} onBack={() => navigate(TRANSFER_IN_ROUTE.list)} onNext={toReview} nextLabel={t('transferIn.form.next')}>
      <SelectField
        name="broker"
        label={t('transferIn.form.broker')}
        value={broker === undefined ? '' : transferInBrokerName({ broker }, lang)}
        required
        onClick={() => setPickerOpen(true)}
        error={errorOf('broker')}
      />
      <OptionPicker
        visible={pickerOpen}
        title={t('transferIn.form.brokerPicker')}
        options={options}
        value={broker}
        searchable
        searchPlaceholder={t('transferIn.form.brokerSearch')}
        onSelect={(v) => {
          setBroker(v);
          touch('broker');
        }}
        onClose={() => setPickerOpen(false)}
      />
      {broker === BROKER_OTHER ? (
        <>
          <TextField
            name="brokerName"
            label={t('transferIn.form.brokerName')}
            value={brokerName}
            onChange={setBrokerName}
            onBlur={() => touch('brokerName')}
            placeholder={t('transferIn.form.brokerNamePlaceholder')}
            maxLength={TRANSFER_IN_LEN.brokerName}
            error={errorOf('brokerName')}
            required
          />
          <TextField
            name="ccassId"
            label={t('transferIn.form.ccassId')}
            value={ccassId}
            onChange={(v) => setCcassId(v.toUpperCase())}
            onBlur={() => touch('ccassId')}
            hint={t('transferIn.form.ccassHint')}
            maxLength={6}
            error={errorOf('ccassId')}
          />
        </>
      ) : null}
      <TextField
        name="brokerAccount"
        label={t('transferIn.form.account')}
        value={account}
        onChange={setAccount}
        onBlur={() => touch('brokerAccount')}
        placeholder={t('transferIn.form.accountPlaceholder')}
        maxLength={TRANSFER_IN_LEN.brokerAccount}
        error={errorOf('brokerAccount')}
        required
      />
      <fieldset className="oa-tin__lines">
        <legend className="oa-tin__h">{t('transferIn.form.stocks')}</legend>
        <p className="oa-tin__meta">{t('transferIn.form.hkOnly', { max: MAX_TRANSFER_IN_STOCKS })}</p>
        {lines.map((l, i) => (
          <div key={l.key} className="oa-tin__line" role="group" aria-label={t('transferIn.form.stockN', { n: i + 1 })}>
            <div className="oa-tin__line-fields">
              <TextField
                name={`code-${l.key}`}
                label={t('transferIn.form.code')}
                value={l.code}
                onChange={(code) => setLine(l.key, { code: code.replace(/\D/g, '') })}
                onBlur={() => {
                  touch(`stocks.${i}.code`);
                  if (/^\d{1,5}$/.test(l.code)) setLine(l.key, { code: normalizeStockCode(l.code) });
                }}
                placeholder={t('transferIn.form.codePlaceholder')}
                inputMode="numeric"
                maxLength={5}
                error={errorOf(`stocks.${i}.code`)}
                required
              />
              <TextField
                name={`quantity-${l.key}`}
                label={t('transferIn.form.quantity')}
                value={l.quantity}
                onChange={(quantity) => setLine(l.key, { quantity: quantity.replace(/[^\d,]/g, '') })}
                onBlur={() => touch(`stocks.${i}.quantity`)}
                placeholder={t('transferIn.form.quantityPlaceholder')}
                inputMode="numeric"
                maxLength={16}
                error={errorOf(`stocks.${i}.quantity`)}
                required
              />
            </div>
            {lines.length > 1 ? (
              <button type="button" className="oa-tin__remove" onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}>
                {t('transferIn.form.removeStock', { n: i + 1 })}
              </button>
            ) : null}
          </div>
        ))}
        {lines.length < MAX_TRANSFER_IN_STOCKS ? (
          <button type="button" className="oa-tin__add" onClick={() => setLines((ls) => [...ls, newLine()])}>
            + {t('transferIn.form.addStock')}
          </button>
        ) : null}
      </fieldset>
    </StepPage>
  );
}
