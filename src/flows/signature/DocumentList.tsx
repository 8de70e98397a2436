/**
 * The ticket's documents to read: each opens in the PDF sheet (the bytes through the signing service's FileDownload; a
 * document FileDownload does not find gives the "file absent" toast).
 */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSignErrorHandler } from '@core/api/errors';
import { signFileUrl } from '@core/api/org-sign';
import { useT } from '@core/i18n';
import { PdfSheet } from '@core/ui/pdf/PdfSheet';
import { pdfFailureOf, showPdfFailure } from '@core/ui/pdf/pdf-failure';
import type { SignDetail } from './StepGate';

type SignFile = SignDetail['documents'][number];

export function DocumentList({ files, label, sources = [] }: { files: SignFile[]; label: string; sources?: SignFile[] }) {
  const t = useT();
  const intl = useIntl();
  const onError = useSignErrorHandler();
  const [open, setOpen] = useState<{ file: SignFile; url: string } | null>(null);
  const [seen, setSeen] = useState<Set<string>>(new Set());
  const [loading, setLoading] = useState<string | null>(null);
  useEffect(() => () => (open ? URL.revokeObjectURL(open.url) : undefined), [open]);
  const show = async (file: SignFile) => {
    setLoading(file.fileId);
    try {
      const url = await signFileUrl(file.fileId);
      setOpen({ file, url });
      setSeen((s) => new Set(s).add(file.fileId));
    } catch (e) {
      // a document that is not there: the catalogue's "file absent", as on every page that opens PDFs
      if (pdfFailureOf(e) === 'missing') showPdfFailure(intl, e);
      else onError(e);
    } finally {
      setLoading(null);
    }
  };
  // a signed copy is named by the document it signs
  const nameOf = (f: SignFile): string => {
    const source = f.kind === 'signed' ? sources.find((s) => s.fileId === f.sourceId) : undefined;
    return source ? t('orgSign.documents.signed', { name: t(`orgSign.documents.${source.kind}`, { name: source.fileName }) }) : t(`orgSign.documents.${f.kind}`, { name: f.fileName });
  };
  return (
    <>
      <ul className="org-sign__docs" aria-label={label}>
        {files.map((f) => (
          <li key={f.fileId}>
            <button type="button" className="org-sign__doc" onClick={() => void show(f)} aria-busy={loading === f.fileId || undefined}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path d="M6 2h8l5 5v15H6z M14 2v5h5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
              </svg>
              <span className="org-sign__doc-name">{nameOf(f)}</span>
              {seen.has(f.fileId) ? <span className="org-sign__seen">{t('orgSign.opened')}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      {open ? <PdfSheet url={open.url} title={nameOf(open.file)} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
