/**
 * /livingWitness through the screen: jsdom has no camera, so the screen offers the phone's own camera (a file
 * input); the api is faked at callApi and the video upload; a chosen file's length is set by the test (jsdom plays
 * no media).
 */
jest.mock('@core/api/client');
jest.mock('@core/api/liveness', () => ({ ...jest.requireActual('@core/api/liveness'), uploadVideo: jest.fn() }));
jest.mock('./recorder', () => ({ ...jest.requireActual('./recorder'), durationOf: jest.fn() }));

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import { uploadVideo } from '@core/api/liveness';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { renderScreenAt } from '@core/testing/render-with-providers';
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

function api(application: ApplicationView, verify: () => unknown = () => ({ id: 42, imageOssId: 'frame0001' })) {
  return installFakeApi({
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

test('too short, too long or an unreadable length: a toast and nothing sent; over 50 MB: the dialog with the app', async () => {
  api(cnApp());
  renderScreenAt('/livingWitness', <LivingWitnessScreen />, { lang: 'en' });
  await screen.findByRole('button', { name: "Record with the phone's camera" });
  for (const [seconds, text] of [
    [1.2, 'The video is too short. Record at least 2 seconds.'],
    [7, 'The video is too long. Record at most 5 seconds.'],
    [NaN, "We could not read the video's length. Please record again."],
  ] as const) {
    duration.mockResolvedValueOnce(seconds);
    await choose(video());
    await waitFor(() => expect(toast.current()?.message).toBe(text));
  }
  await choose(video(60 * 1024 * 1024));
  expect(await screen.findByRole('dialog', { name: 'Video too large' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Get the app' })).toBeInTheDocument();
  expect(upload).not.toHaveBeenCalled();
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
    expect(posted.filter((m) => m.method === 'recordVideo')).toEqual([expect.objectContaining({ params: { facing: 'front', minSeconds: 2, maxSeconds: 5 } })]);
  });

  test('an app without the method: the web camera (here: none, so the phone camera input)', async () => {
    app((m) => (m.method === 'recordVideo' ? { ok: false, error: { code: 'UNSUPPORTED' } } : { ok: true, result: null }));
    api(cnApp());
    renderScreenAt('/livingWitness', <LivingWitnessScreen />, { lang: 'en' });
    await act(async () => (await screen.findByRole('button', { name: 'Start recording' })).click());
    expect(await screen.findByRole('button', { name: "Record with the phone's camera" })).toBeInTheDocument();
  });
});
