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

export interface FlowRoute {
  path: string;
  /** reachable when the application is at or past submission */
  submittedFlag: boolean;
  /** message key of the page title */
  titleKey: string;
  /** reachable without a session (no login redirect) */
  public: boolean;
  Screen: LazyExoticComponent<ComponentType>;
}

const loadHome = () => import('./screens/home/HomeScreen');
const loadLogin = () => import('./screens/login/LoginScreen');

const RootRedirect = lazy(() => import('./screens/root-redirect/RootRedirect'));
const HomeScreen = lazy(loadHome);
const LoginScreen = lazy(loadLogin);
const MaintenanceScreen = lazy(() => import('./screens/maintenance/MaintenanceScreen'));
const EnterprisePromptScreen = lazy(() => import('./screens/enterprise-prompt/EnterprisePromptScreen'));
const NotFoundScreen = lazy(() => import('./screens/not-found/NotFoundScreen'));
const UserInfoScreen = lazyScreen(() => import('./screens/user-info/UserInfoScreen'));
const ProofAddressScreen = lazyScreen(() => import('./screens/proof-address/ProofAddressScreen'));
const HkIdCardScreen = lazyScreen(() => import('./screens/hk-id-card/HkIdCardScreen'));
const StatementScreen = lazyScreen(() => import('./screens/statement/StatementScreen'));
const CompanySearchScreen = lazyScreen(() => import('./screens/company-search/CompanySearchScreen'));
const IdCardScreen = lazyScreen(() => import('./screens/id-card/IdCardScreen'));
const BankCardScreen = lazyScreen(() => import('./screens/bank-card/BankCardScreen'));
const JobStatusScreen = lazyScreen(() => import('./screens/job-status/JobStatusScreen'));
const FinanceScreen = lazyScreen(() => import('./screens/finance/FinanceScreen'));
const InvestmentScreen = lazyScreen(() => import('./screens/investment/InvestmentScreen'));
const TaxInfoScreen = lazyScreen(() => import('./screens/tax-info/TaxInfoScreen'));
const SelectAccountScreen = lazyScreen(() => import('./screens/select-account/SelectAccountScreen'));
const DisclosureScreen = lazyScreen(() => import('./screens/disclosure/DisclosureScreen'));
const RiskScreen = lazyScreen(() => import('./screens/risk/RiskScreen'));
const AccountStatusScreen = lazyScreen(() => import('./screens/account-status/AccountStatusScreen'));
const OpenStatusScreen = lazyScreen(() => import('./screens/open-status/OpenStatusScreen'));
const TransitionGoldScreen = lazyScreen(() => import('./screens/transition-gold/TransitionGoldScreen'));
const DepositScreen = lazyScreen(() => import('./screens/deposit/DepositScreen'));
const WitnessScreen = lazyScreen(() => import('./screens/witness/WitnessScreen'));
const CaApplyScreen = lazyScreen(() => import('./screens/ca-apply/CaApplyScreen'));
const LivingWitnessScreen = lazyScreen(() => import('./screens/living-witness/LivingWitnessScreen'));
const SignScreen = lazyScreen(() => import('./screens/sign/SignScreen'));
const SignatureScreen = lazyScreen(() => import('./screens/signature/SignatureScreen'));

/** The routes of the flow; the title is the flow's (ESOP or not) on every route, as the spec gives. */
export function flowRoutes({ esop }: { esop: boolean }): FlowRoute[] {
  const titleKey = flowTitleKey(esop);
  return [
    { path: '/', submittedFlag: true, titleKey, public: false, Screen: RootRedirect },
    { path: HOME_ROUTE, submittedFlag: false, titleKey, public: true, Screen: HomeScreen },
    { path: '/login', submittedFlag: true, titleKey, public: true, Screen: LoginScreen },
    { path: '/mrStatus', submittedFlag: true, titleKey, public: true, Screen: MaintenanceScreen },
    { path: '/accountPrompt', submittedFlag: true, titleKey, public: true, Screen: EnterprisePromptScreen },
    { path: STEP_ROUTE.STATEMENT, submittedFlag: false, titleKey, public: false, Screen: StatementScreen },
    { path: COMPANY_SEARCH_ROUTE, submittedFlag: false, titleKey, public: false, Screen: CompanySearchScreen },
    { path: STEP_ROUTE.IDCARD, submittedFlag: false, titleKey, public: false, Screen: IdCardScreen },
    { path: STEP_ROUTE.BANKCARD, submittedFlag: false, titleKey, public: false, Screen: BankCardScreen },
    { path: STEP_ROUTE.HK_IDCARD, submittedFlag: false, titleKey, public: false, Screen: HkIdCardScreen },
    { path: STEP_ROUTE.USERINFO, submittedFlag: false, titleKey, public: false, Screen: UserInfoScreen },
    { path: STEP_ROUTE.PROOFADDRESS, submittedFlag: false, titleKey, public: false, Screen: ProofAddressScreen },
    { path: STEP_ROUTE.JOBSTATUS, submittedFlag: false, titleKey, public: false, Screen: JobStatusScreen },
    { path: STEP_ROUTE.FINANCE, submittedFlag: false, titleKey, public: false, Screen: FinanceScreen },
    { path: STEP_ROUTE.INVESTMENT, submittedFlag: false, titleKey, public: false, Screen: InvestmentScreen },
    { path: STEP_ROUTE.TAXINFO, submittedFlag: false, titleKey, public: false, Screen: TaxInfoScreen },
    { path: STEP_ROUTE.SELECTACCOUNT, submittedFlag: false, titleKey, public: false, Screen: SelectAccountScreen },
    { path: STEP_ROUTE.IDENTITYEXPOSURE, submittedFlag: false, titleKey, public: false, Screen: DisclosureScreen },
    { path: STEP_ROUTE.RISK, submittedFlag: false, titleKey, public: false, Screen: RiskScreen },
    { path: STEP_ROUTE.SIGN, submittedFlag: false, titleKey, public: false, Screen: SignScreen },
    { path: STEP_ROUTE.SIGNATURE, submittedFlag: false, titleKey, public: false, Screen: SignatureScreen },
    { path: STEP_ROUTE.LIVINGWITNESS, submittedFlag: false, titleKey, public: false, Screen: LivingWitnessScreen },
    { path: STEP_ROUTE.CAAPPLY, submittedFlag: false, titleKey, public: false, Screen: CaApplyScreen },
    { path: RESULT_ROUTE.accountStatus, submittedFlag: true, titleKey, public: false, Screen: AccountStatusScreen },
    { path: RESULT_ROUTE.openStatus, submittedFlag: true, titleKey, public: false, Screen: OpenStatusScreen },
    { path: RESULT_ROUTE.transitionGold, submittedFlag: true, titleKey, public: false, Screen: TransitionGoldScreen },
    { path: RESULT_ROUTE.witness, submittedFlag: true, titleKey, public: false, Screen: WitnessScreen },
    { path: '/deposit', submittedFlag: true, titleKey, public: false, Screen: DepositScreen },
    // a path without a screen on this page (e.g. a step whose screen another issue builds)
    { path: '*', submittedFlag: true, titleKey, public: true, Screen: NotFoundScreen },
  ];
}


/**
 * Starts loading the screens a visitor most likely sees first (home, or login without a session) while the page
 * checks the session, instead of after it: one round trip less before the first screen on a slow network.
 */
export function preloadFirstScreens(): void {
  void loadHome().catch(() => undefined);
  void loadLogin().catch(() => undefined);
}
