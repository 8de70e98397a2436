/**
 * The review desk (issue 28): a desktop back office on Refine with Ant Design. Staff sign in with a password and an
 * authenticator code, work the queue, and open a case: the data beside the documents, AML, face checks, duplicates,
 * history, and the decisions. Its own build (vite.desk.config.ts): no applicant page loads any of it.
 */
import { useEffect, useMemo, useState } from 'react';
import { HashRouter, Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { IntlProvider, createIntl, createIntlCache } from 'react-intl';
import { Authenticated, Refine } from '@refinedev/core';
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
import { APPLICATIONS, authProvider, dataProvider, i18nProviderOf } from './providers';
import { loadDeskMessages } from './messages';
import { readNonce } from './style-nonce';
import { DeskLayout } from './components/DeskLayout';
import { DeskTitle } from './components/DeskTitle';
import { SignInScreen } from './screens/sign-in/SignInScreen';
import { QueueScreen } from './screens/queue/QueueScreen';
import { CaseScreen } from './screens/case/CaseScreen';
import { NotFoundScreen } from './components/NotFoundScreen';

const ANTD_LOCALE: Record<Lang, Locale> = { 'zh-CN': zhCN, 'zh-TW': zhHK, en: enUS };


const cache = createIntlCache();

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
  const i18nProvider = useMemo(
    () =>
      intl
        ? i18nProviderOf(intl, (next) => {
            if ((LANGS as readonly string[]).includes(next)) {
              setCurrentLang(next as Lang, true);
              setLang(next as Lang);
            }
          })
        : null,
    [intl],
  );

  if (!intl || !i18nProvider) {
    return (
      <div className="desk-boot" aria-busy="true">
        <Spin size="large" />
      </div>
    );
  }

  return (
    <IntlProvider locale={intl.locale} messages={intl.messages}>
      <ConfigProvider locale={ANTD_LOCALE[lang]} csp={{ nonce: readNonce() }} theme={DESK_THEME}>
        <AntdApp message={{ getContainer: noticesBox }} notification={{ getContainer: noticesBox }}>
          {/* the notices (Ant Design's messages and notifications) in a landmark of their own */}
          <div id={NOTICES_ID} role="region" aria-label={intl.formatMessage({ id: 'desk.notices' })} />
          <HashRouter>
            <Refine
              dataProvider={dataProvider}
              authProvider={authProvider}
              routerProvider={routerProvider}
              i18nProvider={i18nProvider}
              notificationProvider={useNotificationProvider}
              resources={[{ name: APPLICATIONS, list: '/queue', show: '/queue/:id', meta: { label: intl.formatMessage({ id: 'desk.nav.queue' }) } }]}
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
                  <Route path="/queue/:id" element={<CaseScreen />} />
                </Route>
                <Route
                  path="/login"
                  element={
                    <Authenticated key="sign-in" fallback={<SignInScreen />}>
                      <NavigateToResource resource={APPLICATIONS} />
                    </Authenticated>
                  }
                />
                <Route path="*" element={<NotFoundScreen />} />
              </Routes>
            </Refine>
          </HashRouter>
        </AntdApp>
      </ConfigProvider>
    </IntlProvider>
  );
}
