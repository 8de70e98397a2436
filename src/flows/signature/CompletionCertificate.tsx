/**
 * The signer's certificate of completion on the result page once the documents are signed: the signed PDF (sign/
 * Certificate, its bytes through FileDownload) downloaded in a browser; in the app, whose viewer cannot open the page's
 * own object URLs, shown in the PDF sheet instead. The object URL lives until the page leaves or a new one replaces it.
 */
import { useEffect, useState } from 'react';
import { useSignErrorHandler } from '@core/api/errors';
import { useSignCertificate } from '@core/api/org-sign';
import { bridge } from '@core/bridge/bridge';
import { useT } from '@core/i18n';
import { PdfSheet } from '@core/ui/pdf/PdfSheet';
import { CertificateButton } from '@core/ui/CertificateButton';

export function CompletionCertificate() {
  const t = useT();
  const onError = useSignErrorHandler();
  const certificate = useSignCertificate();
  const [file, setFile] = useState<{ url: string; fileName: string; shown: boolean } | null>(null);
  useEffect(() => () => (file ? URL.revokeObjectURL(file.url) : undefined), [file]);
  const busy = certificate.isPending;
  const download = () => {
    if (busy) return;
    certificate.mutate(undefined, {
      onSuccess: (r) => {
        const inApp = bridge.isInApp();
        setFile({ ...r, shown: inApp });
        if (!inApp) void bridge.savePdf(r.url, r.fileName, t('completion.title')).catch(onError);
      },
      onError,
    });
  };
  return (
    <section className="org-sign__card org-sign__certificate" aria-label={t('completion.title')}>
      <CertificateButton busy={busy} onClick={download} buttonClass="org-sign__certificate-btn" hintClass="org-sign__certificate-hint" />
      {file?.shown ? <PdfSheet url={file.url} title={t('completion.title')} onClose={() => setFile(null)} /> : null}
    </section>
  );
}
