/** Pieces of the upload tiles: the image of a stored file, the PDF icon, the progress bar, the retry mask, the remove button and the full-screen preview. */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useSignedUrl } from '../../api/files';
import type { FileRefData } from '../../domain/uploads';
import { Sheet } from '../pickers/Sheet';
import { ConfirmDialog } from '../ConfirmDialog';
import type { PhonePhotoProblem } from '../../domain/photo-quality';

/** A stored file's image: its signed URL, renewed through SignedUrl when missing or expired. */
export function RefImage({ file, alt = '', className, onLoad }: { file: FileRefData; alt?: string; className?: string; onLoad?: (e: React.SyntheticEvent<HTMLImageElement>) => void }) {
  const [broken, setBroken] = useState(!file.url);
  const fresh = useSignedUrl(broken ? file.ossId : null);
  const src = broken ? fresh.data : file.url;
  if (!src) return <span className={`${className ?? ''} esop-upload__img-wait`} aria-hidden="true" />;
  return <img className={className} src={src} alt={alt} draggable={false} onLoad={onLoad} onError={() => !broken && setBroken(true)} />;
}

export function PdfIcon() {
  return (
    <svg className="esop-upload__pdf-icon" viewBox="0 0 40 48" width="34" height="40" aria-hidden="true" focusable="false">
      <path d="M4 2h22l10 10v32a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z" fill="#fff" stroke="#c62828" strokeWidth="2" />
      <path d="M26 2v10h10" fill="none" stroke="#c62828" strokeWidth="2" />
      <rect x="6" y="26" width="28" height="12" rx="2" fill="#c62828" />
      <text x="20" y="35.5" textAnchor="middle" fontSize="9" fontWeight="700" fill="#fff" fontFamily="Arial, sans-serif">
        PDF
      </text>
    </svg>
  );
}

/** The upload's progress; while the photo is prepared on the phone, a moving bar without a percentage (none is known). */
export function ProgressBar({ name, value, preparing = false }: { name: string; value: number; preparing?: boolean }) {
  const intl = useIntl();
  return (
    <div className="esop-upload__progress">
      <div
        className={preparing ? 'esop-upload__bar esop-upload__bar--busy' : 'esop-upload__bar'}
        role="progressbar"
        aria-label={intl.formatMessage({ id: preparing ? 'ui.upload.preparing' : 'ui.upload.uploading' }, { name })}
        aria-valuemin={preparing ? undefined : 0}
        aria-valuemax={preparing ? undefined : 100}
        aria-valuenow={preparing ? undefined : value}
      >
        <span className="esop-upload__bar-fill" style={preparing ? undefined : { width: `${Math.max(4, value)}%` }} />
      </div>
      <span className="esop-upload__pct" aria-hidden="true">
        {preparing ? intl.formatMessage({ id: 'ui.upload.preparingShort' }) : `${value}%`}
      </span>
    </div>
  );
}

export function RetryMask({ message, retryLabel, onRetry, id, buttonText }: { message: string; retryLabel: string; onRetry: () => void; id?: string; buttonText?: string }) {
  const intl = useIntl();
  return (
    <div className="esop-upload__mask esop-upload__mask--failed">
      <p id={id} className="esop-upload__mask-text">
        {message}
      </p>
      <button type="button" className="esop-upload__retry" aria-label={retryLabel} onClick={onRetry}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span>{buttonText ?? intl.formatMessage({ id: 'ui.upload.retry' })}</span>
      </button>
    </div>
  );
}

export function BusyMask({ text }: { text: string }) {
  return (
    <div className="esop-upload__mask">
      <span className="esop-upload__spinner" aria-hidden="true" />
      <span className="esop-upload__mask-text">{text}</span>
    </div>
  );
}

export function RemoveButton({ label, onClick, className }: { label: string; onClick: () => void; className?: string }) {
  return (
    <button type="button" className={`esop-upload__remove${className ? ` ${className}` : ''}`} aria-label={label} onClick={onClick}>
      <span className="esop-upload__remove-dot" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="12" height="12" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      </span>
    </button>
  );
}

/** The full-screen preview of an uploaded image. */
export function ImagePreviewSheet({ file, localUrl, onClose }: { file: FileRefData | null; localUrl?: string; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Sheet visible={!!file} title={file?.description || intl.formatMessage({ id: 'ui.upload.preview' })} onClose={onClose} variant="preview">
      {file ? (
        <div className="esop-upload__preview" onClick={onClose}>
          {localUrl ? <img src={localUrl} alt={file.description ?? ''} /> : <RefImage file={file} alt={file.description ?? ''} />}
        </div>
      ) : null}
    </Sheet>
  );
}

/**
 * A photo the phone's check doubted (issue 41): what looks wrong, in words (`ui.photoCheck.<problem>`, or its
 * `…Document` form for a page), the photo's name when several were picked, and the choice: take it again, or use it.
 */
export function PhotoDoubtDialog({ doubt, document = false, onRetake, onUse }: { doubt: { file: File; problem: PhonePhotoProblem } | null | undefined; document?: boolean; onRetake: () => void; onUse: () => void }) {
  const intl = useIntl();
  return (
    <ConfirmDialog
      visible={!!doubt}
      title={intl.formatMessage({ id: 'ui.photoCheck.title' })}
      message={doubt ? intl.formatMessage({ id: `ui.photoCheck.${doubt.problem}${document ? 'Document' : ''}` }) : ''}
      confirmText={intl.formatMessage({ id: 'ui.photoCheck.retake' })}
      cancelText={intl.formatMessage({ id: 'ui.photoCheck.useAnyway' })}
      onConfirm={onRetake}
      onCancel={onUse}
    >
      {doubt && document ? <p className="esop-upload__doubt-name">{doubt.file.name}</p> : null}
    </ConfirmDialog>
  );
}
