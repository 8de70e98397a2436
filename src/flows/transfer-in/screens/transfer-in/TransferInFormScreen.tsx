/**
 * /transferInStock/new — a new stock transfer-in request: the current broker (the list of common Hong Kong brokers, or
 * "other" with its name and, optionally, its CCASS participant ID), the client's account number there, and one to
 * MAX_TRANSFER_IN_STOCKS stocks (Hong Kong code, whole shares); the domain's rules mark each field. Review shows the
 * request with the confirmation to tick (the account is in the client's own name, they will instruct their broker);
 * Submit files it and goes back to the list. Without the agreement signed or an opened account: back to the list.
 */
import { useCallback, useMemo, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useProtocolStatus } from '@core/api/closing';
import { useApiErrorHandler } from '@core/api/errors';
import { useTransferInApply } from '@core/api/transfer-in';
import { TRANSFER_IN_ROUTE } from '@core/domain/account-routes';
import { BROKER_OTHER } from '@core/domain/brokers';
import type { Rule } from '@core/domain/identity';
import type { FieldIssue } from '@core/domain/step-rules/types';
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
  transferAgreementIssues,
  transferInIssues,
  type TransferAgreement,
  type TransferInInput,
} from '@core/domain/transfer-in';
import { useRuleForm } from '@core/form/use-rule-form';
import { useLang, useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { TextField } from '@core/ui/form/TextField';
import { SelectField } from '@core/ui/form/SelectField';
import { CheckboxRow } from '@core/ui/form/CheckboxRow';
import { OptionPicker } from '@core/ui/pickers/OptionPicker';
import { toast } from '@core/ui/toast';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
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

interface TransferInForm {
  broker: number | undefined;
  brokerName: string;
  ccassId: string;
  brokerAccount: string;
  lines: readonly Line[];
}

const NOT_AGREED: TransferAgreement = { agreed: false };

let lineKey = 0;
const newLine = (): Line => ({ key: ++lineKey, code: '', quantity: '' });

/** The request a form stands for (the broker's name and CCASS ID only for "other"). */
const inputOf = (f: TransferInForm): TransferInInput => ({
  broker: f.broker as number,
  ...(f.broker === BROKER_OTHER ? { brokerName: f.brokerName, ccassId: f.ccassId } : {}),
  brokerAccount: f.brokerAccount,
  stocks: f.lines.map((l) => ({ market: 'HK', code: l.code, quantity: parseQuantity(l.quantity) })),
});
/**
 * The domain's transfer-in rules for the form kit. Their rule names are transfer-in's own (TransferInIssue): the kit
 * reads a rule only to pick its text, which this form's `message` gives (transferIn.rules.*).
 */
const validate = (f: TransferInForm): FieldIssue[] => transferInIssues(inputOf(f)).map((i) => ({ field: i.field, rule: i.rule as Rule }));

function TransferInForm({ app, sub }: { app: ApplicationView; sub: string }) {
  const t = useT();
  const { lang } = useLang();
  const navigate = useNavigate();
  const onApiError = useApiErrorHandler();
  // the transfer-in rules read their own texts (transferIn.rules.*)
  const message = useCallback((rule: string) => t(`transferIn.rules.${rule}`, { max: MAX_TRANSFER_IN_STOCKS }), [t]);
  const kit = useRuleForm<TransferInForm>({
    initial: () => ({ broker: undefined, brokerName: '', ccassId: '', brokerAccount: '', lines: [newLine()] }),
    validate,
    message,
  });
  const { form, bind, bindAt, setForm } = kit;
  const { broker, brokerName, ccassId, brokerAccount: account, lines } = form;
  const [pickerOpen, setPickerOpen] = useState(false);
  const [review, setReview] = useState(false);
  // the review's confirmation to tick: the domain's rule, its own text (transferIn.confirm.mustTick)
  const mustTick = useCallback((rule: Rule) => (rule === 'mustTick' ? t('transferIn.confirm.mustTick') : undefined), [t]);
  const confirm = useRuleForm({ initial: NOT_AGREED, validate: transferAgreementIssues, message: mustTick });
  const agreed = confirm.bind('agreed', { touchOnChange: true });
  const apply = useTransferInApply();
  const sending = apply.isPending;

  const input = inputOf(form);
  const options = useMemo(() => TRANSFER_IN_BROKERS.map((code) => ({ value: code, label: transferInBrokerName({ broker: code }, lang) })), [lang]);
  const setLine = (key: number, patch: Partial<Line>) => setForm((f) => ({ ...f, lines: f.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) }));
  const brokerField = bind('broker', { touchOnChange: true });

  const toReview = () => {
    // every wrong field shows its rule, and the first one on the page gets the focus
    if (!kit.check()) return;
    // each review starts unticked and unmarked
    confirm.reset(NOT_AGREED);
    setReview(true);
  };

  const submit = () => {
    // not ticked: the box is marked and focused, the toast says so
    if (sending || !confirm.check()) return;
    apply.mutate(
      { applyId: app.appId, subAcctId: sub, ...input },
      {
        onSuccess: () => {
          toast.show(t('transferIn.submitted'));
          navigate(TRANSFER_IN_ROUTE.list, { replace: true });
        },
        onError: onApiError,
      },
    );
  };

  const brokerLabel = broker === undefined ? '' : transferInBrokerName({ broker, brokerName }, lang);

  if (review) {
    return (
      <StepPage title={t('transferIn.confirm.title')} onBack={() => setReview(false)} onNext={submit} nextLabel={t('transferIn.confirm.submit')} nextLoading={sending}>
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
        <CheckboxRow name={agreed.name} checked={agreed.value} onChange={agreed.onChange} error={agreed.error}>
          {t('transferIn.confirm.agree', { broker: brokerLabel })}
        </CheckboxRow>
      </StepPage>
    );
  }

  return (
    <StepPage title={t('transferIn.form.title')} onBack={() => navigate(TRANSFER_IN_ROUTE.list)} onNext={toReview} nextLabel={t('transferIn.form.next')}>
      <SelectField
        name={brokerField.name}
        label={t('transferIn.form.broker')}
        value={broker === undefined ? '' : transferInBrokerName({ broker }, lang)}
        required
        onClick={() => setPickerOpen(true)}
        error={brokerField.error}
      />
      <OptionPicker
        visible={pickerOpen}
        title={t('transferIn.form.brokerPicker')}
        options={options}
        value={broker}
        searchable
        searchPlaceholder={t('transferIn.form.brokerSearch')}
        onSelect={brokerField.onChange}
        onClose={() => setPickerOpen(false)}
      />
      {broker === BROKER_OTHER ? (
        <>
          <TextField
            {...bind('brokerName')}
            label={t('transferIn.form.brokerName')}
            placeholder={t('transferIn.form.brokerNamePlaceholder')}
            maxLength={TRANSFER_IN_LEN.brokerName}
            required
          />
          <TextField
            {...bind('ccassId', { map: (v) => v.toUpperCase() })}
            label={t('transferIn.form.ccassId')}
            hint={t('transferIn.form.ccassHint')}
            maxLength={6}
          />
        </>
      ) : null}
      <TextField
        {...bind('brokerAccount')}
        label={t('transferIn.form.account')}
        placeholder={t('transferIn.form.accountPlaceholder')}
        maxLength={TRANSFER_IN_LEN.brokerAccount}
        required
      />
      <fieldset className="oa-tin__lines">
        <legend className="oa-tin__h">{t('transferIn.form.stocks')}</legend>
        <p className="oa-tin__meta">{t('transferIn.form.hkOnly', { max: MAX_TRANSFER_IN_STOCKS })}</p>
        {lines.map((l, i) => {
          const code = bindAt(`stocks.${i}.code`, l.code, (v: string) => setLine(l.key, { code: v }), { map: (v) => v.replace(/\D/g, '') });
          const quantity = bindAt(`stocks.${i}.quantity`, l.quantity, (v: string) => setLine(l.key, { quantity: v }), { map: (v) => v.replace(/[^\d,]/g, '') });
          return (
            <div key={l.key} className="oa-tin__line" role="group" aria-label={t('transferIn.form.stockN', { n: i + 1 })}>
              <div className="oa-tin__line-fields">
                <TextField
                  {...code}
                  onBlur={() => {
                    code.onBlur();
                    if (/^\d{1,5}$/.test(l.code)) setLine(l.key, { code: normalizeStockCode(l.code) });
                  }}
                  label={t('transferIn.form.code')}
                  placeholder={t('transferIn.form.codePlaceholder')}
                  inputMode="numeric"
                  maxLength={5}
                  required
                />
                <TextField
                  {...quantity}
                  label={t('transferIn.form.quantity')}
                  placeholder={t('transferIn.form.quantityPlaceholder')}
                  inputMode="numeric"
                  maxLength={16}
                  required
                />
              </div>
              {lines.length > 1 ? (
                <button type="button" className="oa-tin__remove" onClick={() => setForm((f) => ({ ...f, lines: f.lines.filter((x) => x.key !== l.key) }))}>
                  {t('transferIn.form.removeStock', { n: i + 1 })}
                </button>
              ) : null}
            </div>
          );
        })}
        {lines.length < MAX_TRANSFER_IN_STOCKS ? (
          <button type="button" className="oa-tin__add" onClick={() => setForm((f) => ({ ...f, lines: [...f.lines, newLine()] }))}>
            + {t('transferIn.form.addStock')}
          </button>
        ) : null}
      </fieldset>
    </StepPage>
  );
}
