/**
 * One big tile for one side of an identity or bank card: a drawn illustration of the side to photograph
 * with its caption; tapping opens the camera or the photo picker (images only). The picked photo shows at
 * once with the upload progress; when uploaded `onUploaded(ref, file)` runs (the screen reads the card):
 * while it (or `busy`) works the tile shows "recognising…" (state 3); a failed upload shows the retry mask
 * with the service's message (retry sends the same photo again); `error` (a recognition error from the
 * screen) shows the mask with a "take again" button. Before the upload, the photo is checked on the phone (issue 41,
 * photo-check: too dark, blurred, glare, the card cut off or too small, in a worker): a doubtful photo is not sent
 * until the applicant chooses to take it again or to use it all the same.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { IMAGE_ACCEPT_ATTR, isAcceptedFile, UPLOAD_STATE, type FileRefData } from '../../domain/uploads';
import type { FileCategory } from '../../api/upload';
import { toast } from '../toast';
import { FieldLabel, useFieldIds } from '../form/field-parts';
import { useUploads, type UploadFn } from './use-uploads';
import { BusyMask, ImagePreviewSheet, PhotoDoubtDialog, ProgressBar, RefImage, RemoveButton, RetryMask } from './parts';
import { CardArt, type CardKind } from './CardArt';
import { checkPhoto } from '../../photo-check/check-photo';
import type { PhonePhotoProblem } from '../../domain/photo-quality';
import { isMobileBrowser } from '../../domain/handoff';
import './uploader.css';

export interface CardUploaderProps {
  name: string;
  label: ReactNode;
  value: FileRefData | null;
  onUploaded: (ref: FileRefData, file: File) => void | Promise<void>;
  category: FileCategory;
  /** sends the photo instead of the account pages' upload (see useUploads) */
  upload?: UploadFn;
  kind: CardKind;
  /** the screen is working on the photo (recognition): state 3 */
  busy?: boolean;
  /** a recognition error (translated), shown as the retry mask */
  error?: string;
  onClear?: () => void;
  /** a new photo was picked (it uploads now): the screen lets go of what it knew of the previous one */
  onPick?: () => void;
  readOnly?: boolean;
  /** replaces the caption under the drawing */
  caption?: ReactNode;
}

const isMobile = () => typeof navigator !== 'undefined' && isMobileBrowser(navigator.userAgent, navigator.maxTouchPoints ?? 0);

export function CardUploader({ name, label, value, onUploaded, category, upload, kind, busy, error, onClear, onPick, readOnly, caption }: CardUploaderProps) {
  const intl = useIntl();
  const ids = useFieldIds(name);
  const input = useRef<HTMLInputElement>(null);
  const [working, setWorking] = useState(false);
  const [preview, setPreview] = useState(false);
  // a photo was chosen here (it may have been dropped since, e.g. the wrong side): its error offers to take it again
  const [tried, setTried] = useState(false);
  // the photo being checked on the phone, and one the check doubts (held back until the applicant decides)
  const [checking, setChecking] = useState(false);
  const [doubt, setDoubt] = useState<{ file: File; problem: PhonePhotoProblem } | null>(null);
  /** the shown photo's width / height: the zoom button sits inside the picture, not on the bands around it */
  const [photoRatio, setPhotoRatio] = useState<number | null>(null);
  const onPhotoLoad = (e: React.SyntheticEvent<HTMLImageElement>) => {
    const img = e.currentTarget;
    setPhotoRatio(img.naturalWidth && img.naturalHeight ? img.naturalWidth / img.naturalHeight : null);
  };
  const handler = useRef(onUploaded);
  handler.current = onUploaded;

  const { items, add, retry, remove } = useUploads({
    category,
    upload,
    imagesOnly: true,
    onUploaded: (item, ref) => {
      let result: void | Promise<void> = undefined;
      try {
        result = handler.current(ref, item.file);
      } catch (e) {
        console.error(e);
      }
      if (result && typeof (result as Promise<void>).then === 'function') {
        setWorking(true);
        (result as Promise<void>).catch((e) => console.error(e)).finally(() => setWorking(false));
      }
      return true;
    },
  });
  const item = items[0];

  // the screen cleared the value (e.g. the document type changed): drop the photo shown
  const prevValue = useRef(value);
  useEffect(() => {
    if (prevValue.current && !value && item && item.state === UPLOAD_STATE.IDLE) remove(item.key);
    prevValue.current = value;
  }, [value, item, remove]);

  const showItem = item && (item.state !== UPLOAD_STATE.IDLE || !value || value.ossId === item.ref?.ossId);
  const shown: FileRefData | null = showItem ? (item.ref ?? null) : value;
  const hasPhoto = !!(showItem || value);
  const state = showItem && item.state !== UPLOAD_STATE.IDLE ? item.state : busy || working ? UPLOAD_STATE.LOADING : error ? UPLOAD_STATE.FAILED : UPLOAD_STATE.IDLE;

  const send = (f: File) => {
    onPick?.();
    add(f, { replace: true });
  };
  const pick = async (files: FileList | null) => {
    const f = files?.[0];
    if (!f) return;
    if (!isAcceptedFile(f, true)) {
      toast.show(intl.formatMessage({ id: 'ui.upload.wrongTypeImage' }));
      return;
    }
    setChecking(true);
    const verdict = await checkPhoto(f).catch(() => null);
    setChecking(false);
    const problem = verdict?.problems[0];
    if (problem) setDoubt({ file: f, problem });
    else send(f);
  };

  const clear = () => {
    if (item) remove(item.key);
    onClear?.();
  };

  // once a photo is in place the caption says so (the label above names the side)
  const captionText = caption ?? intl.formatMessage({ id: hasPhoto && state === UPLOAD_STATE.IDLE && !readOnly ? 'ui.card.uploaded' : `ui.card.${kind}` });
  const uploadName = typeof label === 'string' ? label : intl.formatMessage({ id: `ui.card.${kind}` });
  const canPick = !readOnly && !checking && state !== UPLOAD_STATE.UPLOADING && state !== UPLOAD_STATE.LOADING;
  const uploadFailed = !!(showItem && item.state === UPLOAD_STATE.FAILED);
  const errorText = uploadFailed ? item.error || intl.formatMessage({ id: 'ui.upload.failed' }) : error;
  const captionId = `${ids.control}-caption`;

  return (
    <div className="esop-field esop-card" data-name={name} data-state={state}>
      <FieldLabel ids={ids} label={label} asLabel={!readOnly} />
      <div className="esop-card__tile" style={{ aspectRatio: String(TILE_ASPECT) }} data-has-photo={hasPhoto ? 'true' : undefined}>
        {hasPhoto ? (
          showItem && item.localUrl ? (
            <img className="esop-card__photo" src={item.localUrl} alt="" onLoad={onPhotoLoad} />
          ) : shown ? (
            <RefImage file={shown} className="esop-card__photo" onLoad={onPhotoLoad} />
          ) : null
        ) : (
          <>
            <CardArt kind={kind} />
            <span className="esop-card__camera" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="26" height="26" focusable="false">
                <path d="M4 8h3l2-3h6l2 3h3v11H4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
                <circle cx="12" cy="13" r="3.5" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </span>
          </>
        )}
        {!readOnly ? (
          <input
            ref={input}
            id={ids.control}
            type="file"
            name={name}
            accept={`image/*,${IMAGE_ACCEPT_ATTR}`}
            capture={isMobile() ? 'environment' : undefined}
            className="esop-card__input"
            disabled={!canPick}
            aria-describedby={[captionId, state === UPLOAD_STATE.FAILED ? ids.error : ''].filter(Boolean).join(' ')}
            aria-invalid={state === UPLOAD_STATE.FAILED ? true : undefined}
            onChange={(e) => {
              setTried(true);
              void pick(e.target.files);
              e.target.value = '';
            }}
          />
        ) : null}
        {state === UPLOAD_STATE.UPLOADING && item ? <ProgressBar name={uploadName} value={item.progress} preparing={item.preparing} /> : null}
        {state === UPLOAD_STATE.LOADING ? <BusyMask text={intl.formatMessage({ id: 'ui.upload.recognising' })} /> : null}
        {state === UPLOAD_STATE.FAILED && uploadFailed && item.badFile ? (
          <RetryMask
            id={ids.error}
            message={errorText ?? ''}
            retryLabel={intl.formatMessage({ id: 'ui.upload.chooseAnotherPhoto' })}
            buttonText={intl.formatMessage({ id: 'ui.upload.chooseAnotherPhoto' })}
            onRetry={() => input.current?.click()}
          />
        ) : state === UPLOAD_STATE.FAILED && uploadFailed ? (
          <RetryMask
            id={ids.error}
            message={errorText ?? ''}
            retryLabel={intl.formatMessage({ id: 'ui.upload.retryName' }, { name: uploadName })}
            onRetry={() => retry(item.key)}
          />
        ) : state === UPLOAD_STATE.FAILED ? (
          // "take again" only where a photo was taken; an empty slot asked for after Next offers the first one (issue 37)
          <RetryMask
            id={ids.error}
            message={errorText ?? ''}
            retryLabel={intl.formatMessage({ id: hasPhoto || tried ? 'ui.card.retake' : 'ui.card.take' })}
            buttonText={intl.formatMessage({ id: hasPhoto || tried ? 'ui.card.retake' : 'ui.card.take' })}
            onRetry={() => input.current?.click()}
          />
        ) : null}
        {hasPhoto && shown && state === UPLOAD_STATE.IDLE ? (
          <button type="button" className="esop-card__view" style={viewButtonPlace(photoRatio)} aria-label={intl.formatMessage({ id: 'ui.upload.view' }, { name: uploadName })} onClick={() => setPreview(true)}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <circle cx="10.5" cy="10.5" r="6" fill="none" stroke="currentColor" strokeWidth="2.2" />
              <path d="M15 15l5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
        {hasPhoto && !readOnly && state !== UPLOAD_STATE.LOADING && state !== UPLOAD_STATE.UPLOADING && (onClear || uploadFailed) ? (
          <RemoveButton label={intl.formatMessage({ id: 'ui.card.remove' })} onClick={clear} />
        ) : null}
      </div>
      <p id={captionId} className="esop-card__caption">
        {captionText}
      </p>
      <ImagePreviewSheet file={preview ? shown : null} onClose={() => setPreview(false)} />
      <PhotoDoubtDialog
        doubt={doubt}
        onRetake={() => {
          setDoubt(null);
          input.current?.click();
        }}
        onUse={() => {
          const f = doubt?.file;
          setDoubt(null);
          if (f) send(f);
        }}
      />
    </div>
  );
}

/** The tile's width / height (the photo is shown whole in it: object-fit contain). */
const TILE_ASPECT = 16 / 10;
const VIEW_MARGIN_PX = 6;

/**
 * Where the zoom button goes: the bottom-right corner of the picture as drawn in the tile. A photo narrower than the
 * tile has bands left and right, a wider one above and below; the button keeps inside the picture, not on a band.
 */
export function viewButtonPlace(ratio: number | null): { right: string; bottom: string } {
  const side = ratio && ratio < TILE_ASPECT ? (1 - ratio / TILE_ASPECT) / 2 : 0;
  const band = ratio && ratio > TILE_ASPECT ? (1 - TILE_ASPECT / ratio) / 2 : 0;
  const at = (f: number) => (f ? `calc(${(f * 100).toFixed(2)}% + ${VIEW_MARGIN_PX}px)` : `${VIEW_MARGIN_PX}px`);
  return { right: at(side), bottom: at(band) };
}
