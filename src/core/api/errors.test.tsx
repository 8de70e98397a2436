import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, currentLocation } from '../testing/render-with-providers';
import { ApiError } from './api-error';
import { useQuery } from '@tanstack/react-query';
import { ConnectionWatcher } from './connection';
import { cancelLoginRedirect, useApiErrorHandler } from './errors';
import { queryKeys } from './keys';
import { toast } from '../ui/toast';

function Thrower({ error }: { error: unknown }) {
  const onError = useApiErrorHandler();
  return (
    <button type="button" onClick={() => onError(error)}>
      fail
    </button>
  );
}

function renderAt(error: unknown, route = '/IDcard') {
  return renderWithProviders(
    <Routes>
      <Route path="*" element={<Thrower error={error} />} />
    </Routes>,
    { route, lang: 'en' },
  );
}

const status = () => screen.getByRole('status');

beforeEach(() => {
  jest.useFakeTimers();
  toast.clear();
  cancelLoginRedirect();
  delete window.HLNativeBridge;
});

afterEach(() => {
  jest.useRealTimers();
});

async function press() {
  await act(async () => {
    screen.getByRole('button', { name: 'fail' }).click();
  });
}

describe('the general error catalogue', () => {
  test('NETWORK → "service unavailable" toast', async () => {
    renderAt(ApiError.network());
    await press();
    expect(status()).toHaveTextContent('The service is unavailable. Please try again later.');
  });

  test('NETWORK while the phone is offline → "check your connection"', async () => {
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    renderAt(ApiError.network());
    await press();
    expect(status()).toHaveTextContent('You are offline. Please check your connection.');
    onLine.mockRestore();
  });

  test('150200 → the given message', async () => {
    renderAt(new ApiError(150200, 'Your branch is closed today.', undefined, 400));
    await press();
    expect(status()).toHaveTextContent('Your branch is closed today.');
  });

  test('other codes → the service message as a toast for 2 s', async () => {
    renderAt(new ApiError(150302, 'Bank card number is wrong (from service)', undefined, 400));
    await press();
    expect(status()).toHaveTextContent('Bank card number is wrong (from service)');
    act(() => jest.advanceTimersByTime(1999));
    expect(status()).toHaveTextContent('Bank card number is wrong');
    act(() => jest.advanceTimersByTime(1));
    expect(status()).toBeEmptyDOMElement();
  });

  test("the service's tips (error.data.tips) come before its message", async () => {
    renderAt(new ApiError(152306, 'The certificate could not be issued.', { tips: 'The authority is busy; try again in a minute.' }, 400));
    await press();
    expect(status()).toHaveTextContent('The authority is busy; try again in a minute.');
  });

  test('an error without a message falls back to the translated errors.<code>', async () => {
    renderAt(new ApiError(151212, '', undefined, 400));
    await press();
    expect(status()).toHaveTextContent('The channel code is not correct.');
    act(() => jest.advanceTimersByTime(2999)); // 151212 stays 3 s
    expect(status()).toHaveTextContent('The channel code is not correct.');
  });

  test('the same error object is reported once', async () => {
    const err = new ApiError(150302, 'once', undefined, 400);
    renderAt(err);
    await press();
    act(() => jest.advanceTimersByTime(2000));
    await press();
    expect(status()).toBeEmptyDOMElement();
  });

  test('login expired (browser) → message, then after 2 s the login screen with a redirect back', async () => {
    const { queryClient } = renderAt(new ApiError(100033, '', undefined, 401), '/IDcard?x=1');
    await press();
    expect(status()).toHaveTextContent('You were inactive for too long. Please log in again.');
    act(() => jest.advanceTimersByTime(1999));
    expect(currentLocation()).toBe('/IDcard?x=1');
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(currentLocation()).toBe(`/login?redirect=${encodeURIComponent('/IDcard?x=1')}`);
    expect(queryClient.getQueryData(queryKeys.user())).toBeNull();
  });

  test('login expired (in the app) → after 2 s the member page opens through the bridge', async () => {
    const posted: { method: string; params: { url?: string } }[] = [];
    window.HLNativeBridge = {
      postMessage: (json: string) => {
        const msg = JSON.parse(json);
        posted.push(msg);
        queueMicrotask(() => window.HLNativeBridgeReceive?.(JSON.stringify({ id: msg.id, ok: true, result: null })));
      },
    };
    const { queryClient } = renderAt(new ApiError(111504, '', undefined, 401));
    queryClient.setQueryData(queryKeys.clientConfig(), {
      memberPageUrl: 'https://member.example/login',
      appDownloadUrl: '',
      servicePhones: { mainland: '', hongKong: '' },
      production: false,
    });
    await press();
    expect(status()).toHaveTextContent('Your login token is not valid. Please log in again.');
    expect(posted).toHaveLength(0);
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    expect(posted.map((p) => p.method)).toEqual(['openPage']);
    expect(posted[0].params.url).toBe('https://member.example/login');
    expect(currentLocation()).toBe('/IDcard');
  });

  test('a non-API error shows the generic message', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt(new Error('boom'));
    await press();
    expect(status()).toHaveTextContent('Something went wrong on our side. Please try again.');
    spy.mockRestore();
  });
});

describe('the connection watcher', () => {
  test('offline says so at once; back online says so and fetches again what failed', async () => {
    let calls = 0;
    function Data() {
      const q = useQuery({
        queryKey: ['probe'],
        queryFn: async () => {
          calls += 1;
          if (calls === 1) throw ApiError.network();
          return 'fresh';
        },
        retry: false,
      });
      return <p>{q.data ?? q.status}</p>;
    }
    renderWithProviders(
      <>
        <ConnectionWatcher />
        <Data />
      </>,
      { lang: 'en' },
    );
    expect(await screen.findByText('error')).toBeInTheDocument();
    await act(async () => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(status()).toHaveTextContent('You are offline. Please check your connection.');
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(status()).toHaveTextContent('Back online.');
    expect(await screen.findByText('fresh')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
