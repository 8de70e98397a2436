/** The organisation signing page through its screens: the api faked at callApi, uploads at sealedUpload. */
jest.mock('@core/api/client');
jest.mock('@core/api/upload', () => ({ ...jest.requireActual('@core/api/upload'), sealedUpload: jest.fn(), prepareUpload: async (_f: Blob, name: string) => ({ name, bytes: new Uint8Array(4) }) }));

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import { signSession } from '@core/api/org-sign';
import { bridge } from '@core/bridge/bridge';
import { sealedUpload } from '@core/api/upload';
import { installFakeApi } from '@core/testing/fake-api';
import { makeClientConfig } from '@core/testing/factories';
import { toast } from '@core/ui/toast';
import { renderScreenAt } from '@core/testing/render-with-providers';
import DocScreen from './doc/DocScreen';
import ResultScreen from './result/ResultScreen';
import SignScreen from './sign/SignScreen';
import StartScreen from './start/StartScreen';
import VerifyScreen from './verify/VerifyScreen';

jest.setTimeout(30000);
const TICKET = 'A'.repeat(43);
const file = (fileId: string, kind: string, sourceId: string | null = null) => ({ fileId, kind, fileName: `${kind}.pdf`, mime: 'application/pdf', size: 1000, sourceId, createdAt: '2026-11-26T00:00:00Z' });
const detail = (over: Record<string, unknown> = {}) => ({
  caStatus: 2,
  obResFileStatus: 2,
  signatureStatus: 2,
  step: 'verify',
  organisationName: 'Harbour Trading Limited',
  chineseName: '海港貿易有限公司',
  signerName: 'CHAN Tai Man',
  ticketExpiresAt: '2026-11-29T00:00:00Z',
  organizationChart: file('F1', 'organizationChart'),
  documents: [file('F1', 'organizationChart'), file('F2', 'openingForm')],
  uploads: [],
  signed: [],
  ...over,
});
const at = () => screen.findByRole('note', { name: 'current location' });

const sealed = sealedUpload as jest.MockedFunction<typeof sealedUpload>;
/** a photo's file id is its name's first part, padded (FileUpload's ids are 16-32 characters) */
const fileIdOf = (name: string) => name.replace(/\.\w+$/, '').padEnd(16, '0');

function api(o: { ticketInfo?: () => unknown; auth?: (p: { idNumber: string }) => unknown; detail?: Record<string, unknown>; kind?: 'cnId' | 'other'; ocr?: (p: { fileId: string }) => unknown; held?: string } = {}) {
  let certified = false;
  return installFakeApi({
    clientConfig: () => makeClientConfig(),
    signTicketInfo: () => (o.ticketInfo ? o.ticketInfo() : { organisationName: 'Harbour Trading Limited', chineseName: '海港貿易有限公司' }),
    signApplyAuth: (p: { idNumber: string }) => (o.auth ? o.auth(p) : { token: `${'s'.repeat(22)}.${'r'.repeat(22)}`, session: 's'.repeat(22), rndkey: 'r'.repeat(22), expiresAt: '2026-11-26T04:00:00Z', idleMinutes: 30 }),
    signApplyDetail: () => detail({ ...(certified ? { caStatus: 3, step: 'doc' } : {}), ...o.detail }),
    signGetClientInfo: () => ({
      signerName: 'CHAN Tai Man',
      idNumberMasked: o.kind === 'cnId' ? '44**************1X' : 'K1****78',
      organisationName: 'Harbour Trading Limited',
      chineseName: '',
      registrationNumber: '12345678',
      sessionExpiresAt: '2026-11-26T04:00:00Z',
      signerIdKind: o.kind ?? 'other',
      idPhoto: o.held ? { fileId: o.held, read: true } : null,
    }),
    signFileDownload: (p: { fileId: string }) => ({ fileName: 'id.jpg', mime: 'image/jpeg', size: 3, data: btoa('abc'), fileId: p.fileId }),
    signIdCardOcr: (p: { fileId: string }) => (o.ocr ? o.ocr(p) : { name: '', idNumberMasked: '', matchesSigner: false }),
    signCorpApplyAuth: () => ({ caStatus: 2, obResFileStatus: 2, signatureStatus: 2, step: 'verify' }),
    signCorpApplyCACert: () => {
      certified = true;
      return { caStatus: 3, obResFileStatus: 2, signatureStatus: 2, step: 'doc', certificate: { subject: 'CN=CHAN Tai Man', issuer: 'CN=CA', serial: '01', notBefore: '', notAfter: '' } };
    },
  });
}

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:local'), revokeObjectURL: jest.fn() });
});

async function signInAndVerify() {
  const start = renderScreenAt('/', <StartScreen />);
  await start.user.type(await screen.findByRole('textbox', { name: /Your ID number/ }), 'K1234567');
  await start.user.click(screen.getByRole('button', { name: 'Continue' }));
  await at();
  start.unmount();
  return renderScreenAt('/verify', <VerifyScreen />);
}

async function photograph(label: RegExp, name: string) {
  const input = await screen.findByLabelText(label, { selector: 'input[type=file]' });
  await act(async () => {
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' })] } });
  });
}

beforeEach(() => {
  signSession.clear();
  window.history.replaceState(null, '', `/pages/signature.html?ticket=${TICKET}#/`);
});

test('a link without its ticket says so', async () => {
  window.history.replaceState(null, '', '/pages/signature.html#/');
  api();
  renderScreenAt('/', <StartScreen />);
  expect(await screen.findByRole('alert')).toHaveTextContent('This link is not complete');
});

test('a wrong ID number: "invalid ID number, please re-enter"; the right one opens the current step with the ID number normalised', async () => {
  const a = api({ auth: (p) => (p.idNumber === 'K12345678' ? { token: `${'s'.repeat(22)}.${'r'.repeat(22)}`, session: 's'.repeat(22), rndkey: 'r'.repeat(22), expiresAt: '', idleMinutes: 30 } : Promise.reject(new ApiError(152301, 'verification failed'))) });
  const { user } = renderScreenAt('/', <StartScreen />);
  const box = await screen.findByRole('textbox', { name: /Your ID number/ });
  // Continue with nothing typed: the field is marked and focused, nothing is asked of the service
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(box).toHaveFocus());
  expect(box).toHaveAccessibleDescription(expect.stringContaining('Required'));
  await user.type(box, 'K12');
  await new Promise((r) => setTimeout(r, 1100));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('Invalid ID number, please re-enter.')).toBeInTheDocument();
  expect(a.calls('signApplyAuth')).toHaveLength(0);
  await user.clear(box);
  await user.type(box, 'K7654321');
  await new Promise((r) => setTimeout(r, 1100));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('Invalid ID number, please re-enter.')).toBeInTheDocument();
  await user.clear(box);
  await user.type(box, 'k1234567 (8)');
  await new Promise((r) => setTimeout(r, 1100));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await at()).toHaveTextContent('/verify');
  expect(a.calls('signApplyAuth').map((c) => (c as { idNumber: string }).idNumber)).toEqual(['K7654321', 'K12345678']);
  expect(signSession.get()?.idNumber).toBe('K12345678');
});

test.each([
  [152302, 'This link has expired. Please contact us for a new one.'],
  [152303, 'This link is locked after too many wrong ID numbers'],
])('ApplyAuth %s: the page says so instead of the form', async (code, text) => {
  api({ auth: () => Promise.reject(new ApiError(code, 'refused')) });
  const { user } = renderScreenAt('/', <StartScreen />);
  await user.type(await screen.findByRole('textbox', { name: /Your ID number/ }), 'K1234567');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
});

test.each([
  ['a service error without tips', new ApiError(100500, 'internal error'), 'Request failed, please retry.'],
  ['111504 without tips', new ApiError(111504, 'token invalid'), 'Request failed, please retry.'],
  ['a service error with tips', new ApiError(100500, 'internal error', { tips: 'Signing is closed until 9:00.' }), 'Signing is closed until 9:00.'],
  ['the signing service\'s own refusal', new ApiError(152308, 'no need'), 'There is nothing left to sign on this link.'],
])('%s: the signing page shows the spec\'s text and stays where it is', async (_case, error, text) => {
  toast.clear();
  api({ auth: () => Promise.reject(error) });
  const { user } = renderScreenAt('/', <StartScreen />);
  await user.type(await screen.findByRole('textbox', { name: /Your ID number/ }), 'K1234567');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(toast.current()?.message).toBe(text));
  await new Promise((r) => setTimeout(r, 2100)); // past the general wrapper's login redirect (2 s), which the signing page does not do
  expect(await at()).toHaveTextContent(/^\/$/);
  expect(screen.getByRole('textbox', { name: /Your ID number/ })).toBeInTheDocument();
});

test('a step without a session goes back to the start', async () => {
  api();
  renderScreenAt('/verify', <VerifyScreen />);
  expect(await at()).toHaveTextContent('/');
});

test('verify (another document): the details held, the photo kept for staff, Continue once both are there and confirmed', async () => {
  const a = api();
  sealed.mockImplementation(async (_path, _t, name, _bytes, onProgress, meta) => {
    onProgress?.(100);
    expect(meta).toMatchObject({ purpose: 'idPhoto' });
    return file(fileIdOf(name), 'idPhoto') as never;
  });
  const { user } = await signInAndVerify();
  expect(await screen.findByText('K1****78')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Your identity document' })).toBeInTheDocument();
  const go = screen.getByRole('button', { name: 'Confirm and continue' });
  // Continue with nothing done: the photo tile and the box are marked, the tile (first on the page) focused
  await user.click(go);
  expect(await screen.findByText('Please add the photo first')).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: /These details are mine/ })).toHaveAccessibleDescription('Please tick to confirm');
  await waitFor(() => expect(document.activeElement?.closest('[data-name="idPhoto"]')).not.toBeNull());
  expect(toast.current()?.message).toBe('2 fields need your attention');
  await user.click(screen.getByRole('checkbox', { name: /These details are mine/ }));
  expect(screen.getByRole('checkbox', { name: /These details are mine/ })).not.toHaveAccessibleDescription('Please tick to confirm');
  await photograph(/Photo page of your document/, 'passport.png');
  expect(await screen.findByText('Photo added. Our staff will check it.')).toBeInTheDocument();
  expect(a.calls('signIdCardOcr')).toHaveLength(0);
  await waitFor(() => expect(go).toBeEnabled());
  await new Promise((r) => setTimeout(r, 1100));
  await user.click(go);
  await waitFor(() => expect(screen.getByRole('note', { name: 'current location' })).toHaveTextContent('/doc'));
  expect(a.calls('signCorpApplyAuth')).toEqual([expect.objectContaining({ confirm: true, idPhotoFileId: fileIdOf('passport.png') })]);
});

test("verify (a mainland card): the photo is read; another person's card is refused on the tile, the signer's own lets them go on", async () => {
  const a = api({ kind: 'cnId', ocr: (p) => (p.fileId === fileIdOf('own.png') ? { name: '张三', idNumberMasked: '44**************1X', matchesSigner: true } : { name: '李四', idNumberMasked: '11**************2X', matchesSigner: false }) });
  sealed.mockImplementation(async (_path, _t, name) => file(fileIdOf(name), 'idPhoto') as never);
  const { user } = await signInAndVerify();
  expect(await screen.findByRole('heading', { name: 'Your ID card' })).toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: /These details are mine/ }));
  await photograph(/Portrait side of your ID card/, 'other.png');
  expect(await screen.findByText('The number on this card (11**************2X) is not the one we hold for you. Please photograph your own ID card.')).toBeInTheDocument();
  const go = screen.getByRole('button', { name: 'Confirm and continue' });
  // Continue with the wrong card: nothing is sent, the tile keeps its message and takes the focus
  await new Promise((r) => setTimeout(r, 1100));
  await user.click(go);
  await waitFor(() => expect(document.activeElement?.closest('[data-name="idPhoto"]')).not.toBeNull());
  expect(screen.getByText(/The number on this card \(11\*+2X\) is not the one we hold for you/)).toBeInTheDocument();
  expect(a.calls('signCorpApplyAuth')).toHaveLength(0);
  await photograph(/Portrait side of your ID card/, 'own.png');
  expect(await screen.findByText('Card number 44**************1X read: it matches our records.')).toBeInTheDocument();
  await waitFor(() => expect(go).toBeEnabled());
  await new Promise((r) => setTimeout(r, 1100));
  await user.click(go);
  await waitFor(() => expect(screen.getByRole('note', { name: 'current location' })).toHaveTextContent('/doc'));
  expect(a.calls('signIdCardOcr').map((c) => (c as { fileId: string }).fileId)).toEqual([fileIdOf('other.png'), fileIdOf('own.png')]);
  expect(a.calls('signCorpApplyAuth')).toEqual([expect.not.objectContaining({ idPhotoFileId: expect.anything() })]);
});

test('verify after a reload: the card read earlier counts until another photo is taken; a retake of the wrong card does not', async () => {
  const a = api({ kind: 'cnId', held: fileIdOf('earlier.png'), ocr: () => ({ name: '李四', idNumberMasked: '11**************2X', matchesSigner: false }) });
  sealed.mockImplementation(async (_path, _t, name) => file(fileIdOf(name), 'idPhoto') as never);
  const { user } = await signInAndVerify();
  expect(await screen.findByText('Your ID card was read and matches our records.')).toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: /These details are mine/ }));
  const go = screen.getByRole('button', { name: 'Confirm and continue' });
  await waitFor(() => expect(go).toBeEnabled());
  await photograph(/Portrait side of your ID card/, 'wrong.png');
  expect(await screen.findByText(/The number on this card \(11\*+2X\) is not the one we hold for you/)).toBeInTheDocument();
  expect(screen.queryByText('Your ID card was read and matches our records.')).not.toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 1100));
  await user.click(go);
  await waitFor(() => expect(document.activeElement?.closest('[data-name="idPhoto"]')).not.toBeNull());
  expect(a.calls('signCorpApplyAuth')).toHaveLength(0);
});

test('doc: Submit with no file uploaded marks the upload section with why, focuses its "Add a file"; nothing is sent', async () => {
  toast.clear();
  const a = api({ detail: { caStatus: 3, step: 'doc' } });
  a.handlers.signApplyUpdate = () => ({});
  const { user } = renderScreenAt('/', <StartScreen />);
  await user.type(await screen.findByRole('textbox', { name: /Your ID number/ }), 'K1234567');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await at()).toHaveTextContent('/doc');
  renderScreenAt('/doc', <DocScreen />);
  await user.click(await screen.findByRole('button', { name: 'Submit documents' }));
  const add = screen.getByLabelText('Add a file');
  await waitFor(() => expect(add).toHaveFocus());
  expect(add).toHaveAccessibleDescription('Please upload at least one document');
  // the toast is the form kit's: how many fields are marked
  expect(toast.current()?.message).toBe('1 field needs your attention');
  expect(a.calls('signApplyUpdate')).toHaveLength(0);
});

test('nothing asked of the signer: "no need to sign"; signed: the signed copies named by what they sign', async () => {
  api({ detail: { caStatus: 1, obResFileStatus: 1, signatureStatus: 1 } });
  const { user } = renderScreenAt('/', <StartScreen />);
  await user.type(await screen.findByRole('textbox', { name: /Your ID number/ }), 'K1234567');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await at()).toHaveTextContent('/result');
  renderScreenAt('/result', <ResultScreen />);
  expect(await screen.findByRole('heading', { name: 'No need to sign' })).toBeInTheDocument();

  api({ detail: { caStatus: 3, obResFileStatus: 3, signatureStatus: 3, signed: [file('F9', 'signed', 'F2')] } });
  renderScreenAt('/result', <ResultScreen />);
  expect(await screen.findByRole('heading', { name: 'Signed', exact: true } as never)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Signed: Account opening form' })).toBeInTheDocument();
});

test('a signed copy the service no longer finds (FileDownload 404): "The file does not exist", no viewer', async () => {
  toast.clear();
  const a = api({ detail: { caStatus: 3, obResFileStatus: 3, signatureStatus: 3, signed: [file('F9', 'signed', 'F2')] } });
  a.handlers.signFileDownload = () => Promise.reject(new ApiError(100404, 'not found', undefined, 404));
  const { user } = renderScreenAt('/', <StartScreen />);
  await user.type(await screen.findByRole('textbox', { name: /Your ID number/ }), 'K1234567');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await at()).toHaveTextContent('/result');
  renderScreenAt('/result', <ResultScreen />);
  await user.click(await screen.findByRole('button', { name: 'Signed: Account opening form' }));
  await waitFor(() => expect(toast.current()?.message).toBe('The file does not exist'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('the start names the link\'s organisation before the ID number, in the page\'s language; the field comes right after it', async () => {
  api();
  renderScreenAt('/', <StartScreen />);
  const box = await screen.findByRole('textbox', { name: /Your ID number/ });
  const name = await screen.findByText('Harbour Trading Limited');
  expect(name.closest('p')).toHaveTextContent('Signing forHarbour Trading Limited');
  expect(name.closest('p')).toHaveAttribute('aria-busy', 'false');
  expect(screen.getByText('Your organisation is opening an account with us, and you are its authorised signer. To begin, enter your ID number.')).toBeInTheDocument();
  // the organisation, then the field: nothing between them pushes it below the fold
  expect(name.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'What we ask of you' }).compareDocumentPosition(box) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
});

test('while TicketInfo is asked the form is already there (the page painted it), the organisation\'s line waiting in its room', async () => {
  let answer: (v: unknown) => void = () => undefined;
  api({ ticketInfo: () => new Promise((resolve) => (answer = resolve)) });
  const { user } = renderScreenAt('/', <StartScreen />);
  const box = await screen.findByRole('textbox', { name: /Your ID number/ });
  const line = screen.getByText('Signing for').closest('p')!;
  expect(line).toHaveAttribute('aria-busy', 'true');
  expect(screen.queryByText('Harbour Trading Limited')).not.toBeInTheDocument();
  // typing does not wait for it, and what was typed stays when the name arrives
  await user.type(box, 'K123');
  act(() => answer({ organisationName: 'Harbour Trading Limited', chineseName: '海港貿易有限公司' }));
  expect(await screen.findByText('Harbour Trading Limited')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: /Your ID number/ })).toHaveValue('K123');
});

test.each([
  [152301, 'This link is no longer valid. Please contact us for a new one.'],
  [152302, 'This link has expired. Please contact us for a new one.'],
  [152303, 'This link is locked after too many wrong ID numbers'],
])('TicketInfo %s: the start says so at once, without asking for the ID number', async (code, text) => {
  const a = api({ ticketInfo: () => Promise.reject(new ApiError(code, 'refused')) });
  renderScreenAt('/', <StartScreen />);
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  expect(a.calls('signApplyAuth')).toHaveLength(0);
});

test('TicketInfo unanswered (no connection): the form still opens with the general intro', async () => {
  api({ ticketInfo: () => Promise.reject(new ApiError('NETWORK', 'network')) });
  renderScreenAt('/', <StartScreen />);
  expect(await screen.findByRole('textbox', { name: /Your ID number/ })).toBeInTheDocument();
  expect(screen.getByText('Your organisation is opening an account with us, and you are its authorised signer. To begin, enter your ID number.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('Signing for')).not.toBeInTheDocument());
});

test('Done on the result in a plain browser tries window.close(); a tab it cannot close says the page may be closed', async () => {
  const close = jest.spyOn(window, 'close').mockImplementation(() => undefined);
  api({ detail: { caStatus: 3, obResFileStatus: 3, signatureStatus: 3, signed: [file('F9', 'signed', 'F2')] } });
  const { user } = renderScreenAt('/', <StartScreen />);
  await user.type(await screen.findByRole('textbox', { name: /Your ID number/ }), 'K1234567');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await at()).toHaveTextContent('/result');
  renderScreenAt('/result', <ResultScreen />);
  expect(screen.queryByText('You may close this page now.')).not.toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name: 'Done' }));
  expect(close).toHaveBeenCalledTimes(1);
  expect(await screen.findByText('You may close this page now.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Done' })).not.toBeInTheDocument();
  close.mockRestore();
});

test('sign: the copy speaks of the documents signed here (no application form the signer never signed); ticking "read" brings the whole pad above the footer', async () => {
  api({ detail: { caStatus: 3, obResFileStatus: 3, signatureStatus: 2, step: 'sign' } });
  const { user } = renderScreenAt('/', <StartScreen />);
  await user.type(await screen.findByRole('textbox', { name: /Your ID number/ }), 'K1234567');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await at()).toHaveTextContent('/sign');
  const scrolled: Element[] = [];
  const original = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  try {
    renderScreenAt('/sign', <SignScreen />);
    expect(await screen.findByText('Read the documents below, then sign in the box. Your signature is placed on each of them, with your signing certificate.')).toBeInTheDocument();
    expect(screen.queryByText(/application form/)).not.toBeInTheDocument();
    const documents = screen.getByRole('list', { name: 'Documents to sign' });
    expect(documents).toHaveTextContent('Organisation chart');
    expect(documents).toHaveTextContent('Account opening form');
    await user.click(screen.getByRole('checkbox', { name: /I have read all the documents/ }));
    const padSection = screen.getByRole('region', { name: 'Your signature' });
    expect(scrolled).toContain(padSection);
  } finally {
    Element.prototype.scrollIntoView = original;
  }
});

describe('the certificate of completion on the result', () => {
  const signedDetail = { caStatus: 3, obResFileStatus: 3, signatureStatus: 3, signed: [file('F9', 'signed', 'F2')] };
  async function atResult(lang?: 'zh-TW') {
    const start = renderScreenAt('/', <StartScreen />, lang ? { lang } : {});
    await start.user.type(await screen.findByRole('textbox', { name: /ID number|證件號碼/ }), 'K1234567');
    await start.user.click(screen.getByRole('button', { name: /Continue|繼續/ }));
    expect(await at()).toHaveTextContent('/result');
    start.unmount();
    return renderScreenAt('/result', <ResultScreen />, lang ? { lang } : {});
  }
  afterEach(() => jest.restoreAllMocks());

  test('signed: the button asks for the certificate, reads its bytes and saves them under its name; in the app it opens in the sheet', async () => {
    const save = jest.spyOn(bridge, 'savePdf').mockResolvedValue();
    const a = api({ detail: signedDetail });
    a.handlers.signCertificate = () => file('FC000000000000001', 'certificate');
    a.handlers.signFileDownload = (p: { fileId: string }) => ({ fileName: 'certificate-of-completion-zh-TW.pdf', mime: 'application/pdf', size: 4, data: btoa('%PDF'), fileId: p.fileId });
    const { user, unmount } = await atResult('zh-TW');
    const button = await screen.findByRole('button', { name: '下載簽署完成證明' });
    expect(button).toHaveAccessibleDescription('簽署了甚麼、何時及在哪裡簽署，一份已簽名的 PDF');
    await user.click(button);
    await waitFor(() => expect(save).toHaveBeenCalledWith('blob:local', 'certificate.pdf', '簽署完成證明'));
    expect(a.calls('signFileDownload')).toEqual([expect.objectContaining({ fileId: 'FC000000000000001' })]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    // the session is still open: the result again, in the app
    jest.spyOn(bridge, 'isInApp').mockReturnValue(true);
    const { user: appUser } = renderScreenAt('/result', <ResultScreen />);
    await appUser.click(await screen.findByRole('button', { name: 'Download certificate of completion' }));
    expect(await screen.findByRole('dialog', { name: 'Certificate of completion' })).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
  });

  test('not signed yet (152311): the signing service\'s own words, nothing saved', async () => {
    const save = jest.spyOn(bridge, 'savePdf').mockResolvedValue();
    toast.clear();
    const a = api({ detail: signedDetail });
    a.handlers.signCertificate = () => Promise.reject(new ApiError(152311, '', undefined, 400));
    const { user } = await atResult();
    await user.click(await screen.findByRole('button', { name: 'Download certificate of completion' }));
    await waitFor(() => expect(toast.current()?.message).toBe('The certificate of completion is ready once the documents are signed'));
    expect(save).not.toHaveBeenCalled();
  });
});
