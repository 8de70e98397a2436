jest.mock('@core/api/client');

import { screen } from '@testing-library/react';
import { installFakeApi } from '@core/testing/fake-api';
import { renderWithProviders } from '@core/testing/render-with-providers';
import { toast } from '@core/ui';
import EnterprisePromptScreen from './EnterprisePromptScreen';

beforeEach(() => {
  toast.clear();
  installFakeApi({ clientConfig: () => ({ memberPageUrl: '/', appDownloadUrl: '/', servicePhones: { mainland: '1', hongKong: '2' }, production: false }) });
});

test('image, highlighted text and the web link', async () => {
  renderWithProviders(<EnterprisePromptScreen />, { route: '/accountPrompt' });
  expect(await screen.findByRole('img', { name: 'Illustration: continue on a computer' })).toHaveAttribute('src', '/pages/static/enterprise-prompt.svg');
  const highlight = screen.getByText('web version');
  expect(highlight.tagName).toBe('EM');
  expect(screen.getByText(`${window.location.origin}/`)).toBeInTheDocument();
});

test('copy link puts the link on the clipboard', async () => {
  const { user } = renderWithProviders(<EnterprisePromptScreen />, { route: '/accountPrompt' });
  // (after render: user-event installs its own clipboard when it is set up)
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  await user.click(await screen.findByRole('button', { name: 'Copy link' }));
  expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/`);
  expect(await screen.findByText('Link copied')).toBeInTheDocument();
});

test('copy failure says how to copy by hand', async () => {
  const { user } = renderWithProviders(<EnterprisePromptScreen />, { route: '/accountPrompt', lang: 'zh-TW' });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: jest.fn().mockRejectedValue(new Error('denied')) }, configurable: true });
  Object.defineProperty(document, 'execCommand', { value: jest.fn().mockReturnValue(false), configurable: true });
  await user.click(await screen.findByRole('button', { name: '複製連結' }));
  expect(await screen.findByText('複製失敗，請長按連結手動複製')).toBeInTheDocument();
});
