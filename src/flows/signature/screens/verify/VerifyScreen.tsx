/**
 * The verify step (caStatus): the details the broker holds for the signer (GetClientInfo: name, ID number masked, the
 * organisation) to confirm, then the signer's certificate is applied for (CorpApplyAuth, CorpApplyCACert). A failed
 * certificate (caStatus 4) can be tried again.
 */
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiErrorHandler } from '@core/api/errors';
import { signCall } from '@core/api/org-sign';
import { SIGN_STEP_STATUS } from '@core/domain/org-sign';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { CheckboxRow } from '@core/ui/form/CheckboxRow';
import { PageSkeleton } from '@core/app/account-page-routes';
import { StepGate } from '../../StepGate';
import { detailKey, progressOf, useGoOn } from '../../use-sign';

export default function VerifyScreen() {
  return <StepGate step="verify">{(d) => <Verify failed={d.caStatus === SIGN_STEP_STATUS.failed} progress={progressOf(d, 'verify')} />}</StepGate>;
}

function Verify({ failed, progress }: { failed: boolean; progress?: { current: number; total: number } }) {
  const t = useT();
  const id = useId();
  const qc = useQueryClient();
  const goOn = useGoOn();
  const onError = useApiErrorHandler();
  const info = useQuery({ queryKey: ['orgSign', 'clientInfo'], queryFn: () => signCall('signGetClientInfo', {}) });
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  if (info.isPending) return <PageSkeleton />;

  const apply = async () => {
    setBusy(true);
    try {
      await signCall('signCorpApplyAuth', { confirm: true });
      const r = await signCall('signCorpApplyCACert', {});
      const d = await qc.fetchQuery({ queryKey: detailKey, queryFn: () => signCall('signApplyDetail', {}), staleTime: 0 });
      if (r.caStatus === SIGN_STEP_STATUS.success) goOn(d);
    } catch (e) {
      onError(e);
      await qc.invalidateQueries({ queryKey: detailKey });
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepPage title={t('orgSign.verify.title')} progress={progress} onNext={() => void apply()} nextLabel={t(failed ? 'orgSign.verify.retry' : 'orgSign.verify.apply')} nextDisabled={busy || !confirmed || !info.data} nextLoading={busy}>
      {failed ? (
        <p className="org-sign__notice" role="alert">
          {t('orgSign.verify.failed')}
        </p>
      ) : null}
      <p className="org-sign__intro">{t('orgSign.verify.intro')}</p>
      {info.data ? (
        <section className="org-sign__card" aria-labelledby={`${id}-who`}>
          <h2 id={`${id}-who`}>{t('orgSign.verify.details')}</h2>
          <dl className="org-sign__dl">
            <dt>{t('orgSign.verify.name')}</dt>
            <dd>{info.data.signerName}</dd>
            <dt>{t('orgSign.verify.idNumber')}</dt>
            <dd>{info.data.idNumberMasked}</dd>
            <dt>{t('orgSign.verify.organisation')}</dt>
            <dd>{[info.data.organisationName, info.data.chineseName].filter(Boolean).join(' / ')}</dd>
            <dt>{t('orgSign.verify.registration')}</dt>
            <dd>{info.data.registrationNumber}</dd>
          </dl>
        </section>
      ) : (
        <p className="org-sign__notice" role="alert">
          {t('orgSign.loadFailed')}
        </p>
      )}
      <CheckboxRow name="confirm" checked={confirmed} onChange={setConfirmed}>
        {t('orgSign.verify.confirm')}
      </CheckboxRow>
    </StepPage>
  );
}
