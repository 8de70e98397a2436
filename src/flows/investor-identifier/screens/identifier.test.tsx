/** The HK investor identifier page through its screens: the api faked at callApi. */
jest.mock('@core/api/client');

import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import { installFakeApi } from '@core/testing/fake-api';
import { makeAccount, makeClientConfig, makeUser } from '@core/testing/factories';
import { renderWithProviders } from '@core/testing/render-with-providers';
import { Route, Routes } from 'react-router-dom';
import ConsentScreen from './consent/ConsentScreen';
import ResultScreen from './result/ResultScreen';

jest.setTimeout(30000);
const SUB = 'S12345678';
const IDENT = { englishName: 'CHAN TAI MAN', chineseName: '陳大文', idType: 'HKID', idNumberMasked: 'K1****67', issuingCountry: 'HK' };
const CONSENT = { version: '2023-03.1', lang: 'en', signedAt: '2026-11-26T03:00:00.000Z', bcan: '100000042', channel: 'app' };

function api(opts: { signed?: boolean; sign?: (markSigned: () => void) => unknown } = {}) {
  let signed = opts.signed ?? false;
  return installFakeApi({
    clientConfig: () => makeClientConfig(),
    userInfo: () => makeUser({ subAcctId: SUB, clientStatus: 31, clientInfo: { accts: [makeAccount({ extra: { needSignHKIdentifier: signed ? 2 : 1 } })] } }),
    hkIdentifierInfo: () => ({ needSignHKIdentifier: signed ? 2 : 1, consentVersion: '2023-03.1', identification: IDENT, consent: signed ? CONSENT : null }),
    hkIdentifierSign: () => {
      if (opts.sign) return opts.sign(() => (signed = true));
      signed = true;
      return { needSignHKIdentifier: 2, bcan: '100000042', signedAt: CONSENT.signedAt };
    },
  });
}
const page = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/" element={<ConsentScreen />} />
      <Route path="/result" element={<ResultScreen />} />
    </Routes>,
    { route },
  );

test('the consent: why, what is sent (the number masked), the text; signing needs the box ticked, then the result', async () => {
  const a = api();
  const { user } = page(`/?sub=${SUB}`);
  expect(await screen.findByRole('heading', { name: 'What we will send' })).toBeInTheDocument();
  expect(screen.getByText('K1****67')).toBeInTheDocument();
  expect(screen.getByText('Hong Kong identity card')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Your consent' })).toBeInTheDocument();
  expect(screen.getByText('Version 2023-03.1')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Personal Data Notice/ })).toHaveAttribute('href', '/pages/static/agreements/en/personalDataNotice.pdf');
  await user.click(screen.getByRole('button', { name: 'Sign the consent' }));
  expect(await screen.findByText('Please tick to confirm')).toBeInTheDocument();
  expect(a.calls('hkIdentifierSign')).toEqual([]);
  await user.click(screen.getByRole('checkbox', { name: 'I have read and agree to the consent above' }));
  await new Promise((r) => setTimeout(r, 1100)); // the footer button ignores presses within a second
  await user.click(screen.getByRole('button', { name: 'Sign the consent' }));
  await waitFor(() => expect(a.calls('hkIdentifierSign')).toEqual([{ subAcctId: SUB, version: '2023-03.1', lang: 'en', agreed: true }]));
  expect(await screen.findByRole('heading', { name: 'Consent signed' })).toBeInTheDocument();
  expect(screen.getByText('100000042')).toBeInTheDocument();
});

test('signed already: the consent page shows the result (BCAN, date in Hong Kong, how it was signed)', async () => {
  api({ signed: true });
  page(`/?sub=${SUB}`);
  expect(await screen.findByRole('heading', { name: 'Consent signed' })).toBeInTheDocument();
  expect(screen.getByText('Signed on November 26, 2026')).toBeInTheDocument();
  expect(screen.getByText('In the app')).toBeInTheDocument();
});

test('signed meanwhile elsewhere (152202): the result', async () => {
  api({
    sign: (markSigned) => {
      markSigned();
      throw new ApiError(152202, '', undefined, 400);
    },
  });
  const { user } = page(`/?sub=${SUB}`);
  await user.click(await screen.findByRole('checkbox', { name: 'I have read and agree to the consent above' }));
  await user.click(screen.getByRole('button', { name: 'Sign the consent' }));
  expect(await screen.findByRole('heading', { name: 'Consent signed' })).toBeInTheDocument();
  expect(screen.getByText('100000042')).toBeInTheDocument();
});

test('the result before signing goes to the consent', async () => {
  api();
  page(`/result?sub=${SUB}`);
  expect(await screen.findByRole('heading', { name: 'Your consent' })).toBeInTheDocument();
});

test('an account that is not the user’s', async () => {
  api();
  page('/?sub=S99999999');
  expect(await screen.findByText('We could not find this account. Open this page from your account home.')).toBeInTheDocument();
});
