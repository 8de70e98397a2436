/**
 * /deposit — our deposit page (the default DEPOSIT_PAGE_URL): the broker's receiving account for the chosen currency
 * (HKD, USD or offshore RMB) with copy buttons and the minimum, then the deposit notice (amount, paying bank, a proof
 * image or PDF) that tells the broker to confirm it; staff confirm with `ops deposit`.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDepositInfo, useDepositNotice } from '@core/api/deposit';
import { useApiErrorHandler } from '@core/api/errors';
import { RESULT_ROUTE } from '@core/domain/after-submit';
import type { ApplicationView } from '@core/domain/contract';
import { DEPOSIT_CURRENCIES, DEPOSIT_NOTICE_LIMITS, MIN_DEPOSIT_HKD, depositNoticeIssues, type DepositCurrency } from '@core/domain/result';
import type { FileRefData } from '@core/domain/uploads';
import { useRuleForm } from '@core/form/use-rule-form';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { RadioField } from '@core/ui/form/RadioField';
import { TextField } from '@core/ui/form/TextField';
import { toast } from '@core/ui/toast';
import { FileUploader } from '@core/ui/uploader/FileUploader';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { StatusHeader, useGoHome } from '../../components/status/StatusParts';
import './deposit.css';

interface NoticeForm {
  amount: string;
  payingBank: string;
  proof: FileRefData[];
}

const EMPTY_NOTICE: NoticeForm = { amount: '', payingBank: '', proof: [] };

export default function DepositScreen() {
  const t = useT();
  return <WithApplication title={t('deposit.title')}>{(app) => <DepositPage app={app} />}</WithApplication>;
}

function DepositPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const onApiError = useApiErrorHandler();
  const goHome = useGoHome();
  const navigate = useNavigate();
  const info = useDepositInfo();
  const [currency, setCurrency] = useState<DepositCurrency>('HKD');
  const kit = useRuleForm<NoticeForm>({ initial: EMPTY_NOTICE, validate: depositNoticeIssues, limits: DEPOSIT_NOTICE_LIMITS });
  const notice = useDepositNotice();
  const sending = notice.isPending;
  const [done, setDone] = useState(false);
  const account = info.data?.accounts.find((a) => a.currency === currency);
  const amount = kit.bind('amount');
  const bank = kit.bind('payingBank');
  const proof = kit.bind('proof', { touchOnChange: true });

  const copy = (text: string) => {
    void navigator.clipboard?.writeText(text).then(
      () => toast.show(t('deposit.copied')),
      () => undefined,
    );
  };
  const send = () => {
    // something missing or wrong: each such field marked, the first focused
    if (sending || !kit.check()) return;
    const { form } = kit;
    notice.mutate(
      { appId: app.appId, amount: form.amount.trim(), currency, payingBank: form.payingBank.trim(), proof: form.proof[0] },
      { onSuccess: () => setDone(true), onError: onApiError },
    );
  };

  if (done) {
    return (
      <StepPage title={t('deposit.title')}>
        <StatusHeader tone="success" title={t('deposit.sentTitle')}>
          <p className="oa-status__sub">{t('deposit.sentNote')}</p>
        </StatusHeader>
        <div className="oa-status__actions">
          <button type="button" className="oa-status__btn oa-status__btn--plain" onClick={goHome}>
            {t('status.home')}
          </button>
        </div>
      </StepPage>
    );
  }

  return (
    <StepPage title={t('deposit.title')} onBack={() => navigate(RESULT_ROUTE.transitionGold)} onNext={send} nextLabel={t('deposit.send')} nextLoading={sending}>
      <RadioField
        name="currency"
        label={t('deposit.currency')}
        value={currency}
        inline
        options={DEPOSIT_CURRENCIES.map((c) => ({ value: c, label: t(`deposit.currencies.${c}`) }))}
        onChange={setCurrency}
      />
      <section className="oa-deposit__account" aria-label={t('deposit.accountTitle')}>
        <h2 className="oa-deposit__h">{t('deposit.accountTitle')}</h2>
        {account ? (
          <dl>
            {(
              [
                ['bankName', account.bankName],
                ['accountName', account.accountName],
                ['accountNumber', account.accountNumber],
                ['swift', account.swift],
              ] as const
            ).map(([k, v]) => (
              <div key={k} className="oa-deposit__row">
                <dt>{t(`deposit.${k}`)}</dt>
                <dd>
                  <span>{v}</span>
                  <button type="button" className="oa-deposit__copy" onClick={() => copy(v)} aria-label={t('deposit.copy', { what: t(`deposit.${k}`) })}>
                    {t('deposit.copyShort')}
                  </button>
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p>{info.isError ? t('deposit.infoFailed') : t('common.loading')}</p>
        )}
        <p className="oa-deposit__min">{t('deposit.minimum', { min: MIN_DEPOSIT_HKD.toLocaleString('en-US') })}</p>
      </section>
      <h2 className="oa-deposit__h">{t('deposit.noticeTitle')}</h2>
      <TextField {...amount} label={t('deposit.amount', { currency })} inputMode="decimal" maxLength={15} required />
      <TextField {...bank} label={t('deposit.payingBank')} maxLength={100} required />
      <FileUploader
        {...proof}
        label={t('deposit.proof')}
        hint={t('deposit.proofHint')}
        max={1}
        category="UserApply"
        required
      />
    </StepPage>
  );
}
