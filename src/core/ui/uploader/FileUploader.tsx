/**
 * A grid of uploaded files with an add tile (spec part 1 §4-5, part 3 §5, §8): duplicates (same name, size
 * and modified time), wrong types and files over `max` are refused with a toast; each file uploads with a
 * visible progress bar; a failure shows the retry mask with the service's message (1008: file size
 * exceeded); every file can be removed; done images open a full-screen preview, PDFs show an icon and name.
 * `onChange` receives the done files ({ossId, url, description: file name, ossCategory}). A photo (not a PDF) is
 * checked on the phone first (issue 41, photo-check): a doubtful one waits for the applicant's choice, to take it
 * again or to use it all the same, one at a time.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ACCEPT_ATTR, IMAGE_ACCEPT_ATTR, isAcceptedFile, sameFile, UPLOAD_STATE, type FileIdentity, type FileRefData } from '../../domain/uploads';
import type { FileCategory } from '../../api/upload';
import { toast } from '../toast';
import { describedBy, FieldError, FieldHint, FieldLabel, useFieldIds } from '../form/field-parts';
import { isPdfName, useUploads, type UploadItem } from './use-uploads';
import { BusyMask, ImagePreviewSheet, PdfIcon, PhotoDoubtDialog, ProgressBar, RefImage, RemoveButton, RetryMask } from './parts';
import { checkPhoto } from '../../photo-check/check-photo';
import { DOCUMENT_PHOTO_PROBLEMS, type PhonePhotoProblem } from '../../domain/photo-quality';
import './uploader.css';

export interface FileUploaderProps {
  name: string;
  label: ReactNode;
  value: FileRefData[];
  onChange: (files: FileRefData[]) => void;
  max: number;
  category: FileCategory;
  /** 'image': PNG/JPG only; 'pdfOrImage' (default): PNG, JPG, PDF */
  accept?: 'image' | 'pdfOrImage';
  hint?: ReactNode;
  /** open the camera directly on phones (images only) */
  capture?: boolean;
  error?: string;
  required?: boolean;
  readOnly?: boolean;
}

export function FileUploader({ name, label, value, onChange, max, category, accept = 'pdfOrImage', hint, capture, error, required, readOnly }: FileUploaderProps) {
  const intl = useIntl();
  const ids = useFieldIds(name);
  const countId = `${ids.control}-count`;
  const imagesOnly = accept === 'image';
  const valueRef = useRef(value);
  valueRef.current = value;
  // who each uploaded file was (for the duplicate check); in memory only
  const known = useRef(new Map<string, FileIdentity>());
  const [preview, setPreview] = useState<FileRefData | null>(null);

  const { items, add, retry, remove } = useUploads({
    category,
    onUploaded: (item, ref) => {
      known.current.set(ref.ossId, { name: item.file.name, size: item.file.size, lastModified: item.file.lastModified });
      const next = [...valueRef.current, ref];
      valueRef.current = next;
      onChange(next);
      return false;
    },
  });

  // photos the check doubted, waiting for the applicant's choice (the first is asked), and photos being checked
  const [doubts, setDoubts] = useState<{ file: File; problem: PhonePhotoProblem }[]>([]);
  const [checking, setChecking] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  const count = value.length + items.length + doubts.length + checking;
  const full = count >= max;

  const onPick = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    // photos being checked or waiting for the applicant's choice hold their place too
    let room = max - (valueRef.current.length + items.length + doubts.length + checking);
    const taken: FileIdentity[] = [
      ...items.map((i) => i.file),
      ...doubts.map((d) => d.file),
      ...valueRef.current.map((v) => known.current.get(v.ossId)).filter((x): x is FileIdentity => !!x),
    ];
    let refused: string | undefined;
    for (const f of files) {
      if (!isAcceptedFile(f, imagesOnly)) {
        refused ??= intl.formatMessage({ id: imagesOnly ? 'ui.upload.wrongTypeImage' : 'ui.upload.wrongType' });
        continue;
      }
      if (taken.some((t) => sameFile(t, f))) {
        refused ??= intl.formatMessage({ id: 'ui.upload.duplicate' });
        continue;
      }
      if (room <= 0) {
        refused ??= intl.formatMessage({ id: 'ui.upload.tooMany' }, { max });
        continue;
      }
      room -= 1;
      taken.push(f);
      // a photo (an accepted image) is checked first; a PDF goes at once
      if (isAcceptedFile(f, true)) void checked(f);
      else add(f);
    }
    if (refused) toast.show(refused);
  };

  /** a photo sent once the check finds nothing wrong with it (or cannot run), else held for the applicant's choice */
  const checked = async (f: File) => {
    setChecking((n) => n + 1);
    const verdict = await checkPhoto(f).catch(() => null);
    setChecking((n) => n - 1);
    const problem = verdict?.problems.find((p) => DOCUMENT_PHOTO_PROBLEMS.includes(p));
    if (problem) setDoubts((d) => [...d, { file: f, problem }]);
    else add(f);
  };
  const doubt = doubts[0];
  const decide = (use: boolean) => {
    setDoubts((d) => d.slice(1));
    if (doubt && use) add(doubt.file);
    else if (doubt) input.current?.click();
  };

  const removeDone = (ossId: string) => {
    known.current.delete(ossId);
    const next = valueRef.current.filter((v) => v.ossId !== ossId);
    valueRef.current = next;
    onChange(next);
  };

  const typesHint = intl.formatMessage({ id: imagesOnly ? 'ui.upload.hintImages' : 'ui.upload.hintTypes' });
  const canAdd = !full && !readOnly;

  return (
    <div className="esop-field esop-upload" data-name={name}>
      <FieldLabel ids={ids} label={label} required={required} asLabel={canAdd} />
      <ul className="esop-upload__grid">
        {value.map((f) => (
          <li key={f.ossId} className="esop-upload__tile">
            <DoneTile file={f} onOpen={() => setPreview(f)} />
            {readOnly ? null : (
              <RemoveButton label={intl.formatMessage({ id: 'ui.upload.remove' }, { name: f.description || f.ossId })} onClick={() => removeDone(f.ossId)} />
            )}
          </li>
        ))}
        {items.map((it) => (
          <li key={it.key} className="esop-upload__tile">
            <PendingTile item={it} onRetry={() => (it.badFile ? remove(it.key) : retry(it.key))} />
            <RemoveButton label={intl.formatMessage({ id: 'ui.upload.remove' }, { name: it.name })} onClick={() => remove(it.key)} />
          </li>
        ))}
        {canAdd ? (
          <li className="esop-upload__tile esop-upload__add">
            <input
              ref={input}
              id={ids.control}
              type="file"
              name={name}
              multiple={max - count > 1}
              accept={imagesOnly ? IMAGE_ACCEPT_ATTR : ACCEPT_ATTR}
              capture={capture && imagesOnly ? 'environment' : undefined}
              className="esop-upload__input"
              aria-describedby={[describedBy(ids, true, !!error), countId].filter(Boolean).join(' ')}
              aria-invalid={error ? true : undefined}
              aria-required={required || undefined}
              onChange={(e) => {
                onPick(e.target.files);
                e.target.value = ''; // the same file can be picked again after a removal
              }}
            />
            <span className="esop-upload__add-face" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
                <path d="M12 5v14M5 12h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              <span className="esop-upload__add-text">{intl.formatMessage({ id: imagesOnly ? 'ui.upload.addImage' : 'ui.upload.add' })}</span>
            </span>
          </li>
        ) : null}
      </ul>
      <FieldHint
        ids={ids}
        hint={
          <>
            {hint ? <span className="esop-upload__hint-own">{hint} </span> : null}
            <span>{typesHint}</span>
          </>
        }
      />
      <p id={countId} className="esop-field__hint esop-upload__count">
        {intl.formatMessage({ id: 'ui.upload.count' }, { count: value.length, max })}
      </p>
      <FieldError ids={ids} error={error} />
      <ImagePreviewSheet file={preview} onClose={() => setPreview(null)} />
      <PhotoDoubtDialog doubt={doubt} document onRetake={() => decide(false)} onUse={() => decide(true)} />
    </div>
  );
}

function DoneTile({ file, onOpen }: { file: FileRefData; onOpen: () => void }) {
  const intl = useIntl();
  const label = file.description || file.ossId;
  if (isPdfName(file.description)) {
    return (
      <div className="esop-upload__face esop-upload__face--pdf">
        <PdfIcon />
        <span className="esop-upload__name">{label}</span>
        <span className="esop-visually-hidden">{intl.formatMessage({ id: 'ui.upload.pdf' })}</span>
      </div>
    );
  }
  return (
    <button type="button" className="esop-upload__face esop-upload__face--btn" onClick={onOpen} aria-label={intl.formatMessage({ id: 'ui.upload.view' }, { name: label })}>
      <RefImage file={file} className="esop-upload__img" />
    </button>
  );
}

function PendingTile({ item, onRetry }: { item: UploadItem; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <div className={`esop-upload__face${item.isPdf ? ' esop-upload__face--pdf' : ''}`} data-state={item.state}>
      {item.isPdf ? (
        <>
          <PdfIcon />
          <span className="esop-upload__name">{item.name}</span>
        </>
      ) : item.localUrl ? (
        <img className="esop-upload__img" src={item.localUrl} alt="" />
      ) : (
        <span className="esop-upload__name">{item.name}</span>
      )}
      {item.state === UPLOAD_STATE.UPLOADING ? <ProgressBar name={item.name} value={item.progress} preparing={item.preparing} /> : null}
      {item.state === UPLOAD_STATE.LOADING ? <BusyMask text={intl.formatMessage({ id: 'ui.upload.recognising' })} /> : null}
      {item.state === UPLOAD_STATE.FAILED ? (
        <RetryMask
          message={item.error || intl.formatMessage({ id: 'ui.upload.failed' })}
          retryLabel={intl.formatMessage({ id: item.badFile ? 'ui.upload.removeToChoose' : 'ui.upload.retryName' }, { name: item.name })}
          buttonText={item.badFile ? intl.formatMessage({ id: 'ui.upload.chooseAnother' }) : undefined}
          onRetry={onRetry}
        />
      ) : null}
    </div>
  );
}
