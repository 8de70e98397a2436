/**
 * Home (/account): choose the opening type, consent, Next (spec part 1 "Home" and §4).
 * The decisions are in ./next-action.ts (sequence) and @core/domain (rules); this screen renders and wires them.
 */
import { entryChannel } from '@core/bridge/entry-channel';
import { useCallback, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@core/api/api-error';
import { applyCheck, applyDetailQuery, useApplyDetail, useApplyStart, useApplyStatementStep, useApplySwitch, areaTypeQuery, useAreaType } from '@core/api/applications';
import { useClientConfig } from '@core/api/system';
import { useApiErrorHandler } from '@core/api/errors';
import { ipLocationQuery, fetchCityCode } from '@core/api/location';
import { useUserInfo } from '@core/api/auth';
import { sessionHinted } from '@core/api/first-fetches';
import { bridge, STORAGE_KEY } from '@core/bridge';
import { useT } from '@core/i18n';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';
import { PdfLink } from '@core/ui/PdfLink';
import { useToast } from '@core/ui/toast';
import { markFirst } from '@core/form/mark';
import { GEO_MIN_APP_VERSION } from '@core/domain/area';
import { clientTypeOf, type ClientType } from '@core/domain/client-type';
import { ErrorCode, TOAST_MS } from '@core/domain/errors';
import { NEXT_DEBOUNCE_MS } from '@core/domain/limits';
import { AppHeader } from '@core/app/flow-kit/AppHeader';
import { AppBanner } from '@core/ui/AppBanner';
import { RouteSkeleton } from '@core/app/flow-kit/RouteSkeleton';
import { useFlow } from '../../flow-context';
import { runNextAction, type ConfirmKind, type InformKind, type NextActionPorts, type ToastKind } from './next-action';
import { TypeCard } from './TypeCard';
import './home.css';
import { HOME_ROUTE } from '@core/domain/steps';

export const AGREEMENT_PDF_PATH = '/pages/static/customer-agreement.pdf';
/** The non-identity flag that marks strict mode (kept by the bridge's storage). */
export const STRICT_FLAG_KEY = STORAGE_KEY.strictMode;

const DOCS: Record<ClientType, string[]> = {
  hk: ['home.hk.docs.id', 'home.hk.docs.address', 'home.hk.docs.funds'],
  cn: ['home.cn.docs.id', 'home.cn.docs.bank'],
};

type DialogState = { kind: ConfirmKind | InformKind; url?: string } | null;

export default function HomeScreen() {
  const t = useT();
  const { esop } = useFlow();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onApiError = useApiErrorHandler();
  const toast = useToast();
  const config = useClientConfig();
  // home is public: it paints at once, and asks for a login only when the visitor presses Start
  const user = useUserInfo();
  const loggedIn = !!user.data;
  const application = useApplyDetail({ enabled: loggedIn });
  // the area flags are fetched once with the page (React Query keeps them); Next reads the same cache entry
  useAreaType({ enabled: loggedIn });
  const [params] = useSearchParams();
  const typeParam = params.get('type');
  const start = useApplyStart();
  const switchType = useApplySwitch();
  const statementStep = useApplyStatementStep();

  // back from the login screen with the type chosen before it
  const [picked, setChoice] = useState<ClientType | null>(typeParam === 'hk' || typeParam === 'cn' ? typeParam : null);
  const [tradingConsent, setTradingConsent] = useState(true);
  const [agreementConsent, setAgreementConsent] = useState(true);
  const [dialog, setDialog] = useState<DialogState>(null);
  // the last dialog shown keeps its text while the dialog closes
  const lastDialog = useRef<NonNullable<DialogState>>({ kind: 'switchType' });
  if (dialog) lastDialog.current = dialog;
  const shownDialog = dialog ?? lastDialog.current;
  const [running, setRunning] = useState(false);
  const runningRef = useRef(false);
  const lastPress = useRef(0);
  const answer = useRef<((ok: boolean) => void) | null>(null);
  const groupLabelId = useId();
  const hintId = useId();

  // a returning applicant finds the type of their application already chosen (in the same render that shows the
  // cards: a card opening afterwards would push everything below it down)
  const existingType = application.data ? clientTypeOf(application.data.oaType) : null;
  const choice = picked ?? existingType;
  // with a session, the cards wait for the application (asked for when the page started) rather than jump open
  // (without one, the visitor is anonymous: home paints at once)
  const knowing = sessionHinted() && (user.isPending || (loggedIn && application.isPending));

  const inFlight = start.isPending || switchType.isPending || statementStep.isPending || user.isPending;
  const ready = choice !== null && tradingConsent && agreementConsent;
  const busy = inFlight || running;
  const hint = choice === null ? t('home.chooseFirst') : !tradingConsent || !agreementConsent ? t('home.consentFirst') : null;
  // Start pressed with something missing: the hint reads as an error and the missing choice gets the focus
  const [pressed, setPressed] = useState(false);
  const missing = [...(choice === null ? ['type'] : []), ...(tradingConsent ? [] : ['tradingConsent']), ...(agreementConsent ? [] : ['agreementConsent'])];

  const closeDialog = useCallback((ok: boolean) => {
    setDialog(null);
    const resolve = answer.current;
    answer.current = null;
    resolve?.(ok);
  }, []);

  const toastOf = useCallback(
    (kind: ToastKind) => {
      const text: Record<ToastKind, string> = {
        upgradeApp: t('home.toast.upgradeApp', { version: GEO_MIN_APP_VERSION }),
        mainlandBlocked: t('home.toast.mainlandBlocked'),
        startFailed: t('home.toast.startFailed'),
        locationFailed: t('home.toast.locationFailed'),
      };
      toast.show(text[kind], TOAST_MS);
    },
    [t, toast],
  );

  const onNext = async () => {
    const now = Date.now();
    if (busy || runningRef.current || now - lastPress.current < NEXT_DEBOUNCE_MS) return;
    if (!ready || !choice) {
      // never a silent grey button: the missing choice is scrolled to and focused, and the hint said
      setPressed(true);
      markFirst(missing, hint ?? undefined);
      return;
    }
    lastPress.current = now;
    if (!loggedIn) {
      // in the app the app logs the user in (login-expired behaviour); in a browser the login screen comes back here
      if (bridge.isInApp()) onApiError(new ApiError(ErrorCode.LOGIN_EXPIRED, '', undefined, 401));
      else navigate(`/login?redirect=${encodeURIComponent(`${HOME_ROUTE}?type=${choice}`)}`);
      return;
    }
    runningRef.current = true;
    setRunning(true);
    const ports: NextActionPorts = {
      esop,
      getAreaType: () => queryClient.ensureQueryData(areaTypeQuery()),
      getIpLocation: () => queryClient.fetchQuery(ipLocationQuery()),
      isInApp: () => bridge.isInApp(),
      appVersion: () => bridge.appVersion(),
      getLocation: () => bridge.getLocation(),
      getCityCode: (location) => fetchCityCode(location),
      markStrict: () => bridge.storage.set(STRICT_FLAG_KEY, '1'),
      isStrictMarked: async () => (await bridge.storage.get(STRICT_FLAG_KEY)) === '1',
      applyCheck: () => applyCheck(),
      getApplication: () => queryClient.fetchQuery({ ...applyDetailQuery(), staleTime: 0 }),
      // a new application takes the entry link's agent code and channel (kept at page start)
      start: (req) => {
        const entry = entryChannel();
        return start.mutateAsync({ ...req, ...(entry.aeCode ? { aecode: entry.aeCode } : {}), ...(entry.channel ? { channel: entry.channel } : {}) });
      },
      switchType: (req) => switchType.mutateAsync(req),
      insertStatement: (req) => statementStep.mutateAsync(req),
      confirm: (kind) =>
        new Promise<boolean>((resolve) => {
          answer.current = resolve;
          setDialog({ kind });
        }),
      inform: (kind, data) => setDialog({ kind, url: data?.url }),
      toast: toastOf,
      navigate: (to) => navigate(to),
      onError: onApiError,
    };
    try {
      await runNextAction(choice, ports);
    } finally {
      runningRef.current = false;
      setRunning(false);
    }
  };

  const openExternal = (url: string | undefined) => {
    if (url) void bridge.openPage(url);
  };

  if (knowing) return <RouteSkeleton />;

  return (
    <div className="oa-page oa-home">
      <AppHeader />
      <AppBanner />
      <div className="oa-content">
        <section className="oa-hero">
          {esop && <span className="oa-badge">{t('home.esopBadge')}</span>}
          <h1 className="oa-hero__title">{t('home.heroTitle')}</h1>
          <p className="oa-hero__sub" id={groupLabelId}>
            {t('home.heroSubtitle')}
          </p>
        </section>

        <div role="radiogroup" aria-labelledby={groupLabelId} className="oa-types" data-name="type" aria-invalid={pressed && choice === null ? true : undefined}>
          {(['hk', 'cn'] as const).map((type) => (
            <TypeCard
              key={type}
              type={type}
              checked={choice === type}
              onChoose={() => setChoice(type)}
              title={t(`home.${type}.title`)}
              description={t(`home.${type}.desc`)}
              steps={t(`home.${type}.steps`)}
              prepareTitle={t('home.prepare')}
              documents={DOCS[type].map((k) => t(k))}
            />
          ))}
        </div>

        <section className="oa-consents" aria-label={t('home.consent.agreementTitle')}>
          <label className="oa-check" data-name="tradingConsent">
            <input type="checkbox" checked={tradingConsent} onChange={(e) => setTradingConsent(e.target.checked)} />
            <span className="oa-check__box" aria-hidden="true" />
            <span className="oa-check__text">{t('home.consent.trading')}</span>
          </label>
          <div className="oa-check" data-name="agreementConsent">
            <input
              id={`${hintId}-agreement`}
              type="checkbox"
              checked={agreementConsent}
              aria-label={t('home.consent.agreementFull')}
              onChange={(e) => setAgreementConsent(e.target.checked)}
            />
            <span className="oa-check__box" aria-hidden="true" />
            <span className="oa-check__text">
              <label htmlFor={`${hintId}-agreement`}>{t('home.consent.agreement')}</label>
              <PdfLink className="oa-link" url={AGREEMENT_PDF_PATH} title={t('home.consent.agreementTitle')}>
                {t('home.consent.agreementLink')}
              </PdfLink>
            </span>
          </div>
        </section>

        <p className="oa-tip">
          <svg className="oa-tip__icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
            <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path d="M10 9v5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            <circle cx="10" cy="6.2" r="1.1" fill="currentColor" />
          </svg>
          <span>{t('home.tip')}</span>
        </p>
      </div>

      <footer className="oa-footer">
        {hint && (
          <p className={`oa-footer__hint${pressed ? ' oa-footer__hint--error' : ''}`} id={hintId}>
            {hint}
          </p>
        )}
        <button
          type="button"
          className="oa-btn oa-btn--primary oa-btn--block"
          disabled={busy}
          aria-describedby={hint ? hintId : undefined}
          aria-busy={running || inFlight}
          onClick={onNext}
        >
          {running || inFlight ? <span className="oa-spinner" aria-hidden="true" /> : null}
          {t('home.start')}
        </button>
      </footer>

      <ConfirmDialog
        visible={dialog !== null}
        title={t(`dialogs.${shownDialog.kind}.title`)}
        message={t(`dialogs.${shownDialog.kind}.message`)}
        confirmText={t(`dialogs.${shownDialog.kind}.confirm`)}
        cancelText={t('common.cancel')}
        onConfirm={() => {
          const shown = dialog;
          closeDialog(true);
          // the "go elsewhere" dialogs open their page on confirm
          if (shown?.kind === 'downloadApp') openExternal(config.data?.appDownloadUrl);
          if (shown?.kind === 'partner') openExternal(shown.url);
          if (shown?.kind === 'locationSettings') void bridge.openSettings('location').catch(() => undefined);
        }}
        onCancel={() => closeDialog(false)}
      />
    </div>
  );
}
