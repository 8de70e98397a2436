import { screen } from '@testing-library/react';
import { ApiError } from '../api/api-error';
import { useApplyDetail, applyUpdate } from '../api/applications';
import { makeApplication } from './factories';
import { installFakeApi } from './fake-api';
import { renderWithProviders } from './render-with-providers';

jest.mock('../api/client');

function AppId() {
  const { data, error } = useApplyDetail();
  if (error) return <p>{`failed ${(error as ApiError).code}`}</p>;
  return <p>{data ? `application ${data.appId}` : 'loading'}</p>;
}

test('installFakeApi answers callApi for hooks and fetchers and records the calls', async () => {
  const app = makeApplication({ appId: 'APP777777' });
  const api = installFakeApi({
    applyDetail: () => app,
    applyUpdate: (p) => {
      if (!p.data.ok) throw new ApiError(150204, 'registered', { phone: '138****0000' }, 409);
      return { application: app, nextStep: 'USERINFO' };
    },
  });
  renderWithProviders(<AppId />);
  expect(await screen.findByText('application APP777777')).toBeInTheDocument();
  await expect(applyUpdate({ appId: app.appId, currentStep: 'HK_IDCARD', data: { ok: true } })).resolves.toMatchObject({ nextStep: 'USERINFO' });
  await expect(applyUpdate({ appId: app.appId, currentStep: 'HK_IDCARD', data: {} })).rejects.toMatchObject({ code: 150204 });
  expect(api.calls('applyUpdate')).toEqual([
    { appId: 'APP777777', currentStep: 'HK_IDCARD', data: { ok: true }, stepVersion: '1.0', draft: false },
    { appId: 'APP777777', currentStep: 'HK_IDCARD', data: {}, stepVersion: '1.0', draft: false },
  ]);
});

test('a call without a fake rejects with 100404', async () => {
  installFakeApi({});
  renderWithProviders(<AppId />);
  expect(await screen.findByText('failed 100404')).toBeInTheDocument();
});
