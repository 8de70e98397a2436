import { bridge } from './bridge';

const BROWSER_UA = 'Mozilla/5.0 (Linux; Android 10) Chrome/120 Mobile';
const setUA = (ua: string) => Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });

type Posted = { id: string; method: string; params: Record<string, unknown> };

/** A fake native side answering each method with `answer(method, params)`. */
function installApp(answer: (m: Posted) => { ok: boolean; result?: unknown; error?: unknown } | null) {
  const posted: Posted[] = [];
  window.HLNativeBridge = {
    postMessage: (json: string) => {
      const msg = JSON.parse(json) as Posted;
      posted.push(msg);
      const reply = answer(msg);
      if (reply) queueMicrotask(() => window.HLNativeBridgeReceive?.(JSON.stringify({ id: msg.id, ...reply })));
    },
    appInfo: { version: '2.3.1' },
  };
  return posted;
}

beforeEach(() => {
  setUA(BROWSER_UA);
  delete window.HLNativeBridge;
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('app detection', () => {
  test('a plain browser is not the app', () => {
    expect(bridge.isInApp()).toBe(false);
    expect(bridge.appVersion()).toBeNull();
    expect(bridge.appLanguage()).toBeNull();
  });

  test('the UA token HLApp/<version> means the app', () => {
    setUA(`${BROWSER_UA} HLApp/2.1.9 HLLang/zh-HK`);
    expect(bridge.isInApp()).toBe(true);
    expect(bridge.appVersion()).toBe('2.1.9');
    expect(bridge.appLanguage()).toBe('zh-HK');
  });

  test('an injected HLNativeBridge means the app; its appInfo wins', () => {
    installApp(() => null);
    expect(bridge.isInApp()).toBe(true);
    expect(bridge.appVersion()).toBe('2.3.1');
  });
});

describe('plain-browser fallbacks', () => {
  test('openPdf opens a new window; openPage with newWindow too', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    await bridge.openPdf('/pages/static/customer-agreement.pdf', 'Agreement');
    await bridge.openPage('https://example.com/x', { newWindow: true });
    expect(open.mock.calls).toEqual([
      ['/pages/static/customer-agreement.pdf', '_blank', 'noopener'],
      ['https://example.com/x', '_blank', 'noopener'],
    ]);
  });

  test('savePdf downloads the file under its name (a link with download, clicked and removed); no window opens', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const clicked: Array<{ href: string; download: string }> = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    await bridge.savePdf('/kyc/esop/v1/oss/v1/Download?ossid=F1', 'certificate-of-completion-A1.pdf', 'Certificate of completion');
    expect(clicked).toEqual([{ href: '/kyc/esop/v1/oss/v1/Download?ossid=F1', download: 'certificate-of-completion-A1.pdf' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(open).not.toHaveBeenCalled();
    click.mockRestore();
  });

  test('close and back go back in history', async () => {
    const back = jest.spyOn(window.history, 'back').mockImplementation(() => undefined);
    await bridge.close();
    await bridge.back();
    expect(back).toHaveBeenCalledTimes(2);
  });

  test('getLocation uses navigator.geolocation; permission denied → {code: 1004}', async () => {
    const geo = {
      getCurrentPosition: jest.fn((ok: PositionCallback) => ok({ coords: { latitude: 22.28, longitude: 114.16 } } as GeolocationPosition)),
    };
    Object.defineProperty(navigator, 'geolocation', { value: geo, configurable: true });
    await expect(bridge.getLocation()).resolves.toEqual({ latitude: 22.28, longitude: 114.16 });
    geo.getCurrentPosition.mockImplementation(((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 1, PERMISSION_DENIED: 1, message: 'denied' } as GeolocationPositionError)) as never);
    await expect(bridge.getLocation()).rejects.toMatchObject({ code: 1004 });
    geo.getCurrentPosition.mockImplementation(((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 3, PERMISSION_DENIED: 1, message: 'timeout' } as GeolocationPositionError)) as never);
    await expect(bridge.getLocation()).rejects.toMatchObject({ code: 'POSITION_UNAVAILABLE' });
  });

  test('share uses navigator.share, and says UNSUPPORTED where there is none', async () => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    await expect(bridge.share({ url: 'https://x' })).rejects.toMatchObject({ code: 'UNSUPPORTED' });
    const share = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await bridge.share({ title: 'T', url: 'https://x' });
    expect(share).toHaveBeenCalledWith({ title: 'T', url: 'https://x' });
  });

  test('storage keeps only the non-identity flags in localStorage', async () => {
    await bridge.storage.set('statementSkipType', '1');
    await bridge.storage.set('idNumber', 'A1234563');
    expect(localStorage.getItem('statementSkipType')).toBe('1');
    expect(localStorage.getItem('idNumber')).toBeNull();
    expect(await bridge.storage.get('idNumber')).toBe('A1234563'); // memory for this page only
    await bridge.storage.remove('statementSkipType');
    expect(await bridge.storage.get('statementSkipType')).toBeNull();
  });

  test('the trade password needs the app', async () => {
    await expect(bridge.tradePassword()).rejects.toMatchObject({ code: 'UNSUPPORTED' });
  });
});

describe('in the app: native messages', () => {
  test('openPdf posts {id, method, params} and resolves on the answer', async () => {
    const posted = installApp(() => ({ ok: true, result: null }));
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    await bridge.openPdf('/pages/static/a.pdf', 'Agreement');
    expect(posted).toEqual([{ id: expect.any(String), method: 'openPdf', params: { url: '/pages/static/a.pdf', title: 'Agreement' } }]);
    expect(open).not.toHaveBeenCalled();
  });

  test("savePdf in the app is the native viewer's openPdf (which offers saving and sharing)", async () => {
    const posted = installApp(() => ({ ok: true, result: null }));
    await bridge.savePdf('/kyc/esop/v1/oss/v1/Download?ossid=F1', 'c.pdf', 'Certificate of completion');
    expect(posted).toEqual([{ id: expect.any(String), method: 'openPdf', params: { url: '/kyc/esop/v1/oss/v1/Download?ossid=F1', title: 'Certificate of completion' } }]);
  });

  test('getLocation passes the native 1004 error through', async () => {
    installApp((m) => (m.method === 'getLocation' ? { ok: false, error: { code: 1004, message: 'denied' } } : null));
    await expect(bridge.getLocation()).rejects.toEqual({ code: 1004, message: 'denied' });
  });

  test('storage goes to the app', async () => {
    const store = new Map<string, string>();
    installApp((m) => {
      if (m.method === 'storageSet') store.set(String(m.params.key), String(m.params.value));
      if (m.method === 'storageGet') return { ok: true, result: { value: store.get(String(m.params.key)) ?? null } };
      return { ok: true, result: null };
    });
    await bridge.storage.set('taxPopup', '1');
    expect(await bridge.storage.get('taxPopup')).toBe('1');
    expect(localStorage.getItem('taxPopup')).toBeNull();
  });

  test('chooseImage turns base64 answers into Files; cancelling gives []', async () => {
    installApp((m) =>
      m.method === 'chooseImage'
        ? { ok: true, result: { files: [{ fileName: 'a.jpg', fileData: btoa('abc'), mimeType: 'image/jpeg' }] } }
        : null,
    );
    const files = await bridge.chooseImage(2);
    expect(files).toHaveLength(1);
    expect(files[0].name).toBe('a.jpg');
    expect(new Uint8Array(await files[0].arrayBuffer())).toEqual(new Uint8Array([97, 98, 99]));
    installApp(() => ({ ok: false, error: { code: 'CANCELLED' } }));
    await expect(bridge.chooseImage(1)).resolves.toEqual([]);
  });

  test('an unanswered call times out', async () => {
    jest.useFakeTimers();
    installApp(() => null);
    const p = bridge.close();
    jest.advanceTimersByTime(10_000);
    await expect(p).rejects.toMatchObject({ code: 'TIMEOUT' });
    jest.useRealTimers();
  });
});
