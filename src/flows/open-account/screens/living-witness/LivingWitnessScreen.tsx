/**
 * /livingWitness — face liveness (LIVINGWITNESS, mainland applicants; spec part 3 §2 "Face liveness", §3, §5
 * "Liveness upload states", §8 150405 / 120207, §9 video limits).
 * The front camera's preview in a face oval with live guidance (Human's face detector, loaded after the first paint),
 * a recording of 2.5-4.5 s (MediaRecorder: MP4 where offered, WebM otherwise); in a browser that cannot record, the
 * phone's own camera through a file input (its length read within 10 s; over 50 MB the dialog with the app and the
 * service phones). Then the upload's states (init, calculating, uploading with a progress bar, completing, done =
 * verifying), LivingBodyVerifyRaw against the saved ID card, and on a pass LivingBodyConfirm and Next saves the step.
 * A failed check shows its localised reason (150405) and what to do about it (domain faceFixOf): record again; fix the
 * ID card photo or information on that step, which comes straight back here once saved (?returnTo); or, when nothing
 * the applicant changes helps, try later / tomorrow or call the service lines shown on the page.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '@core/api/api-error';
import { useClientConfig } from '@core/api/system';
import { useApiErrorHandler } from '@core/api/errors';
import { confirmFace, uploadVideo, useFaceQueue, verifyFace } from '@core/api/face';
import { useSignedUrl } from '@core/api/files';
import { bridge } from '@core/bridge/bridge';
import type { ApplicationView } from '@core/domain/contract';
import { ErrorCode } from '@core/domain/errors';
import {
  checkVideoLength,
  FACE_BUSY_RETRIES,
  FACE_CHECK_USUAL_SECONDS,
  faceRetryAfterSeconds,
  FACE_STAGES,
  faceFailureText,
  faceFixOf,
  faceStageOf,
  nextUploadState,
  RECORDING,
  VIDEO_LIMITS,
  type FaceFix,
  type UploadEvent,
  type UploadState,
} from '@core/domain/face';
import { routeReturningTo } from '@core/domain/return-to';
import { type StepName, STEP_INTRO_KEY } from '@core/domain/steps';
import { at, str, type StepContext } from '@core/domain/step-rules/types';
import { isFileRef, type FileRefData } from '@core/domain/uploads';
import { useT } from '@core/i18n';
import { rejectedStepsOf, useStepPage } from '@core/step-engine';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';
import { FooterButton } from '@core/ui/FooterButton';
import { StepPage } from '@core/ui/StepPage';
import { toast } from '@core/ui/toast';
import { markFirst } from '@core/form/mark';
import { ContactPopup } from '@core/app/flow-kit/ContactPopup';
import { ServicePhones } from '../../components/ServicePhones';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { useFaceGuide } from './face-guide';
import { canRecord, cameraFailureOf, durationOf, extensionOf, openCamera, record, type CameraFailure, type Recording } from './recorder';
import './living-witness.css';
import { onComputer } from '@core/ui/handoff/on-computer';

/** on a computer the step says to go on with the phone (its hand-off card stands beside the page: issue 41) */
const ON_COMPUTER = onComputer();

const STEP = 'LIVINGWITNESS' satisfies StepName;

interface FaceForm {
  verifyId: number | null;
  picture: FileRefData | null;
}

/** The check saved before (the step's saved data): the applicant sees it passed and may go on. */
const initialFaceForm = (_src: unknown, ctx: StepContext): FaceForm => {
  const saved = ctx.saved.LIVINGWITNESS;
  const id = saved?.livingBodyVerifyId;
  const picture = at(saved, 'documentInfo.livingBodyCertificationPicture');
  return typeof id === 'number' && isFileRef(picture) ? { verifyId: id, picture: picture as FileRefData } : { verifyId: null, picture: null };
};
const faceDataOf = (f: FaceForm): Record<string, unknown> => ({
  livingBodyVerifyId: f.verifyId ?? 0,
  documentInfo: { livingBodyCertificationPicture: f.picture ?? {} },
});
const noDraft = () => null;
/** the step's field of the check (its failure is what Next sends the applicant to) */
const VERIFY_FIELD = 'livingBodyVerifyId';

export default function LivingWitnessScreen() {
  const t = useT();
  return <WithApplication title={t('liveness.title')} step={STEP}>{(app) => <LivingWitnessPage app={app} />}</WithApplication>;
}

type Phase = 'camera' | 'recording' | 'sending' | 'failed' | 'passed';

function LivingWitnessPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const onApiError = useApiErrorHandler();
  const config = useClientConfig();
  const page = useStepPage(STEP, app, { initial: initialFaceForm, toData: faceDataOf, draft: noDraft });
  const { form, setForm, flow, ctx } = page;

  const [phase, setPhase] = useState<Phase>(() => (form.verifyId ? 'passed' : 'camera'));
  const [upload, setUpload] = useState<UploadState>('init');
  const [progress, setProgress] = useState(0);
  // a busy service's countdown before the same video is checked again (null: not waiting for a retry)
  const [retryIn, setRetryIn] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ text: string; fix: FaceFix } | null>(null);
  const navigate = useNavigate();
  // in the native app its own camera records (until it answers that it has none); elsewhere the web camera
  const [nativeCamera, setNativeCamera] = useState(() => bridge.isInApp());
  const [camera, setCamera] = useState<'starting' | 'on' | CameraFailure>(() => (canRecord() ? 'starting' : 'unsupported'));
  const [tooLarge, setTooLarge] = useState(false);
  const [contact, setContact] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [videoEl, setVideoEl] = useState<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const recording = useRef<Recording | null>(null);
  const picked = useRef<HTMLInputElement>(null);
  const picture = useSignedUrl(phase === 'passed' ? form.picture?.ossId : null);
  const [takes, setTakes] = useState(0);
  const guide = useFaceGuide(videoEl, camera === 'on' && (phase === 'camera' || phase === 'recording'), takes);

  const idcard = ctx.saved.IDCARD;
  const front = (at(idcard, 'documentInfo.idCard.front') ?? null) as { ossId?: string } | null;
  const step = (e: UploadEvent) => setUpload((s) => nextUploadState(s, e));

  // the camera, while the screen records (off again once a video is on its way, and when leaving)
  const wantCamera = !nativeCamera && (phase === 'camera' || phase === 'recording');
  useEffect(() => {
    if (!wantCamera || !canRecord()) return;
    let live = true;
    setCamera('starting');
    openCamera().then(
      (s) => {
        if (!live) return s.getTracks().forEach((tr) => tr.stop());
        stream.current = s;
        setCamera('on');
      },
      (err: unknown) => live && setCamera(cameraFailureOf(err)),
    );
    return () => {
      live = false;
      stream.current?.getTracks().forEach((tr) => tr.stop());
      stream.current = null;
    };
  }, [wantCamera]);
  useEffect(() => {
    if (videoEl && stream.current && camera === 'on') {
      videoEl.srcObject = stream.current;
      void videoEl.play().catch(() => undefined);
    }
  }, [videoEl, camera]);

  // the recording's clock (the Finish button and the remaining seconds)
  useEffect(() => {
    if (phase !== 'recording') return;
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Date.now() - started), 200);
    return () => clearInterval(timer);
  }, [phase]);

  const fail = useCallback((text: string, fix: FaceFix) => {
    setFailure({ text, fix });
    setPhase('failed');
    setUpload('init');
  }, []);
  // the steps the applicant may open now: all of them, or under a rejection those sent back
  const editable = useMemo(() => {
    const rejected = rejectedStepsOf(app);
    return (app.applyStepsName as StepName[]).filter((s) => !rejected.length || rejected.includes(s));
  }, [app]);

  const backToCamera = (message?: string) => {
    if (message) toast.show(message);
    setUpload('init');
    setPhase('camera');
  };

  const send = async (video: Blob, knownSeconds?: number) => {
    setPhase('sending');
    setUpload('init');
    step('start');
    if (!video.size) return backToCamera(t('liveness.noVideo'));
    if (video.size > VIDEO_LIMITS.maxUploadBytes) {
      setTooLarge(true);
      return backToCamera();
    }
    const seconds = knownSeconds ?? (await durationOf(video));
    if (!Number.isFinite(seconds)) return backToCamera(t('liveness.lengthUnknown'));
    const rule = checkVideoLength(seconds);
    if (rule) return backToCamera(t(`liveness.${rule}`));
    step('measured');
    setProgress(0);
    try {
      const stored = await uploadVideo(video, `liveness.${extensionOf(video.type)}`, (pct) => {
        setProgress(pct);
        if (pct >= 100) step('sent');
      });
      step('sent');
      step('stored');
      const result = await checkStored(stored.ossId);
      await confirmFace({ appId: app.appId, livingBodyVerifyId: result.id });
      setForm({ verifyId: result.id, picture: { ossId: result.imageOssId, description: 'liveness.jpg', ossCategory: 'UserApply' } as FileRefData });
      setPhase('passed');
    } catch (err) {
      if (isApiError(err) && err.code === ErrorCode.FACE_FAILED) {
        const shown = faceFailureText(err.message);
        const fix = faceFixOf('reason' in shown ? shown.reason : null, editable);
        return fail('reason' in shown ? t(`liveness.reasons.${shown.reason}`) : 'raw' in shown ? shown.raw : t('liveness.failedGeneric'), fix);
      }
      if (isApiError(err) && (err.code === ErrorCode.VIDEO_TOO_LARGE || err.code === ErrorCode.BUSY)) return backToCamera(t(`errors.${err.code}`));
      if (isApiError(err) && err.code === ErrorCode.INVALID_INPUT) {
        const rule = ((err.data as { issues?: { message?: string }[] } | undefined)?.issues ?? [])[0]?.message;
        if (rule === 'videoTooShort' || rule === 'videoTooLong') return backToCamera(t(`liveness.${rule}`));
      }
      setUpload('init');
      setPhase('camera');
      onApiError(err);
    }
  };

  /** The stored video checked; a busy service's answer counted down and the same video sent again (FACE_BUSY_RETRIES). */
  const checkStored = async (videoOssId: string) => {
    for (let tries = 0; ; tries++) {
      try {
        return await verifyFace({ appId: app.appId, videoOssId, name: str(idcard?.chineseName), idNumber: str(idcard?.idNumber), idcardFrontOssId: str(front?.ossId) });
      } catch (err) {
        const wait = isApiError(err) && err.code === ErrorCode.BUSY ? faceRetryAfterSeconds(err.data) : null;
        if (wait === null || tries >= FACE_BUSY_RETRIES) throw err;
        for (let left = wait; left > 0; left--) {
          setRetryIn(left);
          await new Promise((resolve) => window.setTimeout(resolve, 1000));
        }
        setRetryIn(null);
      }
    }
  };

  const startRecording = () => {
    if (!stream.current) return;
    setElapsed(0);
    setTakes((n) => n + 1);
    setPhase('recording');
    const r = record(stream.current);
    recording.current = r;
    void r.ended.then(({ video, ms }) => {
      if (recording.current !== r) return;
      recording.current = null;
      void send(video, ms / 1000);
    });
  };
  const stopRecording = () => void recording.current?.stop();

  const recordInApp = async () => {
    let video: File | null | 'unsupported';
    try {
      // the app's camera is asked for what the web recording takes (it stops inside the 5 s the service allows)
      video = await bridge.recordVideo(VIDEO_LIMITS.minSeconds, RECORDING.stopAfterMs / 1000);
    } catch (err) {
      onApiError(err);
      return;
    }
    if (video === 'unsupported') setNativeCamera(false);
    else if (video) void send(video);
  };

  const onPicked = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void send(file);
  };

  const leftS = Math.max(0, Math.ceil((RECORDING.stopAfterMs - elapsed) / 1000));
  // while recording: a problem the detector sees, the turn once it was seen, else the turn asked for
  const recordingText =
    guide === 'noFace' || guide === 'offCentre' || guide === 'tooFar' || guide === 'dark' || guide === 'moved' ? t(`liveness.guide.${guide}`) : t('liveness.recording');
  // before recording, movement means nothing yet: a face in place is 'ready' (the turn counts only while recording)
  const guideText = camera !== 'on' ? '' : guide === 'loading' ? t('liveness.loadingGuide') : t(`liveness.guide.${guide === 'moved' ? 'ready' : guide}`);
  const noCamera = camera === 'unsupported' || camera === 'denied';
  // the footer's one button: what the applicant does next on this screen (Next once the check has passed)
  const fix = failure?.fix;
  const footer =
    phase === 'passed' ? undefined : phase === 'failed' ? (
      fix?.kind === 'step' ? (
        <FooterButton onClick={() => navigate(routeReturningTo(fix.step, STEP))}>{t(`liveness.fix.${fix.fix}`)}</FooterButton>
      ) : fix?.kind === 'record' ? (
        <FooterButton onClick={() => backToCamera()}>{t('liveness.again')}</FooterButton>
      ) : undefined
    ) : phase === 'sending' ? (
      <FooterButton onClick={() => undefined} disabled loading>
        {t(`liveness.states.${upload}`)}
      </FooterButton>
    ) : nativeCamera ? (
      <FooterButton onClick={() => void recordInApp()}>{t('liveness.start')}</FooterButton>
    ) : noCamera ? (
      <FooterButton onClick={() => picked.current?.click()}>{t(ON_COMPUTER ? 'liveness.pickVideoComputer' : 'liveness.pickVideo')}</FooterButton>
    ) : phase === 'recording' ? (
      <FooterButton onClick={stopRecording} disabled={elapsed < RECORDING.minMs} debounceMs={0}>
        {t('liveness.stop')}
      </FooterButton>
    ) : (
      <FooterButton onClick={startRecording} disabled={camera !== 'on'} debounceMs={0}>
        {t('liveness.start')}
      </FooterButton>
    );

  // Next shows once the check passed, and after a failure this screen cannot fix (later, tomorrow, contact): then a
  // tap goes to what to do next (the failure is the marked element, its first action focused) and the toast says why
  const onNext = () => {
    if (phase === 'passed') {
      void page.next();
      return;
    }
    markFirst([VERIFY_FIELD], t('liveness.notPassed'));
  };

  return (
    <StepPage
      title={t('liveness.title')}
      intro={t(STEP_INTRO_KEY[STEP])}
      progress={flow.progress}
      onBack={() => void page.back()}
      onNext={onNext}
      nextLoading={flow.isSaving}
      footer={footer}
      className="esop-liveness"
    >

      {nativeCamera && phase === 'camera' ? (
        <>
          <div className="esop-liveness__camera is-app" aria-hidden="true">
            <div className="esop-liveness__oval" />
          </div>
          <p className="esop-liveness__guide">{t('liveness.appCamera')}</p>
          <p className="esop-liveness__tips">{t('liveness.tips')}</p>
        </>
      ) : null}

      {!nativeCamera && (phase === 'camera' || phase === 'recording') ? (
        <>
          {noCamera ? (
            <div className="esop-liveness__notice" role="alert">
              <p>{t(camera === 'denied' ? 'liveness.denied' : ON_COMPUTER ? 'liveness.noCameraComputer' : 'liveness.noCamera')}</p>
              {camera === 'denied' && bridge.isInApp() ? (
                <button type="button" className="esop-liveness__link" onClick={() => void bridge.openSettings('camera')}>
                  {t('liveness.openSettings')}
                </button>
              ) : null}
            </div>
          ) : (
            <div className={`esop-liveness__camera${phase === 'recording' ? ' is-recording' : ''}`}>
              <video ref={setVideoEl} className="esop-liveness__video" muted playsInline autoPlay aria-label={t('liveness.cameraName')} />
              <div className="esop-liveness__oval" aria-hidden="true" />
              {phase === 'recording' ? <span className="esop-liveness__clock">{t('liveness.secondsLeft', { seconds: leftS })}</span> : null}
            </div>
          )}
          <p className="esop-liveness__guide" role="status" aria-live="polite">
            {phase === 'recording' ? recordingText : guideText}
          </p>
          <p className="esop-liveness__tips">{t('liveness.tips')}</p>
          <input ref={picked} className="esop-liveness__file" type="file" accept="video/*" capture="user" onChange={onPicked} tabIndex={-1} aria-hidden="true" />
        </>
      ) : null}

      {phase === 'sending' ? <SendingStages upload={upload} progress={progress} appId={app.appId} retryIn={retryIn} /> : null}

      {phase === 'failed' && failure ? (
        <section className="esop-liveness__result is-failed" role="alert" data-name={VERIFY_FIELD}>
          <h2>{t('liveness.failedTitle')}</h2>
          <p>{failure.text}</p>
          {failure.fix.kind === 'later' || failure.fix.kind === 'tomorrow' || failure.fix.kind === 'contact' ? (
            // nothing to change here: what to do next, with the service lines on the page
            <>
              <p className="esop-liveness__next">{t(`liveness.whatNext.${failure.fix.kind}`)}</p>
              <ServicePhones />
              {failure.fix.kind === 'later' ? (
                <button type="button" className="esop-liveness__link" onClick={() => backToCamera()}>
                  {t('liveness.tryAgain')}
                </button>
              ) : null}
            </>
          ) : (
            <>
              <p className="esop-liveness__tips">{t(failure.fix.kind === 'step' ? 'liveness.fixNote' : 'liveness.attemptsLeftNote')}</p>
              <button type="button" className="esop-liveness__link" onClick={() => setContact(true)}>
                {t('liveness.contact')}
              </button>
            </>
          )}
        </section>
      ) : null}

      {phase === 'passed' ? (
        <section className="esop-liveness__result is-passed" role="status">
          {picture.data ? <img src={picture.data} alt={t('liveness.frameAlt')} className="esop-liveness__frame" /> : <div className="esop-liveness__frame" />}
          <h2>{t('liveness.passedTitle')}</h2>
          <p>{t('liveness.passedText')}</p>
          <button type="button" className="esop-liveness__link" onClick={() => backToCamera()}>
            {t('liveness.again')}
          </button>
        </section>
      ) : null}

      <ConfirmDialog
        visible={tooLarge}
        title={t('liveness.tooLargeTitle')}
        message={t('liveness.tooLarge')}
        confirmText={t('liveness.downloadApp')}
        cancelText={t('common.close')}
        onConfirm={() => {
          setTooLarge(false);
          if (config.data?.appDownloadUrl) window.location.href = config.data.appDownloadUrl;
        }}
        onCancel={() => setTooLarge(false)}
      >
        <ServicePhones />
      </ConfirmDialog>
      <ContactPopup visible={contact} onClose={() => setContact(false)} />
    </StepPage>
  );
}

/**
 * While a video is sent and checked: the stages by name (upload, the check of the face against the ID card, done),
 * the upload's real progress while bytes go out (no bar otherwise: never one that sits full), and during the check an
 * honest estimate (FACE_CHECK_USUAL_SECONDS) with the seconds waited, and a word when it takes longer than usual.
 */
function SendingStages({ upload, progress, appId, retryIn }: { upload: UploadState; progress: number; appId: string; retryIn: number | null }) {
  const t = useT();
  const stage = faceStageOf(upload);
  // where the check waits in the service's queue, while it is checked (not while a retry is counted down)
  const queue = useFaceQueue(appId, stage === 'check' && retryIn === null).data;
  const waiting = queue?.state === 'waiting' ? queue : null;
  const current = FACE_STAGES.indexOf(stage);
  const [waited, setWaited] = useState(0);
  useEffect(() => {
    if (stage !== 'check') return;
    setWaited(0);
    const timer = window.setInterval(() => setWaited((n) => n + 1), 1000);
    return () => window.clearInterval(timer);
  }, [stage]);
  const pct = Math.round(progress);
  const sendingBytes = upload === 'uploading' && pct < 100;
  return (
    <section className="esop-liveness__sending" aria-label={t(`liveness.stages.${stage}`)}>
      <ol className="esop-liveness__states">
        {FACE_STAGES.map((s, i) => (
          <li key={s} className={i < current ? 'is-done' : i === current ? 'is-current' : ''} aria-current={i === current ? 'step' : undefined}>
            {t(`liveness.stages.${s}`)}
          </li>
        ))}
      </ol>
      {stage === 'upload' ? (
        <>
          <p className="esop-liveness__guide" role="status" aria-live="polite">
            {t(`liveness.states.${upload}`)}
          </p>
          {sendingBytes ? (
            <div className="esop-liveness__bar" role="progressbar" aria-label={t('liveness.progressName')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-valuetext={t('liveness.uploaded', { pct })}>
              <span style={{ width: `${pct}%` }} />
            </div>
          ) : null}
        </>
      ) : (
        <>
          <p className="esop-liveness__guide" role="status" aria-live="polite">
            {retryIn !== null ? t('liveness.queue.retry', { seconds: retryIn }) : t('liveness.checking')}
          </p>
          {retryIn !== null ? null : waiting ? (
            <p className="esop-liveness__estimate" role="status">
              {waiting.ahead > 0 ? t('liveness.queue.ahead', { ahead: waiting.ahead, seconds: waiting.etaSeconds }) : t('liveness.queue.next', { seconds: waiting.etaSeconds })}
            </p>
          ) : (
            <p className="esop-liveness__estimate">{t('liveness.estimate', { min: FACE_CHECK_USUAL_SECONDS.min, max: FACE_CHECK_USUAL_SECONDS.max })}</p>
          )}
          <p className="esop-liveness__waited">
            {waited > FACE_CHECK_USUAL_SECONDS.max && !waiting && retryIn === null ? `${t('liveness.slow')} ` : null}
            {t('liveness.waited', { seconds: waited })}
          </p>
        </>
      )}
    </section>
  );
}
