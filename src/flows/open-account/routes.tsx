/**
 * The route table of the open-account flow. Every screen is its own lazy chunk. The core RouteGuard reads
 * `submittedFlag` (reachable once the application is submitted), `titleKey` (page title) and `public`
 * (reachable without a session). The first screens (home, login, prompts) load with the first part of the messages;
 * every other screen with `lazyScreen`, which also waits for the rest of them. Step routes join this table as their screens are built (no placeholders).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { flowTitleKey } from './flow-context';
import { COMPANY_SEARCH_ROUTE } from './company-choice';
import { HOME_ROUTE, STEP_ROUTE } from '@core/domain/steps';
import { RESULT_ROUTE } from '@core/domain/after-submit';
import { lazyScreen } from '@core/i18n/lazy-screen';
import { currentLang } from '@core/i18n/lang';
import { loadAllMessages } from '@core/i18n/messages';

export interface FlowRoute {
  path: string;
  /** reachable when the application is at or past submission */
  submittedFlag: boolean;
  /** message key of the page title */
  titleKey: string;
  /** reachable without a session (no login redirect) */
  public: boolean;
  Screen: LazyExoticComponent<ComponentType>;
  /** starts loading the screen's chunk (and, for a screen beyond the first ones, the rest of the messages) */
  preload: () => void;
}

interface LazyRouteScreen {
  Screen: LazyExoticComponent<ComponentType>;
  preload: () => void;
}

const ignore = () => undefined;

/** A first screen (home, login, prompts): its chunk; its texts are in the first part of the messages. */
function firstScreen(load: () => Promise<{ default: ComponentType }>): LazyRouteScreen {
  return { Screen: lazy(load), preload: () => void load().catch(ignore) };
}

/** Any other screen: its chunk and the rest of the messages, together (lazyScreen). */
function laterScreen(load: () => Promise<{ default: ComponentType }>): LazyRouteScreen {
  return {
    Screen: lazyScreen(load),
    preload: () => {
      void load().catch(ignore);
      void loadAllMessages(currentLang()).catch(ignore);
    },
  };
}

const RootRedirect = firstScreen(() => import('./screens/root-redirect/RootRedirect'));
const HomeScreen = firstScreen(() => import('./screens/home/HomeScreen'));
const LoginScreen = firstScreen(() => import('./screens/login/LoginScreen'));
const MaintenanceScreen = firstScreen(() => import('./screens/maintenance/MaintenanceScreen'));
const EnterprisePromptScreen = firstScreen(() => import('./screens/enterprise-prompt/EnterprisePromptScreen'));
const NotFoundScreen = firstScreen(() => import('./screens/not-found/NotFoundScreen'));
const UserInfoScreen = laterScreen(() => import('./screens/user-info/UserInfoScreen'));
const ProofAddressScreen = laterScreen(() => import('./screens/proof-address/ProofAddressScreen'));
const HkIdCardScreen = laterScreen(() => import('./screens/hk-id-card/HkIdCardScreen'));
const StatementScreen = laterScreen(() => import('./screens/statement/StatementScreen'));
const CompanySearchScreen = laterScreen(() => import('./screens/company-search/CompanySearchScreen'));
const IdCardScreen = laterScreen(() => import('./screens/id-card/IdCardScreen'));
const BankCardScreen = laterScreen(() => import('./screens/bank-card/BankCardScreen'));
const JobStatusScreen = laterScreen(() => import('./screens/job-status/JobStatusScreen'));
const FinanceScreen = laterScreen(() => import('./screens/finance/FinanceScreen'));
const InvestmentScreen = laterScreen(() => import('./screens/investment/InvestmentScreen'));
const TaxInfoScreen = laterScreen(() => import('./screens/tax-info/TaxInfoScreen'));
const SelectAccountScreen = laterScreen(() => import('./screens/select-account/SelectAccountScreen'));
const DisclosureScreen = laterScreen(() => import('./screens/disclosure/DisclosureScreen'));
const RiskScreen = laterScreen(() => import('./screens/risk/RiskScreen'));
const AccountStatusScreen = laterScreen(() => import('./screens/account-status/AccountStatusScreen'));
const OpenStatusScreen = laterScreen(() => import('./screens/open-status/OpenStatusScreen'));
const TransitionGoldScreen = laterScreen(() => import('./screens/transition-gold/TransitionGoldScreen'));
const DepositScreen = laterScreen(() => import('./screens/deposit/DepositScreen'));
const WitnessScreen = laterScreen(() => import('./screens/witness/WitnessScreen'));
const CaApplyScreen = laterScreen(() => import('./screens/ca-apply/CaApplyScreen'));
const LivingWitnessScreen = laterScreen(() => import('./screens/living-witness/LivingWitnessScreen'));
const SignScreen = laterScreen(() => import('./screens/sign/SignScreen'));
const SignatureScreen = laterScreen(() => import('./screens/signature/SignatureScreen'));

/** The routes of the flow; the title is the flow's (ESOP or not) on every route, as the spec gives. */
export function flowRoutes({ esop }: { esop: boolean }): FlowRoute[] {
  const titleKey = flowTitleKey(esop);
  return [
    { path: '/', submittedFlag: true, titleKey, public: false, ...RootRedirect },
    { path: HOME_ROUTE, submittedFlag: false, titleKey, public: true, ...HomeScreen },
    { path: '/login', submittedFlag: true, titleKey, public: true, ...LoginScreen },
    { path: '/mrStatus', submittedFlag: true, titleKey, public: true, ...MaintenanceScreen },
    { path: '/accountPrompt', submittedFlag: true, titleKey, public: true, ...EnterprisePromptScreen },
    { path: STEP_ROUTE.STATEMENT, submittedFlag: false, titleKey, public: false, ...StatementScreen },
    { path: COMPANY_SEARCH_ROUTE, submittedFlag: false, titleKey, public: false, ...CompanySearchScreen },
    { path: STEP_ROUTE.IDCARD, submittedFlag: false, titleKey, public: false, ...IdCardScreen },
    { path: STEP_ROUTE.BANKCARD, submittedFlag: false, titleKey, public: false, ...BankCardScreen },
    { path: STEP_ROUTE.HK_IDCARD, submittedFlag: false, titleKey, public: false, ...HkIdCardScreen },
    { path: STEP_ROUTE.USERINFO, submittedFlag: false, titleKey, public: false, ...UserInfoScreen },
    { path: STEP_ROUTE.PROOFADDRESS, submittedFlag: false, titleKey, public: false, ...ProofAddressScreen },
    { path: STEP_ROUTE.JOBSTATUS, submittedFlag: false, titleKey, public: false, ...JobStatusScreen },
    { path: STEP_ROUTE.FINANCE, submittedFlag: false, titleKey, public: false, ...FinanceScreen },
    { path: STEP_ROUTE.INVESTMENT, submittedFlag: false, titleKey, public: false, ...InvestmentScreen },
    { path: STEP_ROUTE.TAXINFO, submittedFlag: false, titleKey, public: false, ...TaxInfoScreen },
    { path: STEP_ROUTE.SELECTACCOUNT, submittedFlag: false, titleKey, public: false, ...SelectAccountScreen },
    { path: STEP_ROUTE.IDENTITYEXPOSURE, submittedFlag: false, titleKey, public: false, ...DisclosureScreen },
    { path: STEP_ROUTE.RISK, submittedFlag: false, titleKey, public: false, ...RiskScreen },
    { path: STEP_ROUTE.SIGN, submittedFlag: false, titleKey, public: false, ...SignScreen },
    { path: STEP_ROUTE.SIGNATURE, submittedFlag: false, titleKey, public: false, ...SignatureScreen },
    { path: STEP_ROUTE.LIVINGWITNESS, submittedFlag: false, titleKey, public: false, ...LivingWitnessScreen },
    { path: STEP_ROUTE.CAAPPLY, submittedFlag: false, titleKey, public: false, ...CaApplyScreen },
    { path: RESULT_ROUTE.accountStatus, submittedFlag: true, titleKey, public: false, ...AccountStatusScreen },
    { path: RESULT_ROUTE.openStatus, submittedFlag: true, titleKey, public: false, ...OpenStatusScreen },
    { path: RESULT_ROUTE.transitionGold, submittedFlag: true, titleKey, public: false, ...TransitionGoldScreen },
    { path: RESULT_ROUTE.witness, submittedFlag: true, titleKey, public: false, ...WitnessScreen },
    { path: '/deposit', submittedFlag: true, titleKey, public: false, ...DepositScreen },
    // a path without a screen on this page (e.g. a step whose screen another issue builds)
    { path: '*', submittedFlag: true, titleKey, public: true, ...NotFoundScreen },
  ];
}


/** The route a path opens (react-router's matching here: exact and case-insensitive paths, else '*'). */
export function routeOfPath(routes: FlowRoute[], path: string): FlowRoute | undefined {
  const p = path.toLowerCase().replace(/(.)\/+$/, '$1');
  return routes.find((r) => r.path.toLowerCase() === p) ?? routes.find((r) => r.path === '*');
}

/**
 * Starts loading the screen the address opens (its chunk and texts) when the page starts, not once the session and
 * the application are known; without a session hint also the login screen, where a protected route sends the visitor.
 */
export function preloadFirstScreen(routes: FlowRoute[], hash: string, hasSession: boolean): void {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  const route = routeOfPath(routes, path);
  route?.preload();
  if (!hasSession && route && !route.public) routeOfPath(routes, '/login')?.preload();
}
