/**
 * On a computer (issue 41): beside the step, "Continue on your phone" with a QR code that opens this application on
 * the phone, logged in, at this step, and a short code to type there instead. Made when asked for (at once on a step
 * that uses the camera, which says so), it works once for HANDOFF_TTL_S; the card counts the time down and offers a
 * new code when it is over. Once the phone opened it, the page is covered by the phone's progress, followed every
 * HANDOFF_POLL_MS, until the application is submitted there or the applicant chooses to go on here.
 * Loaded only on a computer's browser, by the step page of a page that offers it (StepPage, HandoffOffer), in a
 * chunk of its own with the QR encoder.
 */
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { cancelHandoff, createHandoff, useHandoffStatus } from '@core/api/handoff';
import { useApiErrorHandler } from '@core/api/errors';
import { queryKeys } from '@core/api/keys';
import { useLang, useT } from '@core/i18n';
import { HANDOFF_PARAM, HANDOFF_ROUTE, STEP_CAMERA, formatHandoffCode, handoffPollMs, isHandoffRoute, phoneStepOf, type HandoffProgress } from '@core/domain/handoff';
import { STEP_TITLE_KEY, isStepName, stepOfRoute } from '@core/domain/steps';
import { QrCode } from './QrCode';
import './desktop-handoff.css';

interface Made {
  id: string;
  token: string;
  code: string;
  /** when it stops working, by this page's clock (the service says how many seconds are left) */
  endsAt: number;
}

/** The link the QR code carries: this page, the phone's route with the token, in the page's language. */
export function handoffLink(token: string, lang: string): string {
  return `${location.origin}${location.pathname}#${HANDOFF_ROUTE}?${HANDOFF_PARAM}=${encodeURIComponent(token)}&lang=${lang}`;
}

/** room beside the page's column for the card (the same width as desktop-handoff.css) */
const WIDE = () => typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 1000px)').matches;

const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

export default function DesktopHandoff({ route }: { route: string }) {
  const t = useT();
  const { lang } = useLang();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const onApiError = useApiErrorHandler();
  const step = stepOfRoute(route);
  const camera = step ? STEP_CAMERA[step] : undefined;
  const [made, setMade] = useState<Made | null>(null);
  const [making, setMaking] = useState(false);
  // the card stands open where there is room beside the page; in a narrow window it is a button that opens it, so as not
  // to cover the step
  const [open, setOpen] = useState(WIDE);
  const [now, setNow] = useState(() => Date.now());
  const [here, setHere] = useState(false);
  // the focus follows the card: to its heading when it opens, to its button when it folds (not on the first paint)
  const pill = useRef<HTMLButtonElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    (open ? title : pill).current?.focus();
  }, [open]);
  const status = useHandoffStatus(made?.id ?? null, !!made && !here);
  const state = status.data?.state ?? (made ? 'waiting' : null);
  const left = made ? Math.max(0, Math.ceil((made.endsAt - now) / 1000)) : 0;
  const waiting = state === 'waiting' && left > 0;

  const make = async () => {
    if (making || !isHandoffRoute(route)) return;
    setMaking(true);
    try {
      const h = await createHandoff({ route });
      setMade({ id: h.id, token: h.token, code: h.code, endsAt: Date.now() + h.expiresInSeconds * 1000 });
      setNow(Date.now());
    } catch (err) {
      onApiError(err);
    } finally {
      setMaking(false);
    }
  };

  // a camera step shows its code at once when the card is open (once: an effect may run twice in development)
  const asked = useRef(false);
  useEffect(() => {
    if (!camera || !open || asked.current) return;
    asked.current = true;
    void make();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per step (the component is keyed by route)
  }, [open]);

  // the time left, counted on the page between two answers
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);

  // leaving the step (or the page) ends a code nobody used: it would open the step left
  const latest = useRef<{ id: string; waiting: boolean } | null>(null);
  latest.current = made ? { id: made.id, waiting } : null;
  useEffect(
    () => () => {
      const m = latest.current;
      if (m?.waiting) void cancelHandoff(m.id).catch(() => undefined);
    },
    [],
  );

  if (state === 'opened' && !here && status.data) {
    return (
      <PhoneProgress
        openedAt={status.data.openedAt}
        progress={status.data.progress}
        stopped={handoffPollMs(status.data, now) === false}
        onAgain={() => {
          setNow(Date.now());
          void status.refetch();
        }}
        onLeave={() => {
          // the application as the phone left it: the step to go on at, or the status page once submitted
          setHere(true);
          void qc.invalidateQueries({ queryKey: queryKeys.application() });
          navigate('/', { replace: true });
        }}
      />
    );
  }
  if (here) return null;

  const body = camera ? t(`handoff.desk.camera.${camera}`) : t('handoff.desk.body');
  return (
    <aside className={`oa-handoff-desk${open ? ' oa-handoff-desk--open' : ''}`} aria-labelledby="oa-handoff-desk-title">
      {open ? (
        <div className="oa-handoff-desk__card">
          <div className="oa-handoff-desk__head">
            <h2 className="oa-handoff-desk__title" id="oa-handoff-desk-title" ref={title} tabIndex={-1}>
              {t('handoff.desk.title')}
            </h2>
            <button
              type="button"
              className="oa-handoff-desk__fold"
              aria-label={t('handoff.desk.fold')}
              onClick={() => {
                moved.current = true;
                setOpen(false);
                if (made && waiting) void cancelHandoff(made.id).catch(() => undefined);
                setMade(null);
              }}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <p className="oa-handoff-desk__body">{body}</p>
          {made && waiting ? (
            <>
              <div className="oa-handoff-desk__qr">
                <QrCode text={handoffLink(made.token, lang)} label={t('handoff.desk.qrLabel')} />
              </div>
              <p className="oa-handoff-desk__left" aria-live="off">
                {t('handoff.desk.left', { time: mmss(left) })}
              </p>
              <p className="oa-handoff-desk__hint">{t('handoff.desk.codeHint')}</p>
              <p className="oa-handoff-desk__code">
                <span aria-hidden="true">{formatHandoffCode(made.code)}</span>
                {/* read out one character at a time */}
                <span className="esop-visually-hidden">{t('handoff.desk.codeName', { code: [...made.code].join(' ') })}</span>
              </p>
            </>
          ) : made ? (
            <div className="oa-handoff-desk__over" role="status">
              <p>{t(state === 'cancelled' ? 'handoff.desk.replaced' : 'handoff.desk.expired')}</p>
              <button type="button" className="oa-btn oa-btn--primary oa-btn--block" onClick={() => void make()} disabled={making} aria-busy={making}>
                {t('handoff.desk.renew')}
              </button>
            </div>
          ) : (
            <button type="button" className="oa-btn oa-btn--primary oa-btn--block" onClick={() => void make()} disabled={making} aria-busy={making}>
              {making ? <span className="oa-spinner" aria-hidden="true" /> : null}
              {t('handoff.desk.show')}
            </button>
          )}
        </div>
      ) : (
        <button
          type="button"
          className="oa-handoff-desk__pill"
          ref={pill}
          onClick={() => {
            moved.current = true;
            setOpen(true);
          }}
          id="oa-handoff-desk-title"
        >
          <PhoneIcon />
          {t('handoff.desk.title')}
        </button>
      )}
    </aside>
  );
}

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M10.5 18.5h3" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** The page covered while the phone goes on: each step saved, the one on the phone now, or the submission. */
function PhoneProgress({
  openedAt,
  progress,
  stopped,
  onAgain,
  onLeave,
}: {
  openedAt: string | null;
  progress: HandoffProgress | null;
  /** the computer no longer asks by itself (HANDOFF_FOLLOW_MAX_S after the phone opened the code) */
  stopped: boolean;
  onAgain: () => void;
  onLeave: () => void;
}) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // the page under the cover takes neither the focus nor clicks: two devices must not edit the same step
  useEffect(() => {
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    return () => root?.removeAttribute('inert');
  }, []);
  const submitted = !!progress?.submitted;
  const steps = (progress?.steps ?? []).filter(isStepName);
  const now = progress ? phoneStepOf(progress) : null;
  const saved = progress?.latestStep && isStepName(progress.latestStep) ? steps.indexOf(progress.latestStep) : -1;
  return createPortal(
    <div className="oa-handoff-cover" role="dialog" aria-modal="true" aria-labelledby="oa-handoff-cover-title">
      <div className="oa-handoff-cover__card">
        <PhoneIcon />
        <h2 className="oa-handoff-cover__title" id="oa-handoff-cover-title" ref={heading} tabIndex={-1}>
          {t(submitted ? 'handoff.cover.submittedTitle' : 'handoff.cover.title')}
        </h2>
        <p className="oa-handoff-cover__body">
          {submitted ? t('handoff.cover.submittedBody') : openedAt ? t('handoff.cover.body', { time: format(new Date(openedAt), 'HH:mm') }) : null}
        </p>
        {!submitted && steps.length > 0 ? (
          <ol className="oa-handoff-cover__steps" aria-live="polite">
            {steps.map((s, i) => {
              const where = i <= saved ? 'done' : s === now ? 'now' : 'todo';
              return (
                <li key={s} className={`oa-handoff-cover__step oa-handoff-cover__step--${where}`}>
                  <span className="oa-handoff-cover__mark" aria-hidden="true" />
                  <span className="oa-handoff-cover__name">{t(STEP_TITLE_KEY[s])}</span>
                  <span className="oa-handoff-cover__state">{t(`handoff.cover.${where}`)}</span>
                </li>
              );
            })}
          </ol>
        ) : null}
        {stopped && !submitted ? (
          <div className="oa-handoff-cover__stopped">
            <p>{t('handoff.desk.stopped')}</p>
            <button type="button" className="oa-btn oa-btn--outline oa-btn--block" onClick={onAgain}>
              {t('handoff.desk.again')}
            </button>
          </div>
        ) : null}
        {submitted ? (
          <button type="button" className="oa-btn oa-btn--primary oa-btn--block" onClick={onLeave}>
            {t('handoff.cover.status')}
          </button>
        ) : (
          <button type="button" className="oa-btn oa-btn--ghost oa-btn--block" onClick={onLeave}>
            {t('handoff.cover.here')}
          </button>
        )}
      </div>
    </div>,
    document.body,
  );
}
