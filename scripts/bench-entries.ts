/**
 * The ways in that `npm run bench` measures (issue 40): every entry the product has, each with the cookies the browser
 * holds before the load and where the app must have arrived once it is over. Everything an entry needs (a login, an
 * application saved up to a deep step, an opened account, an ended session, an app token, a signing link) is prepared
 * through the service (the e2e ApiClient, prefill and ops commands), never through the pages; a preparation is done
 * once, and only for the entries chosen (`--page`). The one list of the ways in: scripts/first-screen-measure.ts (what
 * the HTML paints, LCP and CLS in Chromium, the painted screens' shots) measures the same entries.
 */
import { ApiClient } from '../e2e/lib/api-client';
import { ops, type Service } from '../e2e/lib/harness';
import { prefillSteps } from '../e2e/lib/prefill';
import { SESSION_HINT_COOKIE } from '../src/core/domain/auth';

/** A cookie as the service sets it (server/src/modules/auth/require-user.ts: the session HttpOnly, both SameSite strict). */
export interface BenchCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  httpOnly: boolean;
  sameSite: 'Strict';
}

export interface PreparedEntry {
  /** the address from the origin on */
  path: string;
  /** the browser's cookies before the load, and only these (none for a visitor without a session) */
  cookies: BenchCookie[];
  /** the final address (from `/pages/` on) must match: the app arrived where this entry leads */
  lands: RegExp;
  /** …and must not match (e.g. the app token left in the address) */
  notLands?: RegExp;
}

/** Whether a load of `entry` ended where it leads: `at` is the final address from `/pages/` on. */
export const arrived = (entry: PreparedEntry, at: string): boolean => entry.lands.test(at) && !entry.notLands?.test(at);

export interface Entry {
  /** the table's row: the page, the route, and who arrives (`--page` matches part of it) */
  name: string;
  prepare: () => Promise<PreparedEntry>;
}

/** The session cookie (HttpOnly) and the page-readable hint the service sets at login. */
const SESSION_COOKIE = 'esop_sid';
const SESSION_COOKIES = [SESSION_COOKIE, SESSION_HINT_COOKIE];

/** The login screen of the opening page, where a visitor without a session is sent (with where they were going). */
const LOGIN = /^\/pages\/openAccount\.html(\?[^#]*)?#\/login(\?|$)/;

/** The entries, in the table's order. Their preparations share the set-ups below (each done at most once). */
export function benchEntries(service: Service): Entry[] {
  const host = new URL(service.base).hostname;
  const cookiesOf = (api: ApiClient): BenchCookie[] =>
    SESSION_COOKIES.flatMap((name) => {
      const value = api.cookie(name);
      return value ? [{ name, value, domain: host, path: '/', httpOnly: name === SESSION_COOKIE, sameSite: 'Strict' as const }] : [];
    });
  const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
    let made: Promise<T> | undefined;
    return () => (made ??= make());
  };
  const loggedIn = async (phone: string): Promise<ApiClient> => {
    const api = new ApiClient(service.base);
    await api.call('tokenLogin', { t: await ops(service, 'app-token', phone, '--area', '852') });
    return api;
  };

  // an hk applicant with the steps before /HK_IDcard... saved up to the investment page (a deep step)
  const applicant = once(async () => {
    const api = await loggedIn('61234567');
    const { appId } = await api.call<{ appId: string }>('applyStart', { oaType: 2 });
    await prefillSteps(api, appId, 'INVESTMENT');
    return { cookies: cookiesOf(api) };
  });
  // a client whose cash account is open (every step saved through the service, submitted, approved by staff), with the
  // asset-transfer agreement signed and a request of staff to complete information: the after-opening pages
  const client = once(async () => {
    const api = await loggedIn('61234568');
    const { appId } = await api.call<{ appId: string }>('applyStart', { oaType: 2 });
    await prefillSteps(api, appId, 'CAAPPLY', { accountType: 1 });
    await api.call('applySubmit', { appId });
    await ops(service, 'approve', appId);
    await api.call('applyAssetTransferSign', { authorType: 1, applyId: appId });
    const sub = (await api.call<{ clientInfo: { accts: { subAcctId: string }[] } }>('userInfo')).clientInfo.accts[0].subAcctId;
    await ops(service, 'improve-request', '--sub', sub, '--items', 'employment,funds');
    return { cookies: cookiesOf(api), appId, sub };
  });
  // a session that was started in this browser and has since ended on the service: the browser still holds both
  // cookies (the hint says "a session was started here"), the service no longer knows the session
  const expired = once(async () => {
    const api = await loggedIn('61234569');
    await api.call('applyStart', { oaType: 2 });
    const cookies = cookiesOf(api);
    await api.call('logout');
    if (cookies.length !== SESSION_COOKIES.length) throw new Error(`the expired entry's login gave ${cookies.map((c) => c.name).join(', ')}`);
    return { cookies };
  });
  // the native app's link: a token for the applicant above (valid the whole bench), exchanged by the page at each load
  const appToken = once(async () => {
    await applicant();
    return ops(service, 'app-token', '61234567', '--area', '852', '--ttl-minutes', '1440');
  });
  // an organisation's signer opening the broker's link (no session: the page asks for the ID number)
  const signLink = once(async () => {
    await ops(service, 'org-create', '--name', 'Bench Trading Limited', '--reg', 'BENCH0001', '--signer', 'CHAN Tai Man', '--signer-id', 'K1234567');
    const link = (await ops(service, 'sign-ticket', 'BENCH0001')).split('\n')[0].trim();
    const ticket = new URL(link, service.base).searchParams.get('ticket');
    if (!ticket) throw new Error(`sign-ticket printed ${link}`);
    return ticket;
  });

  const anonymous = (path: string, lands: RegExp): Entry['prepare'] => async () => ({ path, cookies: [], lands });
  const as = (who: typeof applicant | typeof client, path: string, lands: RegExp): Entry['prepare'] => async () => ({ path, cookies: (await who()).cookies, lands });
  // each page, its address, where a client lands on it, and where a visitor without a session is sent: its own login route
  const ownLogin = (page: string) => new RegExp(`^/pages/${page.replace('.', '\\.')}(\\?[^#]*)?#/login\\?redirect=`);
  const afterOpening: [string, (c: Awaited<ReturnType<typeof client>>) => string, RegExp, RegExp][] = [
    ['account.html', () => '/pages/account.html#/accountHome', /^\/pages\/account\.html#\/accountHome$/, ownLogin('account.html')],
    ['transferInStock.html', () => '/pages/transferInStock.html', /^\/pages\/transferInStock\.html#\/transferInStock$/, ownLogin('transferInStock.html')],
    [
      'assetTransferAgreement.html',
      (c) => `/pages/assetTransferAgreement.html?applyId=${c.appId}&authorType=1`,
      /^\/pages\/assetTransferAgreement\.html\?[^#]*#\/assetTransferAgreement$/,
      ownLogin('assetTransferAgreement.html'),
    ],
    ['investorIdentifier.html', (c) => `/pages/investorIdentifier.html?sub=${c.sub}#/`, /^\/pages\/investorIdentifier\.html\?[^#]*#\/$/, ownLogin('investorIdentifier.html')],
    ['improveInfo.html', (c) => `/pages/improveInfo.html?sub=${c.sub}`, /^\/pages\/improveInfo\.html\?sub=[^#]*$/, ownLogin('improveInfo.html')],
  ];
  return [
    { name: 'openAccount.html, no route, no session', prepare: anonymous('/pages/openAccount.html', LOGIN) },
    { name: 'openAccount.html#/login, no session', prepare: anonymous('/pages/openAccount.html#/login', LOGIN) },
    { name: 'openAccount.html#/account, logged in', prepare: as(applicant, '/pages/openAccount.html#/account', /^\/pages\/openAccount\.html#\/account$/) },
    { name: 'openAccount.html#/investment (deep step), logged in', prepare: as(applicant, '/pages/openAccount.html#/investment', /^\/pages\/openAccount\.html#\/investment$/) },
    {
      name: 'openAccount.html#/investment, expired session',
      prepare: async () => ({ path: '/pages/openAccount.html#/investment', cookies: (await expired()).cookies, lands: LOGIN }),
    },
    {
      name: 'openAccount.html?t=…&jump=INVESTMENT, app token',
      prepare: async () => ({
        path: `/pages/openAccount.html?t=${encodeURIComponent(await appToken())}&jump=INVESTMENT`,
        cookies: [],
        // the step's route as the named route gives it (/Investment: the router matches whatever the case)
        lands: /^\/pages\/openAccount\.html#\/investment$/i,
        notLands: /[?&]t=/,
      }),
    },
    {
      name: 'openAccount.html?t=…&jump=account, app token',
      prepare: async () => ({
        path: `/pages/openAccount.html?t=${encodeURIComponent(await appToken())}&jump=account`,
        cookies: [],
        lands: /^\/pages\/openAccount\.html#\/account$/,
        notLands: /[?&]t=/,
      }),
    },
    { name: 'openEsopAccount.html, no session', prepare: anonymous('/pages/openEsopAccount.html', /^\/pages\/openEsopAccount\.html#\/login(\?|$)/) },
    { name: 'openEsopAccount.html#/account, logged in', prepare: as(applicant, '/pages/openEsopAccount.html#/account', /^\/pages\/openEsopAccount\.html#\/account$/) },
    {
      name: 'signature.html, valid ticket',
      prepare: async () => ({ path: `/pages/signature.html?ticket=${encodeURIComponent(await signLink())}`, cookies: [], lands: /^\/pages\/signature\.html/ }),
    },
    { name: 'signature.html, no ticket', prepare: anonymous('/pages/signature.html', /^\/pages\/signature\.html/) },
    { name: 'signature.html, malformed ticket', prepare: anonymous('/pages/signature.html?ticket=not-a-ticket', /^\/pages\/signature\.html/) },
    // a ticket of the right shape the service does not know (a mistyped or forged link): TicketInfo refuses it
    { name: 'signature.html, unknown ticket', prepare: anonymous(`/pages/signature.html?ticket=${'A'.repeat(43)}`, /^\/pages\/signature\.html/) },
    ...afterOpening.flatMap(([page, path, lands, login]): Entry[] => [
      { name: `${page}, logged in (opened client)`, prepare: async () => { const c = await client(); return { path: path(c), cookies: c.cookies, lands }; } },
      // the same address opened in a browser without a session (the link kept, the login gone)
      { name: `${page}, no session`, prepare: async () => ({ path: path(await client()), cookies: [], lands: login }) },
    ]),
  ];
}
