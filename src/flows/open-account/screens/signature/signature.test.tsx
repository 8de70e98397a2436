/**
 * /signature through the screen: the api faked at callApi and uploadFile; the pad faked (jsdom has no canvas),
 * its ink length and PNG set by the test.
 */
jest.mock('@core/api/client');
jest.mock('@core/api/upload', () => ({ uploadFile: jest.fn() }));
jest.mock('@core/ui/signature/SignaturePad', () => {
  const { forwardRef, useImperativeHandle } = jest.requireActual('react');
  const pad = { ink: 0, cleared: 0 };
  return {
    pad,
    SignaturePad: forwardRef(function FakePad(props: { label: string }, ref: unknown) {
      useImperativeHandle(ref, () => ({
        clear: () => {
          pad.ink = 0;
          pad.cleared++;
        },
        inkLength: () => pad.ink,
        toPng: async () => new Blob(['png'], { type: 'image/png' }),
      }));
      return <div role="img" aria-label={props.label} />;
    }),
  };
});

import { screen, waitFor } from '@testing-library/react';
import { uploadFile } from '@core/api/upload';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig, makeUser } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import { toast } from '@core/ui/toast';
import SignatureScreen from './SignatureScreen';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pad } = require('@core/ui/signature/SignaturePad') as { pad: { ink: number; cleared: number } };
const upload = uploadFile as jest.MockedFunction<typeof uploadFile>;
jest.setTimeout(30000);

function api(application: ApplicationView) {
  return installFakeApi({
    clientConfig: () => makeClientConfig(),
    userInfo: () => makeUser({ phoneMasked: '51****67' }),
    applyDetail: () => application,
    signedUrl: () => ({ ossUrl: '/signed/sig0001' }),
    applyUpdate: (p: { currentStep: string; data: Record<string, unknown> }) => ({
      application: { ...application, data: { ...application.data, [p.currentStep]: p.data } },
      nextStep: null,
    }),
    applySubmit: () => ({ application: { ...application, applyStatus: 1200 } }),
  });
}
const saves = (a: ReturnType<typeof api>) => (a.calls('applyUpdate') as { draft?: boolean; data: Record<string, unknown> }[]).filter((c) => !c.draft);
const renderPage = (lang: 'en' | 'zh-CN' | 'zh-TW' = 'en') => renderScreenAt('/signature', <SignatureScreen />, { lang });

beforeEach(() => {
  toast.clear();
  pad.ink = 0;
  upload.mockReset();
});

describe('/signature', () => {
  test('nothing drawn: Submit asks for a signature; too little ink: asks for the full one; nothing is uploaded', async () => {
    const a = api(makeApplication());
    const { user } = renderPage();
    expect(await screen.findByRole('img', { name: 'Signature pad: draw your signature with your finger' })).toBeInTheDocument();
    // hk: the last step, the button submits
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(toast.current()?.message).toBe('Please sign in the box');
    pad.ink = 40;
    await new Promise((r) => setTimeout(r, 1100)); // Next ignores a second press within a second
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(toast.current()?.message).toBe('The signature is too short. Please sign your full signature.');
    expect(upload).not.toHaveBeenCalled();
    expect(saves(a)).toHaveLength(0);
  });

  test('a signature is uploaded as a UserApply PNG named by the phone, saved, and the application submitted', async () => {
    upload.mockResolvedValue({ ossId: 'sig0001', ossUrl: '/signed/sig0001' });
    const a = api(makeApplication());
    const { user } = renderPage();
    await screen.findByRole('img', { name: /Signature pad/ });
    pad.ink = 300;
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(saves(a)).toHaveLength(1));
    expect(upload).toHaveBeenCalledWith(expect.any(Blob), '51xxxx67_signature.png', 'UserApply');
    expect(saves(a)[0].data).toEqual({
      documentInfo: { customerSignature: [{ ossId: 'sig0001', url: '/signed/sig0001', description: '51xxxx67_signature.png', ossCategory: 'UserApply' }] },
    });
    await waitFor(() => expect(a.calls('applySubmit')).toHaveLength(1));
    await waitFor(() => expect(currentLocation()).toBe('/AccountStatus'));
  });

  test('a cn applicant goes on to the liveness step (Next, no submit)', async () => {
    upload.mockResolvedValue({ ossId: 'sig0002', ossUrl: '/signed/sig0002' });
    const application = makeApplication({ clientType: 'cn' });
    const a = installFakeApi({
      clientConfig: () => makeClientConfig(),
      userInfo: () => makeUser(),
      applyDetail: () => application,
      applyUpdate: (p: { currentStep: string; data: Record<string, unknown> }) => ({ application: { ...application, data: { [p.currentStep]: p.data } }, nextStep: 'LIVINGWITNESS' }),
    });
    const { user } = renderPage('zh-CN');
    await screen.findByRole('img', { name: /签名板/ });
    pad.ink = 300;
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(currentLocation()).toBe('/livingWitness'));
    expect(a.calls('applySubmit')).toHaveLength(0);
  });

  test('a saved signature is shown; signing again brings the pad back', async () => {
    const saved = { ossId: 'sig0009', url: '/x', description: 'a_signature.png', ossCategory: 'UserApply' };
    const a = api(makeApplication({ data: { SIGNATURE: { documentInfo: { customerSignature: [saved] } } } }));
    const { user } = renderPage('zh-TW');
    expect(await screen.findByRole('img', { name: '您已儲存的簽名' })).toHaveAttribute('src', '/signed/sig0001');
    await user.click(screen.getByRole('button', { name: '重新簽名' }));
    expect(screen.getByRole('img', { name: /簽名板/ })).toBeInTheDocument();
    expect(saves(a)).toHaveLength(0);
  });
});
