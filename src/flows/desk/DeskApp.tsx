/**
 * The review desk (issue 28): a desktop back office on Refine with Ant Design. Staff sign in with a password and an
 * authenticator code, work the queue, and open a case: the data beside the documents, AML, face checks, duplicates,
 * history, and the decisions. Its own build (vite.desk.config.ts): no applicant page loads any of it.
 */
import { Suspense, lazy, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { HashRouter, Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { IntlProvider, createIntl, createIntlCache } from 'react-intl';
import { Authenticated, Refine, useIsAuthenticated, type NotificationProvider } from '@refinedev/core';
import { useNotificationProvider } from '@refinedev/antd';
import routerProvider, { NavigateToResource } from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider, Spin } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhHK from 'antd/locale/zh_HK';
import type { Locale } from 'antd/es/locale';
import { LANGS, type Lang } from '@core/domain/calls';
import { currentLang, setCurrentLang } from '@core/i18n/lang';
import type { Messages } from '@core/i18n/messages';
import { APPLICATIONS, ORGS, UPDATES, authProvider, dataProvider, i18nProviderOf } from './providers';
import { loadDeskMessages } from './messages';
import { readNonce } from './style-nonce';
import { DeskLayout } from './components/DeskLayout';
import { DeskTitle } from './components/DeskTitle';
import { SignInScreen } from './screens/sign-in/SignInScreen';
import { QueueScreen } from './screens/queue/QueueScreen';

// the sign-in and the queue come first; a case, the updates and the organisations load when opened
const CaseScreen = lazy(() => import('./screens/case/CaseScreen').then((m) => ({ default: m.CaseScreen })));
const UpdatesScreen = lazy(() => import('./screens/updates/UpdatesScreen').then((m) => ({ default: m.UpdatesScreen })));
const OrgsScreen = lazy(() => import('./screens/orgs/OrgsScreen').then((m) => ({ default: m.OrgsScreen })));
const screen = (node: ReactNode) => <Suspense fallback={<div className="desk-page" aria-busy="true"><Spin /></div>}>{node}</Suspense>;
import { NotFoundScreen } from './components/NotFoundScreen';

const ANTD_LOCALE: Record<Lang, Locale> = { 'zh-CN': zhCN, 'zh-TW': zhHK, en: enUS };


const cache = createIntlCache();

/** Refine's notices through Ant Design's, but a failed sign-in: the sign-in form says why itself (SignInScreen) */
function useDeskNotifications(): NotificationProvider {
  const base = useNotificationProvider();
  return { open: (p) => (p.key === 'login-error' ? undefined : base.open(p)), close: base.close };
}

/**
 * The sign-in, or the queue for a signed-in staff member. The form stays mounted while the session is checked again
 * after a failed try (Refine's <Authenticated> would unmount it and lose what was typed and why it failed).
 */
function SignInRoute() {
  const { data } = useIsAuthenticated();
  return data?.authenticated ? <NavigateToResource resource={APPLICATIONS} /> : <SignInScreen />;
}

const NOTICES_ID = 'desk-notices';
const noticesBox = () => document.getElementById(NOTICES_ID) ?? document.body;

/** the brand colour; links and secondary texts dark enough for 4.5:1 on white (Ant Design's defaults are lighter) */
const DESK_THEME = { token: { colorPrimary: '#1f4fd8', colorLink: '#1f4fd8', colorTextSecondary: '#4b5563', colorTextDescription: '#566070', borderRadius: 6 } };

export function DeskApp({ initialLang }: { initialLang?: Lang }) {
  const [lang, setLang] = useState<Lang>(initialLang ?? currentLang());
  const [messages, setMessages] = useState<{ lang: Lang; messages: Messages } | null>(null);

  useEffect(() => {
    let live = true;
    loadDeskMessages(lang).then((m) => live && setMessages({ lang, messages: m }));
    return () => {
      live = false;
    };
  }, [lang]);

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  const intl = useMemo(() => (messages ? createIntl({ locale: messages.lang, messages: messages.messages }, cache) : null), [messages]);
  // Refine keeps the i18n provider it was first given: one provider for the page's life, reading the current texts
  const intlRef = useRef(intl);
  intlRef.current = intl;
  const i18nProvider = useMemo(
    () =>
      i18nProviderOf(
        () => intlRef.current,
        (next) => {
          if ((LANGS as readonly string[]).includes(next)) {
            setCurrentLang(next as Lang, true);
            setLang(next as Lang);
          }
        },
      ),
    [],
  );

  if (!intl) {
    return (
      <div className="desk-boot" aria-busy="true">
        <Spin size="large" />
      </div>
    );
  }

  return (
    <IntlProvider locale={intl.locale} messages={intl.messages}>
      <ConfigProvider locale={ANTD_LOCALE[lang]} csp={{ nonce: readNonce() }} theme={DESK_THEME} button={{ autoInsertSpace: false }}>
        <AntdApp message={{ getContainer: noticesBox }} notification={{ getContainer: noticesBox }}>
          {/* the notices (Ant Design's messages and notifications) in a landmark of their own */}
          <div id={NOTICES_ID} role="region" aria-label={intl.formatMessage({ id: 'desk.notices' })} />
          <HashRouter>
            <Refine
              dataProvider={dataProvider}
              authProvider={authProvider}
              routerProvider={routerProvider}
              i18nProvider={i18nProvider}
              notificationProvider={useDeskNotifications}
              resources={[
                { name: APPLICATIONS, list: '/queue', show: '/queue/:id', meta: { label: intl.formatMessage({ id: 'desk.nav.queue' }) } },
                { name: UPDATES, list: '/updates', meta: { label: intl.formatMessage({ id: 'desk.nav.updates' }) } },
                { name: ORGS, list: '/orgs', meta: { label: intl.formatMessage({ id: 'desk.nav.orgs' }) } },
              ]}
              options={{ disableTelemetry: true, syncWithLocation: true, warnWhenUnsavedChanges: false, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } } } }}
            >
              <DeskTitle />
              <Routes>
                <Route
                  element={
                    <Authenticated key="desk" fallback={<Navigate to="/login" replace />}>
                      <DeskLayout>
                        <Outlet />
                      </DeskLayout>
                    </Authenticated>
                  }
                >
                  <Route index element={<NavigateToResource resource={APPLICATIONS} />} />
                  <Route path="/queue" element={<QueueScreen />} />
                  <Route path="/queue/:id" element={screen(<CaseScreen />)} />
                  <Route path="/updates" element={screen(<UpdatesScreen />)} />
                  <Route path="/orgs" element={screen(<OrgsScreen />)} />
                </Route>
                <Route path="/login" element={<SignInRoute />} />
                <Route path="*" element={<NotFoundScreen />} />
              </Routes>
            </Refine>
          </HashRouter>
        </AntdApp>
      </ConfigProvider>
    </IntlProvider>
  );
}
