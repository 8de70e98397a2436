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
      <button type="button" className="oa-status__btn oa-status__btn--plain" onClick={download} aria-busy={busy || undefined} aria-describedby="oa-certificate-hint">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M12 3v12M7 10l5 5 5-5M5 20h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {busy ? t('completion.preparing') : t('completion.download')}
      </button>
      <p id="oa-certificate-hint" className="oa-status__hint">
        {t('completion.hint')}
      </p>
    </div>
  );
}
