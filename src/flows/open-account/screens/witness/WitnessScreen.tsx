/**
 * /witness — the professional-person verification (spec part 3 §2; reached after submit at status 1500): the
 * applicant uploads identity and address proof (up to 3 files each) for staff, then submits them (ApplyWitness);
 * the result page then shows the application under review. It opens by saying what happened (the application is
 * received), why this is asked and what follows (issue 37: it read like a second application), and lets the applicant
 * leave for the status page and come back later (the status page links here while the verification is open).
 */
import { useNavigate } from 'react-router-dom';
import { useApplyWitness } from '@core/api/deposit';
import { useApiErrorHandler } from '@core/api/errors';
import { RESULT_ROUTE } from '@core/domain/after-submit';
import type { ApplicationView } from '@core/domain/contract';
import { witnessIssues } from '@core/domain/result';
import type { FileRefData } from '@core/domain/uploads';
import { useRuleForm } from '@core/form/use-rule-form';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { StatusHeader } from '../../components/status/StatusParts';
import { FileUploader } from '@core/ui/uploader/FileUploader';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import '../../components/rejection-notice.css';

interface Witness {
  idFiles: FileRefData[];
  addressFiles: FileRefData[];
}

const NO_FILES: Witness = { idFiles: [], addressFiles: [] };

export default function WitnessScreen() {
  const t = useT();
  return <WithApplication title={t('witness.title')}>{(app) => <WitnessPage app={app} />}</WithApplication>;
}

function WitnessPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const navigate = useNavigate();
  const onApiError = useApiErrorHandler();
  const kit = useRuleForm<Witness>({ initial: NO_FILES, validate: witnessIssues });
  const idFiles = kit.bind('idFiles', { touchOnChange: true });
  const addressFiles = kit.bind('addressFiles', { touchOnChange: true });
  const witness = useApplyWitness();
  const sending = witness.isPending;
  const send = () => {
    // a list without a file: marked, the first focused
    if (sending || !kit.check()) return;
    witness.mutate({ appId: app.appId, ...kit.form }, { onSuccess: () => navigate(RESULT_ROUTE.openStatus, { replace: true }), onError: onApiError });
  };
  return (
    <StepPage
      title={t('witness.title')}
      onBack={() => navigate(RESULT_ROUTE.openStatus)}
      footer={
        <div className="oa-witness__footer">
          <button type="button" className="oa-status__btn oa-status__btn--primary" onClick={send} aria-busy={sending || undefined} disabled={sending}>
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
        {...idFiles}
        label={t('witness.idFiles')}
        hint={t('witness.idHint')}
        max={3}
        category="UserInfo"
        required
      />
      <FileUploader
        {...addressFiles}
        label={t('witness.addressFiles')}
        hint={t('witness.addressHint')}
        max={3}
        category="UserApply"
        required
      />
    </StepPage>
  );
}
