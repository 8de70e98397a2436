/**
 * "Download certificate of completion" with its line saying what it gives (issue 41): the applicant's status pages and
 * the organisation signer's result use it, each with its own look (the classes) and its own way of getting the file.
 */
import { useId } from 'react';
import { useT } from '../i18n';

export function CertificateButton({ busy, onClick, buttonClass, hintClass }: { busy: boolean; onClick: () => void; buttonClass: string; hintClass: string }) {
  const t = useT();
  const hint = `${useId()}-hint`;
  return (
    <>
      <button type="button" className={buttonClass} onClick={onClick} aria-busy={busy || undefined} aria-describedby={hint}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M12 3v12M7 10l5 5 5-5M5 20h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {busy ? t('completion.preparing') : t('completion.download')}
      </button>
      <p id={hint} className={hintClass}>
        {t('completion.hint')}
      </p>
    </>
  );
}
