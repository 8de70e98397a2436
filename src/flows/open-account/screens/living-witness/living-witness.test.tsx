/**
 * /livingWitness through the screen: jsdom has no camera, so the screen offers the phone's own camera (a file
 * input); the api is faked at callApi and the video upload; a chosen file's length is set by the test (jsdom plays
 * no media).
 */
jest.mock('@core/api/client');
jest.mock('@core/api/face', () => ({ ...jest.requireActual('@core/api/face'), uploadVideo: jest.fn() }));
jest.mock('./recorder', () => ({ ...jest.requireActual('./recorder'), durationOf: jest.fn() }));

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import { uploadVideo } from '@core/api/face';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import { toast } from '@core/ui/toast';
import { durationOf } from './recorder';
import LivingWitnessScreen from './LivingWitnessScreen';

const upload = uploadVideo as jest.MockedFunction<typeof uploadVideo>;
const duration = durationOf as jest.MockedFunction<typeof durationOf>;
jest.setTimeout(30000);

const IDCARD = {
  chineseName: '张三',
  idNumber: '440305199003074513',
  documentInfo: { idCard: { front: { ossId: 'front0001', url: '/f', description: 'id-front.jpg', ossCategory: 'UserInfo' } } },
};

function api(
  application: ApplicationView,
  verify: () => unknown = () => ({ id: 42, imageOssId: 'frame0001' }),
  queue: () => unknown = () => ({ state: 'checking', ahead: 0, etaSeconds: 7 }),
) {
  return installFakeApi({
    livingBodyQueue: queue,
    clientConfig: () => makeClientConfig(),
    applyDetail: () => application,
    signedUrl: () => ({ ossUrl: '/signed/frame0001' }),
    livingBodyVerifyRaw: verify,
    livingBodyConfirm: () => ({ ok: true }),
    applyUpdate: (p: { currentStep: string; data: Record<string, unknown> }) => ({
      application: { ...application, data: { ...application.data, [p.currentStep]: p.data } },
      nextStep: 'CAAPPLY',
    }),
  });
}

const cnApp = () =>
  makeApplication({ clientType: 'cn', applyStepsName: ['IDCARD', 'BANKCARD', 'RISK', 'SIGNATURE', 'LIVINGWITNESS', 'CAAPPLY'], data: { IDCARD } });
const video = (bytes = 1000) => {
  const f = new File([new Uint8Array(8)], 'face.mp4', { type: 'video/mp4' });
  Object.defineProperty(f, 'size', { value: bytes });
  return f;
};
const choose = async (file: File) => {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
};

beforeEach(() => {
  toast.clear();
  upload.mockReset();
  duration.mockReset();
});

test('without a camera here: the hint and the phone camera; a 3 s video is uploaded, checked against the saved ID card, confirmed; Next saves the step', async () => {
  const a = api(cnApp());
  upload.mockResolvedValue({ ossId: 'video0001', ossUrl: '/v', seconds: 3 });
  duration.mockResolvedValue(3);
  renderScreenAt('/livingWitness', <LivingWitnessScreen />, { lang: 'en' });
  expect(await screen.findByText(/This browser cannot record video here/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: "Record with the phone's camera" })).toBeEnabled();

  await choose(video());
  expect(await screen.findByRole('heading', { name: 'Face verified' })).toBeInTheDocument();
  expect(upload).toHaveBeenCalledWith(expect.any(File), 'liveness.mp4', expect.any(Function));
  expect(a.calls('livingBodyVerifyRaw')).toEqual([{ appId: expect.any(String), videoOssId: 'video0001', name: '张三', idNumber: '440305199003074513', idcardFrontOssId: 'front0001' }]);
  expect(a.calls('livingBodyConfirm')).toEqual([{ appId: expect.any(String), livingBodyVerifyId: 42 }]);

  await act(async () => screen.getByRole('button', { name: 'Next' }).click());
  await waitFor(() =>
    expect((a.calls('applyUpdate') as { draft?: boolean; currentStep: string; data: unknown }[]).filter((c) => !c.draft)).toEqual([
      expect.objectContaining({
        currentStep: 'LIVINGWITNESS',
        data: { livingBodyVerifyId: 42, documentInfo: { livingBodyCertificationPicture: { ossId: 'frame0001', description: 'liveness.jpg', ossCategory: 'UserApply' } } },
      }),
    ]),
  );
});

test('while sending: the stages by name, the real upload progress (no bar once the bytes are out), then the check with its usual time and the seconds waited', async () => {
  jest.useFakeTimers();
  try {
    let report: (pct: number) => void = () => undefined;
    let stored: (v: { ossId: string; ossUrl: string; seconds: number }) => void = () => undefined;
    let answered: (v: unknown) => void = () => undefined;
    api(cnApp(), () => new Promise((r) => (answered = r)));
    upload.mockImplementation((_file, _name, onProgress) => {
      report = (pct) => onProgress?.(pct);
      return new Promise((r) => (stored = r));
    });
    duration.mockResolvedValue(3);
    renderScreenAt('/livingWitness', <LivingWitnessScreen />, { lang: 'en' });
    await screen.findByText(/This browser cannot record video here/);
    await choose(video());
    await act(async () => report(40));
    const stages = screen.getByRole('list');
    expect(within(stages).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Upload the video', 'Check your face against your ID card', 'Done']);
    expect(within(stages).getByText('Upload the video')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuetext', '40% uploaded');

    // every byte out, the service storing it: no bar sitting full, the step says what happens
    await act(async () => report(100));
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toContain('Saving the video');

    await act(async () => stored({ ossId: 'video0001', ossUrl: '/v', seconds: 3 }));
    expect(await screen.findByText('Checking your face against your ID card photo…')).toBeInTheDocument();
    expect(within(screen.getByRole('list')).getByText('Check your face against your ID card')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('This usually takes 15–25 seconds.')).toBeInTheDocument();
    expect(screen.getByText('0 s so far')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(3000));
    expect(screen.getByText('3 s so far')).toBeInTheDocument();
    expect(screen.queryByText(/longer than usual/)).not.toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(23_000));
    expect(screen.getByText('This is taking longer than usual. Please keep this page open. 26 s so far')).toBeInTheDocument();

    await act(async () => answered({ id: 42, imageOssId: 'frame0001' }));
    expect(await screen.findByRole('heading', { name: 'Face verified' })).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

test('a busy service: the count-down in words, then the same video checked again by itself, not recorded again', async () => {
  jest.useFakeTimers();
  try {
    let asked = 0;
    const a = api(cnApp(), () => {
      asked++;
      if (asked === 1) throw new ApiError(100503, '', { retryAfterSeconds: 3 }, 503);
      return { id: 42, imageOssId: 'frame0001' };
    });
    upload.mockResolvedValue({ ossId: 'video0001', ossUrl: '/v', seconds: 3 });
    duration.mockResolvedValue(3);
    renderScreenAt('/livingWitness', <LivingWitnessScreen />, { lang: 'en' });
    await screen.findByRole('button', { name: "Record with the phone's camera" });
    await choose(video());
    expect(await screen.findByText("Many people are verifying right now. We'll check your video again in 3 s; no need to record it again.")).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(1000));
    expect(screen.getByText(/check your video again in 2 s/)).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(1000));
    await act(async () => jest.advanceTimersByTime(1000));
    expect(await screen.findByRole('heading', { name: 'Face verified' })).toBeInTheDocument();
    expect(a.calls('livingBodyVerifyRaw')).toHaveLength(2);
    expect(a.calls('livingBodyVerifyRaw')[1]).toEqual(expect.objectContaining({ videoOssId: 'video0001' }));
    expect(upload).toHaveBeenCalledTimes(1);
  } finally {
    jest.useRealTimers();
  }
});

test('busy three times in a row: back to the camera with the busy message (two automatic tries, no more)', async () => {
  jest.useFakeTimers();
  try {
    const a = api(cnApp(), () => {
      throw new ApiError(100503, '', { retryAfterSeconds: 1 }, 503);
    });
    upload.mockResolvedValue({ ossId: 'video0001', ossUrl: '/v', seconds: 3 });
    duration.mockResolvedValue(3);
    renderScreenAt('/livingWitness', <LivingWitnessScreen />, { lang: 'en' });
    await screen.findByRole('button', { name: "Record with the phone's camera" });
    await choose(video());
    for (let i = 0; i < 2; i++) {
      await screen.findByText(/check your video again in 1 s/);
      await act(async () => jest.advanceTimersByTime(1000));
    }
    expect(await screen.findByRole('button', { name: "Record with the phone's camera" })).toBeInTheDocument();
    expect(a.calls('livingBodyVerifyRaw')).toHaveLength(3);
  } finally {
    jest.useRealTimers();
  }
});

test('while the check waits in the queue: how many are ahead and about how long, in the applicant\'s language', async () => {
  api(cnApp(), () => new Promise(() => undefined), () => ({ state: 'waiting', ahead: 2, etaSeconds: 21 }));
  upload.mockResolvedValue({ ossId: 'video0001', ossUrl: '/v', seconds: 3 });
  duration.mockResolvedValue(3);
  renderScreenAt('/livingWitness', <LivingWitnessScreen />, { lang: 'zh-TW' });
  await screen.findByRole('button', { name: '用手機相機錄製' });
  await choose(video());
  expect(await screen.findByText('目前驗證人數較多：您前面還有 2 位，預計約 21 秒。')).toBeInTheDocument();
  expect(screen.queryByText(/通常需要/)).not.toBeInTheDocument();
});

test('a failed check shows its reason in the applicant\'s language, and Record again starts over', async () => {
  api(cnApp(), () => {
    throw new ApiError(150405, 'FACE_MISMATCH', undefined, 400);
  });
  upload.mockResolvedValue({ ossId: 'video0001', ossUrl: '/v', seconds: 3 });
  duration.mockResolvedValue(3);
  renderScreenAt('/livingWitness', <LivingWitnessScreen />, { lang: 'zh-TW' });
  await screen.findByRole('button', { name: '用手機相機錄製' });
  await choose(video());
  expect(await screen.findByText('人臉與身份證相片不一致。')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: '驗證未通過' })).toBeInTheDocument();
  await act(async () => screen.getByRole('button', { name: '重新錄製' }).click());
  expect(await screen.findByRole('button', { name: '用手機相機錄製' })).toBeInTheDocument();
});

test("a vendor's own sentence shows as it came; an unknown code as the generic failure", async () => {
  let message = '公安照片质量差';
  api(cnApp(), () => {
    throw new ApiError(150405, message, undefined, 400);
  });
  upload.mockResolvedValue({ ossId: 'video0001', ossUrl: '/v', seconds: 3 });
  duration.mockResolvedValue(3);
  renderScreenAt('/livingWitness', <LivingWitnessScreen />, { lang: 'en' });
  await screen.findByRole('button', { name: "Record with the phone's camera" });
  await choose(video());
  expect(await screen.findByText('公安照片质量差')).toBeInTheDocument();
  message = 'E_UNKNOWN_42';
  await act(async () => screen.getByRole('button', { name: 'Record again' }).click());
  await choose(video());
  expect(await screen.findByText('Verification failed. Please try again.')).toBeInTheDocument();
});

test('too short, too long (5.1 s too) or an unreadable length: a toast and nothing sent; over 50 MB: the dialog with the app and both service lines', async () => {
  api(cnApp());
  renderScreenAt('/livingWitness', <LivingWitnessScreen />, { lang: 'en' });
  await screen.findByRole('button', { name: "Record with the phone's camera" });
  for (const [seconds, text] of [
    [1.2, 'The video is too short. Record at least 2 seconds.'],
    [7, 'The video is too long. Record at most 5 seconds.'],
    [5.1, 'The video is too long. Record at most 5 seconds.'],
    [NaN, "We could not read the video's length. Please record again."],
  ] as const) {
    duration.mockResolvedValueOnce(seconds);
    await choose(video());
    await waitFor(() => expect(toast.current()?.message).toBe(text));
  }
  await choose(video(60 * 1024 * 1024));
  const dialog = await screen.findByRole('dialog', { name: 'Video too large' });
  expect(within(dialog).getByRole('button', { name: 'Get the app' })).toBeInTheDocument();
  expect(within(dialog).getByRole('link', { name: '400 800 1234' })).toHaveAttribute('href', 'tel:4008001234');
  expect(within(dialog).getByRole('link', { name: '+852 2800 1234' })).toHaveAttribute('href', 'tel:+85228001234');
  expect(within(dialog).getByText('Mainland China service line')).toBeInTheDocument();
  expect(within(dialog).getByText('Hong Kong service line')).toBeInTheDocument();
  expect(upload).not.toHaveBeenCalled();
});

/** A check that fails with `reason`, seen on the screen in `lang`; the app's step list `app` (default cnApp). */
async function failWith(reason: string, lang: 'en' | 'zh-CN' | 'zh-TW', app: ApplicationView = cnApp()) {
  api(app, () => {
    throw new ApiError(150405, reason, undefined, 400);
  });
  upload.mockResolvedValue({ ossId: 'video0001', ossUrl: '/v', seconds: 3 });
  duration.mockResolvedValue(3);
  renderScreenAt('/livingWitness', <LivingWitnessScreen />, { lang });
  await waitFor(() => expect(document.querySelector('input[type=file]')).not.toBeNull());
  await choose(video());
  return screen.findByRole('alert');
}

describe('a failed check offers what fixes it', () => {
  test.each([
    ['ID_PHOTO_NO_FACE', 'en', 'No face can be seen on your ID card photo. Take the ID card photos again.', 'Retake the ID card photos'],
    ['ID_NUMBER_WRONG', 'en', 'The ID number does not match your ID card step. Check your ID card information.', 'Check the ID card information'],
    ['NAME_WRONG', 'zh-CN', '姓名与身份证信息不符，请检查身份证信息。', '检查身份证信息'],
    ['ID_NAME_MISMATCH', 'zh-TW', '姓名與身份證號碼和公安記錄不一致。', '檢查身份證資料'],
  ] as const)('%s (%s): a button to the ID card step, which comes back here once saved; no "record again"', async (reason, lang, text, button) => {
    const alert = await failWith(reason, lang);
    expect(within(alert).getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: { en: 'Record again', 'zh-CN': '重新录制', 'zh-TW': '重新錄製' }[lang] })).not.toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: button }).click());
    expect(currentLocation()).toBe('/IDcard?returnTo=LIVINGWITNESS');
  });

  test('under a rejection that did not send the ID card step back, the ID photo reason says to call (that step is closed)', async () => {
    const app = makeApplication({
      clientType: 'cn',
      applyStatus: 1900,
      rejectData: { steps: ['LIVINGWITNESS'], message: 'Please record again' },
      applyStepsName: ['IDCARD', 'BANKCARD', 'LIVINGWITNESS', 'CAAPPLY'],
      data: { IDCARD },
    });
    const alert = await failWith('ID_PHOTO_NO_FACE', 'en', app);
    expect(within(alert).getByText(/cannot be completed online/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retake the ID card photos' })).not.toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: '+852 2800 1234' })).toHaveAttribute('href', 'tel:+85228001234');
  });

  test.each([
    ['POLICE_SERVICE_DOWN', 'en', 'Please try again later, or call us:', 'Try again'],
    ['ATTEMPTS_LIMIT', 'en', 'You can record again tomorrow, or call us and we will help you:', null],
    ['ID_NOT_FOUND', 'zh-CN', '此验证无法在线完成。已填写的内容均已保存，请致电我们协助您完成开户：', null],
    ['POLICE_PHOTO_MISSING', 'zh-TW', '此驗證無法在網上完成。已填寫的內容均已儲存，請致電我們協助您完成開戶：', null],
  ] as const)('%s (%s): what to do next and both service lines to call, not "record again"', async (reason, lang, next, retry) => {
    const alert = await failWith(reason, lang);
    expect(within(alert).getByText(next, { exact: false })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: '400 800 1234' })).toHaveAttribute('href', 'tel:4008001234');
    expect(within(alert).getByRole('link', { name: '+852 2800 1234' })).toHaveAttribute('href', 'tel:+85228001234');
    expect(screen.queryByRole('button', { name: { en: 'Record again', 'zh-CN': '重新录制', 'zh-TW': '重新錄製' }[lang] })).not.toBeInTheDocument();
    if (retry) {
      await act(async () => within(alert).getByRole('button', { name: retry }).click());
      expect(await screen.findByRole('button', { name: "Record with the phone's camera" })).toBeInTheDocument();
    } else {
      expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    }
  });

  test('a failure this screen cannot fix: Next is shown and, tapped, goes to what to do next (focused) and says why; nothing is saved', async () => {
    toast.clear();
    const alert = await failWith('ATTEMPTS_LIMIT', 'en');
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeEnabled();
    await act(async () => next.click());
    await waitFor(() => expect(alert).toHaveFocus());
    expect(toast.current()?.message).toBe('The face check has not passed yet: see below what to do next');
    expect(currentLocation()).toBe('/livingWitness');
  });
});

test('a passed check saved before shows as passed, with Next', async () => {
  const app = cnApp();
  app.data.LIVINGWITNESS = { livingBodyVerifyId: 7, documentInfo: { livingBodyCertificationPicture: { ossId: 'frame0007', description: 'liveness.jpg', ossCategory: 'UserApply' } } };
  api(app);
  renderScreenAt('/livingWitness', <LivingWitnessScreen />, { lang: 'zh-CN' });
  expect(await screen.findByRole('heading', { name: '人脸验证通过' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '下一步' })).toBeEnabled();
});

describe('in the native app', () => {
  afterEach(() => {
    delete window.HLNativeBridge;
  });
  const app = (answer: (m: { id: string; method: string; params: unknown }) => unknown) => {
    const posted: { method: string; params: unknown }[] = [];
    window.HLNativeBridge = {
      postMessage: (json: string) => {
        const m = JSON.parse(json);
        posted.push(m);
        queueMicrotask(() => window.HLNativeBridgeReceive?.(JSON.stringify({ id: m.id, ...(answer(m) as object) })));
      },
    };
    return posted;
  };

  test("the app's own camera records; its video is checked like any other", async () => {
    const posted = app((m) =>
      m.method === 'recordVideo' ? { ok: true, result: { fileName: 'face.mp4', fileData: btoa('\u0000\u0000\u0000\u0018ftypmp42'), mimeType: 'video/mp4' } } : { ok: true, result: null },
    );
    api(cnApp());
    upload.mockResolvedValue({ ossId: 'video0001', ossUrl: '/v', seconds: 3 });
    duration.mockResolvedValue(3);
    renderScreenAt('/livingWitness', <LivingWitnessScreen />, { lang: 'en' });
    expect(await screen.findByText(/your phone's camera records a few seconds/)).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Start recording' }).click());
    expect(await screen.findByRole('heading', { name: 'Face verified' })).toBeInTheDocument();
    expect(posted.filter((m) => m.method === 'recordVideo')).toEqual([expect.objectContaining({ params: { facing: 'front', minSeconds: 2, maxSeconds: 4.5 } })]);
  });

  test('an app without the method: the web camera (here: none, so the phone camera input)', async () => {
    app((m) => (m.method === 'recordVideo' ? { ok: false, error: { code: 'UNSUPPORTED' } } : { ok: true, result: null }));
    api(cnApp());
    renderScreenAt('/livingWitness', <LivingWitnessScreen />, { lang: 'en' });
    await act(async () => (await screen.findByRole('button', { name: 'Start recording' })).click());
    expect(await screen.findByRole('button', { name: "Record with the phone's camera" })).toBeInTheDocument();
  });
});
