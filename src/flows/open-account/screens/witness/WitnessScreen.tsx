/**
 * /witness — the professional-person verification (spec part 3 §2; reached after submit at status 1500): the
 * applicant uploads identity and address proof (up to 3 files each) for staff, then submits them (ApplyWitness);
 * the result page then shows the application under review. It opens by saying what happened (the application is
 * received), why this is asked and what follows (issue 37: it read like a second application), and lets the applicant
 * leave for the status page and come back later (the status page links here while the verification is open).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '@core/api/client';
import { useApiErrorHandler } from '@core/api/errors';
import { queryKeys } from '@core/api/keys';
import { RESULT_ROUTE } from '@core/domain/after-submit';
import type { ApplicationView } from '@core/domain/contract';
import type { FileRefData } from '@core/domain/uploads';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { StatusHeader } from '../../components/status/StatusParts';
import { FileUploader } from '@core/ui/uploader/FileUploader';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import '../../components/rejection-notice.css';

export default function WitnessScreen() {
  const t = useT();
  return <WithApplication title={t('witness.title')}>{(app) => <WitnessPage app={app} />}</WithApplication>;
}

function WitnessPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const onApiError = useApiErrorHandler();
  const [idFiles, setIdFiles] = useState<FileRefData[]>([]);
  const [addressFiles, setAddressFiles] = useState<FileRefData[]>([]);
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const send = async () => {
    setTouched(true);
    if (!idFiles.length || !addressFiles.length || sending) return;
    setSending(true);
    try {
      await callApi('applyWitness', { appId: app.appId, idFiles, addressFiles });
      await qc.invalidateQueries({ queryKey: queryKeys.application() });
      navigate(RESULT_ROUTE.openStatus, { replace: true });
    } catch (e) {
      onApiError(e);
    } finally {
      setSending(false);
    }
  };
  return (
    <StepPage
      title={t('witness.title')}
      onBack={() => navigate(RESULT_ROUTE.openStatus)}
      footer={
        <div className="oa-witness__footer">
          <button type="button" className="oa-status__btn oa-status__btn--primary" onClick={() => void send()} aria-busy={sending || undefined} disabled={sending}>
            {t('witness.send')}
          </button>
          <button type="button" className="oa-status__btn oa-status__btn--plain" onClick={() => navigate(RESULT_ROUTE.openStatus)}>
            {t('witness.later')}
          </button>
        </div>
      }
    >
      <StatusHeader tone="success" title={t('witness.received')}>
        <p className="oa-status__sub">{t('witness.receivedSub')}</p>
      </StatusHeader>
      <section className="oa-witness__why" aria-labelledby="oa-witness-why">
        <h2 id="oa-witness-why">{t('witness.whyTitle')}</h2>
        <p>{t('witness.why')}</p>
        <h2>{t('witness.nextTitle')}</h2>
        <p>{t('witness.next')}</p>
      </section>
      {/* staff refused the last proofs: why, until new ones are handed over */}
      {app.rejectData?.message ? (
        <div className="esop-rejection-notice" role="note">
          {t('witness.refused', { message: app.rejectData.message })}
        </div>
      ) : null}
      <FileUploader
        name="idFiles"
        label={t('witness.idFiles')}
        hint={t('witness.idHint')}
        value={idFiles}
        onChange={setIdFiles}
        max={3}
        category="UserInfo"
        error={touched && !idFiles.length ? t('rules.fileRequired') : undefined}
        required
      />
      <FileUploader
        name="addressFiles"
        label={t('witness.addressFiles')}
        hint={t('witness.addressHint')}
        value={addressFiles}
        onChange={setAddressFiles}
        max={3}
        category="UserApply"
        error={touched && !addressFiles.length ? t('rules.fileRequired') : undefined}
        required
      />
    </StepPage>
  );
}
