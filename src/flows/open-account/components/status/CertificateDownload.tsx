/**
 * "Download certificate of completion" on the status pages once the application is submitted (and not sent back):
 * ApplyCertificate makes (or finds) the signed PDF, which is then saved: downloaded in a browser, shown in the app's
 * viewer (which offers saving and sharing) inside the app. A refusal reads as every call's (the catalogue's words).
 */
import { useApplyCertificate } from '@core/api/documents';
import { useApiErrorHandler } from '@core/api/errors';
import { bridge } from '@core/bridge/bridge';
import type { ApplicationView } from '@core/domain/contract';
import { canDownloadCertificate } from '@core/domain/status';
import { useT } from '@core/i18n';
import { CertificateButton } from '@core/ui/CertificateButton';

export function CertificateDownload({ app }: { app: ApplicationView }) {
  const t = useT();
  const onError = useApiErrorHandler();
  const certificate = useApplyCertificate();
  if (!canDownloadCertificate(app.applyStatus, app.clientStatus)) return null;
  const busy = certificate.isPending;
  const download = () => {
    if (busy) return;
    certificate.mutate(app.appId, { onSuccess: (r) => void bridge.savePdf(r.ossUrl, r.fileName, t('completion.title')).catch(onError), onError });
  };
  return (
    <div className="oa-status__certificate">
      <CertificateButton busy={busy} onClick={download} buttonClass="oa-status__btn oa-status__btn--plain" hintClass="oa-status__hint" />
    </div>
  );
}
