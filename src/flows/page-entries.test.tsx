/**
 * Every page under pages/ captures the agent code of its entry address before anything else, so the app banner, which
 * the pages show outside the app, stays hidden for the W090-A..D agents on whichever page their link opens (issue 25:
 * the organisation signing page never read it). The entries run for real; only what they load next is held back.
 */
jest.mock('@core/api/client');
jest.mock('@core/app/account-page-early', () => ({ loadPage: jest.fn(), startAccountPage: jest.fn() }));
jest.mock('./open-account/early', () => ({ startEarly: jest.fn() }));
jest.mock('@core/app/flow-kit/early', () => ({ startFlowEarly: jest.fn() }));
jest.mock('./open-account/load-app', () => ({ loadApp: jest.fn() }));
jest.mock('@core/i18n/messages', () => ({ ...jest.requireActual('@core/i18n/messages'), loadLang: jest.fn(() => Promise.resolve()) }));

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { entryChannel, resetEntryChannel } from '@core/bridge/entry-channel';
import { installFakeApi } from '@core/testing/fake-api';
import { makeClientConfig } from '@core/testing/factories';
import { renderWithProviders } from '@core/testing/render-with-providers';
import { AppBanner } from '@core/ui/AppBanner';

const pagesDir = join(__dirname, '..', '..', 'pages');
/** [page, the module its script starts, relative to this folder] */
const entries = readdirSync(pagesDir)
  .filter((f) => f.endsWith('.html'))
  .sort()
  .map((f) => {
    const src = /<script type="module" src="\/src\/flows\/([^"]+)"/.exec(readFileSync(join(pagesDir, f), 'utf8'))?.[1];
    if (!src) throw new Error(`${f}: no entry script under src/flows`);
    return [f.replace(/\.html$/, ''), `./${src.replace(/\.tsx?$/, '')}`] as const;
  });

beforeEach(() => {
  sessionStorage.clear();
  resetEntryChannel();
  installFakeApi({ clientConfig: () => makeClientConfig({ appDownloadUrl: 'https://apps.example/broker' }) });
});

test('the pages are all here (a new page is checked too)', () => {
  expect(entries.map(([page]) => page)).toEqual(expect.arrayContaining(['openAccount', 'signature', 'improveInfo', 'investorIdentifier']));
  expect(entries.length).toBeGreaterThanOrEqual(7);
});

test.each(entries)('%s: the entry keeps the agent code of its address; the banner stays hidden for W090-C after the address changes', async (page, entry) => {
  window.history.replaceState(null, '', `/pages/${page}.html?ticket=T1&aecode=w090-c#/`);
  await import(entry);
  expect(entryChannel().aeCode).toBe('W090-C');
  // the page moves on (its own routes drop the entry query)
  window.history.replaceState(null, '', `/pages/${page}.html#/result`);
  renderWithProviders(<AppBanner />);
  expect(screen.queryByRole('region', { name: 'Get the app' })).not.toBeInTheDocument();
});
