/** /caApply through the screen: the api faked at callApi; the PDF sheet faked (pdf.js does not run in jsdom). */
jest.mock('@core/api/client');
jest.mock('@core/ui/pdf/PdfSheet', () => ({
  PdfSheet: (p: { url: string; title: string }) => <div role="dialog" aria-label={p.title} data-url={p.url} />,
}));

import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import { installFakeApi } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { renderScreenAt } from '@core/testing/render-with-providers';
import { toast } from '@core/ui/toast';
import CaApplyScreen from './CaApplyScreen';

jest.setTimeout(30000);

function api(document?: (p: { document: string }) => unknown) {
  const application = makeApplication({ clientType: 'cn' });
  return installFakeApi({
    clientConfig: () => makeClientConfig(),
    applyDetail: () => application,
    applyDocument: (p: { document: string }) => (document ? document(p) : { ossId: `doc-${p.document}`, ossUrl: `/signed/${p.document}` }),
    applyUpdate: (p: { currentStep: string; data: Record<string, unknown> }) => ({ application: { ...application, data: { [p.currentStep]: p.data } }, nextStep: null }),
    applySubmit: () => ({ application: { ...application, applyStatus: 1200 } }),
  });
}
const saves = (a: ReturnType<typeof api>) => (a.calls('applyUpdate') as { draft?: boolean; data: Record<string, unknown> }[]).filter((c) => !c.draft);

test('the three documents, the agree box ticked by default; a document opens inside the page; Submit saves and submits', async () => {
  const a = api();
  const { user } = renderScreenAt('/caApply', <CaApplyScreen />);
  const w8 = await screen.findByRole('button', { name: /Form W-8BEN/ });
  await waitFor(() => expect(w8).toBeEnabled());
  expect(screen.getByRole('checkbox', { name: /apply for the digital certificate/ })).toBeChecked();
  await user.click(w8);
  expect(screen.getByRole('dialog', { name: 'Form W-8BEN' })).toHaveAttribute('data-url', '/signed/w8ben');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(saves(a)).toHaveLength(1));
  expect(saves(a)[0].data).toEqual({ agreed: true, documents: { accountOpeningForm: 'doc-accountOpeningForm', w8ben: 'doc-w8ben', selfCertificationForm: 'doc-selfCertificationForm' } });
  await waitFor(() => expect(a.calls('applySubmit')).toHaveLength(1));
});

test('a form the service cannot find (404): "The file does not exist" beside it and, opened, as the PDF catalogue\'s toast', async () => {
  toast.clear();
  const a = api((p) => (p.document === 'w8ben' ? Promise.reject(new ApiError(100404, 'not found', undefined, 404)) : { ossId: `doc-${p.document}`, ossUrl: `/signed/${p.document}` }));
  const { user } = renderScreenAt('/caApply', <CaApplyScreen />);
  const w8 = await screen.findByRole('button', { name: /Form W-8BEN.*The file does not exist/ });
  expect(toast.current()).toBeNull(); // nothing said before the applicant opens it
  const asked = a.calls('applyDocument').length;
  await user.click(w8);
  expect(toast.current()?.message).toBe('The file does not exist');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await waitFor(() => expect(a.calls('applyDocument').length).toBeGreaterThan(asked)); // asked for again
});

test('Submit with the agree box unticked marks the box and focuses it; nothing is saved', async () => {
  const a = api();
  const { user } = renderScreenAt('/caApply', <CaApplyScreen />, { lang: 'zh-TW' });
  const box = await screen.findByRole('checkbox', { name: /申請數碼證書/ });
  await waitFor(() => expect(screen.getByRole('button', { name: /W-8BEN/ })).toBeEnabled());
  await user.click(box);
  const submit = screen.getByRole('button', { name: '提交' });
  expect(submit).toBeEnabled();
  await user.click(submit);
  await waitFor(() => expect(box).toHaveFocus());
  expect(box).toHaveAccessibleDescription('請勾選確認');
  expect(saves(a)).toHaveLength(0);
});

test('Submit before a document is ready: that document is marked and focused, the toast says to wait; nothing is saved', async () => {
  toast.clear();
  const a = api((p) => (p.document === 'w8ben' ? new Promise(() => undefined) : { ossId: `doc-${p.document}`, ossUrl: `/signed/${p.document}` }));
  const { user } = renderScreenAt('/caApply', <CaApplyScreen />);
  await waitFor(() => expect(screen.getByRole('button', { name: /Account opening application form/ })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  const w8 = screen.getByRole('button', { name: /Form W-8BEN/ });
  expect(w8).toHaveAccessibleDescription('Still being prepared: please wait');
  await waitFor(() => expect(w8.closest('li')).toHaveFocus());
  expect(toast.current()?.message).toBe('Your documents are not ready yet: please wait until each one can be opened, then tap again');
  expect(saves(a)).toHaveLength(0);
  // the confirmation that the documents were checked is not offered before they exist
  expect(screen.queryByRole('checkbox', { name: /apply for the digital certificate/ })).not.toBeInTheDocument();
});

test('the agree box is not shown while the documents are being made; it comes, ticked, with the last of them', async () => {
  let finish: (v: unknown) => void = () => undefined;
  const w8 = new Promise((resolve) => (finish = resolve));
  api((p) => (p.document === 'w8ben' ? w8 : { ossId: `doc-${p.document}`, ossUrl: `/signed/${p.document}` }));
  renderScreenAt('/caApply', <CaApplyScreen />, { lang: 'zh-CN' });
  await waitFor(() => expect(screen.getByRole('button', { name: /开户申请表/ })).toBeEnabled());
  expect(screen.getByRole('button', { name: /W-8BEN.*生成中/ })).toBeDisabled();
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  finish({ ossId: 'doc-w8ben', ossUrl: '/signed/w8ben' });
  expect(await screen.findByRole('checkbox', { name: /本人已查阅以上文件，并申请数字证书以签署该等文件/ })).toBeChecked();
});

test('150204 on the submit (another application was submitted first with the number): the registered dialog with the masked phone', async () => {
  const a = api();
  a.handlers.applySubmit = () => {
    throw new ApiError(150204, 'registered', { phone: '138****5678' }, 400);
  };
  const { user } = renderScreenAt('/caApply', <CaApplyScreen />);
  const submit = await screen.findByRole('button', { name: 'Submit' });
  await waitFor(() => expect(submit).toBeEnabled());
  await user.click(submit);
  const dialog = await screen.findByRole('alertdialog', { name: 'ID already registered' });
  expect(dialog).toHaveTextContent('138****5678');
});
