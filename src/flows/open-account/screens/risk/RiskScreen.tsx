/**
 * /risk — the risk disclosure audio (RISK; spec part 3 §2 "Risk disclosure", §4, §5 "Risk", §8 audio failure).
 * The application's track (Cantonese for hk, Mandarin otherwise) on a native player with speeds 1, 1.25, 1.5 (10
 * outside production), the remaining time (0:00 with the knob at the end once the track is heard), up to 3 reloads on
 * an audio error, the next track (the first after the last) when one ends; the statement's text beside the player, in
 * the page's language (the recording's text alternative, WCAG 2.2 SC 1.2.1: opened at once when the recording is in
 * another language than the page's); the agreements to tick (the customer
 * authorisation one first for the listed channels). Next needs every box ticked and the track heard wholly; it
 * confirms the disclosure on the service (refused sooner than the track can have been heard), then saves RISK.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { isApiError } from '@core/api/api-error';
import { useClientConfig } from '@core/api/system';
import { useApiErrorHandler } from '@core/api/errors';
import { riskMediaUrl, useApplyRiskConfirm, useRiskAudioList } from '@core/api/risk';
import { RISK_LANG_OF_PAGE, RISK_STATEMENT_PARAGRAPHS, remainingLabel, riskAgreementsOf, riskSpeeds, type RiskAgreement } from '@core/domain/closing';
import type { ApplicationView } from '@core/domain/contract';
import type { StepContext } from '@core/domain/step-rules/types';
import { STEP_INTRO_KEY } from '@core/domain/steps';
import { useLang, useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { CheckboxRow } from '@core/ui/form/CheckboxRow';
import { toast } from '@core/ui/toast';
import { markFirst } from '@core/form/mark';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { useStepPage } from '@core/step-engine';
import { useRiskPlayer } from './use-risk-player';
import './risk.css';

const STEP = 'RISK';

export default function RiskScreen() {
  const t = useT();
  return <WithApplication title={t('risk.title')} step={STEP}>{(app) => <RiskPage app={app} />}</WithApplication>;
}

const listOf = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

interface RiskForm {
  /** the track heard (on this page, or confirmed before: the saved step's) */
  disclosureId: string;
  agreements: string[];
}
const initialRiskForm = (src: Record<string, unknown> | undefined, ctx: StepContext): RiskForm => {
  const saved = ctx.saved.RISK;
  return { disclosureId: typeof saved?.disclosureId === 'string' ? saved.disclosureId : '', agreements: listOf(src?.agreements) };
};
const riskDataOf = (f: RiskForm): Record<string, unknown> => ({ disclosureId: f.disclosureId, agreements: f.agreements });
/** the draft keeps the ticks only (a track counts as heard when the service confirmed it) */
const riskDraftOf = (f: RiskForm): Record<string, unknown> => ({ agreements: f.agreements });

function RiskPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const config = useClientConfig();
  const onApiError = useApiErrorHandler();
  const list = useRiskAudioList(app.appId);
  const tracks = useMemo(() => list.data?.items ?? [], [list.data]);
  const player = useRiskPlayer(tracks);
  const agreements = useMemo(() => riskAgreementsOf(app, config.data?.riskAuthChannels ?? []), [app, config.data]);
  const page = useStepPage(STEP, app, { initial: initialRiskForm, toData: riskDataOf, draft: riskDraftOf });
  const { form, setForm, flow } = page;
  const confirm = useApplyRiskConfirm();
  const confirming = confirm.isPending;

  // a track heard on this page counts over the one this application confirmed before (the service keeps it)
  const heardNow = tracks.find((tr) => player.heard.has(tr.id))?.id;
  useEffect(() => {
    if (heardNow) setForm((f) => (f.disclosureId === heardNow ? f : { ...f, disclosureId: heardNow }));
  }, [heardNow, setForm]);
  // read here too, not only through the form: a draft's reload of the form (ticks only) must not lose the track heard
  const heardId = heardNow ?? form.disclosureId;
  const ticked = new Set(form.agreements);
  const chosen = agreements.filter((a) => ticked.has(a));
  const allTicked = chosen.length === agreements.length;
  const speeds = riskSpeeds(config.data?.production ?? true);

  // the boxes as one field of the step (the service's issue on them shows under the list)
  const boxes = page.bindAt('agreements', form.agreements, (list) => setForm((f) => ({ ...f, agreements: list })), { touchOnChange: true });
  const tick = (a: RiskAgreement, on: boolean) => boxes.onChange(on ? [...form.agreements.filter((x) => x !== a), a] : form.agreements.filter((x) => x !== a));

  const onNext = () => {
    if (!allTicked) {
      // Next is never a dead end: every unticked box is marked, the first is scrolled to and focused, the toast says how many
      const unticked = agreements.filter((a) => !ticked.has(a));
      page.reveal();
      markFirst(unticked, t('form.marked', { count: unticked.length }));
      return;
    }
    if (!heardId) {
      toast.show(t('rules.mustListen'));
      return;
    }
    if (confirming) return;
    confirm.mutate(
      { appId: app.appId, disclosureId: heardId },
      {
        // the agreements in the list's order
        onSuccess: () => void flow.next({ disclosureId: heardId, agreements: chosen }),
        onError: (err) => {
          const issues = isApiError(err) ? ((err.data as { issues?: Array<{ message?: string }> } | undefined)?.issues ?? []) : [];
          if (issues.some((i) => i.message === 'mustListen')) toast.show(t('rules.mustListen'));
          else onApiError(err);
        },
      },
    );
  };

  const track = player.track;
  const heardShare = player.duration > 0 ? Math.min(1, player.heardSeconds / player.duration) : 0;
  // the confirmation speaks of the statement's text "above" only where that text is open above (a recording in
  // another language than the page's); with the page's own language the text is folded and the box names the recording
  const { lang } = useLang();
  const textShownOpen = !!track && RISK_LANG_OF_PAGE[lang] !== track.lang;
  const isHeard = !!track && (player.heard.has(track.id) || track.id === page.ctx.saved.RISK?.disclosureId);
  // a heard track not being played again is shown at its end: nothing left, the knob at the end
  const atEnd = isHeard && !player.playing && player.position === 0;
  const atShare = atEnd ? 1 : player.duration > 0 ? Math.min(1, player.position / player.duration) : 0;
  const remaining = remainingLabel(player.duration, atEnd ? player.duration : player.position);

  return (
    <StepPage
      title={t('risk.title')}
      intro={t(STEP_INTRO_KEY[STEP])}
      progress={flow.progress}
      onBack={() => void page.back()}
      onNext={onNext}
      nextLoading={confirming || flow.isSaving}
    >
      <section className="esop-risk__player" aria-label={t('risk.playerName')}>
        {list.isError ? (
          <div className="esop-risk__status" role="alert">
            {t('risk.listFailed')}{' '}
            <button type="button" className="esop-risk__link" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : !track ? (
          <div className="esop-risk__status">{list.isLoading ? t('common.loading') : t('risk.noTrack')}</div>
        ) : (
          <>
            <div className="esop-risk__speaker">
              <img className="esop-risk__avatar" src={riskMediaUrl(track.avatarOssId)} alt="" width={48} height={48} />
              <div>
                <div className="esop-risk__name">{track.name}</div>
                <div className="esop-risk__license">{t('risk.license', { license: track.license })}</div>
              </div>
              {tracks.length > 1 ? (
                <span className="esop-risk__count">{t('risk.trackOf', { n: player.index + 1, total: tracks.length })}</span>
              ) : null}
            </div>
            <audio
              ref={player.audioRef}
              src={riskMediaUrl(track.audioOssId)}
              preload="metadata"
              {...player.events}
            />
            <div className="esop-risk__controls">
              <button
                type="button"
                className="esop-risk__play"
                onClick={player.toggle}
                disabled={player.failed}
                aria-label={player.playing ? t('risk.pause') : t('risk.play')}
              >
                <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
                  {player.playing ? <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" /> : <path d="M8 5l11 7-11 7z" fill="currentColor" />}
                </svg>
              </button>
              <div className="esop-risk__track">
                <div
                  className="esop-risk__bar"
                  role="progressbar"
                  aria-label={t('risk.position')}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(atShare * 100)}
                  aria-valuetext={t('risk.remaining', { time: remaining })}
                >
                  <span className="esop-risk__bar-heard" style={{ width: `${heardShare * 100}%` }} />
                  <span className="esop-risk__bar-at" style={{ left: `${atShare * 100}%` }} />
                </div>
                <div className="esop-risk__times">
                  <span>{isHeard ? t('risk.heard') : t('risk.heardShare', { pct: Math.floor(heardShare * 100) })}</span>
                  <span>{t('risk.remaining', { time: remaining })}</span>
                </div>
              </div>
            </div>
            <div className="esop-risk__speeds" role="radiogroup" aria-label={t('risk.speed')}>
              {speeds.map((s) => (
                <button
                  key={s}
                  type="button"
                  role="radio"
                  aria-checked={player.speed === s}
                  className={`esop-risk__speed${player.speed === s ? ' esop-risk__speed--on' : ''}`}
                  onClick={() => player.setSpeed(s)}
                >
                  {s}x
                </button>
              ))}
              {tracks.length > 1 ? (
                <button type="button" className="esop-risk__link" onClick={player.nextTrack}>
                  {t('risk.nextTrack')}
                </button>
              ) : null}
            </div>
            <StatementText trackLang={track.lang} />
            {player.failed ? (
              <div className="esop-risk__status" role="alert">
                {t('risk.audioFailed')}{' '}
                <button type="button" className="esop-risk__link" onClick={player.retry}>
                  {t('common.retry')}
                </button>
              </div>
            ) : null}
          </>
        )}
      </section>
      <fieldset className="esop-risk__agreements">
        <legend className="esop-risk__legend">{t('risk.agreementsTitle')}</legend>
        {agreements.map((a) => (
          <CheckboxRow
            key={a}
            name={a}
            checked={ticked.has(a)}
            onChange={(on) => tick(a, on)}
            error={page.pressed && !ticked.has(a) ? t('rules.mustTick') : undefined}
          >
            {t(`risk.agreements.${a === 'riskHeard' && !textShownOpen ? 'riskHeardOwn' : a}`)}
          </CheckboxRow>
        ))}
        {/* the boxes' own marks say what is missing; a refusal of the service's on the list shows here */}
        {allTicked && boxes.error ? (
          <p className="esop-risk__error" role="alert">
            {boxes.error}
          </p>
        ) : null}
      </fieldset>
    </StepPage>
  );
}

/**
 * The statement's text in the page's language beside the player: the recording's text alternative. Folded under a
 * button when the recording is in the page's own language; open, with a note, when it is not (an English page, or
 * a Mandarin page with the Cantonese track and the reverse).
 */
function StatementText({ trackLang }: { trackLang: string }) {
  const t = useT();
  const { lang } = useLang();
  const own = RISK_LANG_OF_PAGE[lang] === trackLang;
  const [open, setOpen] = useState(!own);
  const id = useId();
  return (
    <div className="esop-risk__statement">
      {own ? null : <p className="esop-risk__statement-note">{t('risk.statement.otherLanguage', { language: t(`risk.language.${trackLang}`) })}</p>}
      <button type="button" className="esop-risk__link" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {t(open ? 'risk.statement.hide' : 'risk.statement.show')}
      </button>
      <section id={id} className="esop-risk__statement-text" aria-label={t('risk.statement.title')} hidden={!open}>
        {RISK_STATEMENT_PARAGRAPHS.map((k) => (
          <p key={k}>{t(`risk.statement.${k}`)}</p>
        ))}
      </section>
    </div>
  );
}
