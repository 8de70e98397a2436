/**
 * What Next does on the home page (spec part 1 §4): the cn area checks, strict handling, the application check,
 * then starting, continuing or switching the application. The rules themselves live in @core/domain (area.ts,
 * steps.ts, errors.ts); this module only sequences them. Everything with a side effect (calls, the bridge,
 * dialogs, toasts, navigation) comes in through `ports`, so the sequence is tested without a screen.
 */
// zod-free domain modules only (the barrel would bring zod into the browser bundle)
import type { ApplicationView } from '@core/domain/contract';
import { OA_TYPE_OF, clientTypeOf, type ClientType } from '@core/domain/client-type';
import { STEP_ROUTE, type StepName } from '@core/domain/steps';
import { ErrorCode, behaviourOf } from '@core/domain/errors';
import {
  afterIpCheck,
  cnEntryCheck,
  geoGate,
  isMainlandCityCode,
  isMainlandIp,
  strictOutcome,
  type AreaType,
} from '@core/domain/area';
import { statusLanding } from '@core/domain/after-submit';
import { resumeRoute } from '../../resume';

export type StatementPosition = 'first' | 'last';

/** Dialogs that ask the applicant and wait for the answer. */
export type ConfirmKind = 'switchType' | 'statement';
/** Dialogs that only inform and offer their own action (download, settings, partner site). */
export type InformKind = 'downloadApp' | 'locationSettings' | 'partner';
export type ToastKind = 'upgradeApp' | 'mainlandBlocked' | 'startFailed' | 'locationFailed';

interface StartAnswer {
  nextStep: StepName | string;
  application: ApplicationView;
}

export interface NextActionPorts {
  esop: boolean;
  getAreaType(): Promise<AreaType>;
  getIpLocation(): Promise<{ country: string; region: string }>;
  isInApp(): boolean;
  appVersion(): string | null | undefined;
  getLocation(): Promise<{ latitude: number; longitude: number }>;
  getCityCode(location: string): Promise<string>;
  /** Marks strict mode persistently (a non-identity flag in app storage). */
  markStrict(): Promise<void> | void;
  /** Whether an earlier geolocation check marked strict mode. */
  isStrictMarked(): Promise<boolean>;
  applyCheck(): Promise<unknown>;
  getApplication(): Promise<ApplicationView | null>;
  start(req: { oaType: 1 | 2; esop: boolean; withStatement?: StatementPosition }): Promise<StartAnswer>;
  switchType(req: { appId: string; data: { oaType: 1 | 2 }; withStatement?: StatementPosition }): Promise<StartAnswer>;
  insertStatement(req: { appId: string; position: StatementPosition }): Promise<{ application: ApplicationView }>;
  confirm(kind: ConfirmKind): Promise<boolean>;
  inform(kind: InformKind, data?: { url?: string }): void;
  toast(kind: ToastKind): void;
  navigate(path: string): void;
  /** The general error catalogue (network, login expired, server message). */
  onError(err: unknown): void;
}

/** How a Next press ended (for tests and logs; the screen already reacted through the ports). */
export type NextResult =
  | { kind: 'navigated'; to: string }
  | { kind: 'stopped'; reason: StopReason };
export type StopReason =
  | 'cancelled'
  | 'needApp'
  | 'needUpgrade'
  | 'locationPermission'
  | 'locationFailed'
  | 'mainlandBlocked'
  | 'organisation'
  | 'partner'
  | 'startFailed'
  | 'error';

class Stop extends Error {
  constructor(readonly reason: StopReason) {
    super(reason);
  }
}

export function errorCode(err: unknown): number | string | undefined {
  if (err && typeof err === 'object' && 'code' in err) {
    const code = (err as { code: unknown }).code;
    if (typeof code === 'number' || typeof code === 'string') return code;
  }
  return undefined;
}

function errorData(err: unknown): { url?: string } | undefined {
  if (err && typeof err === 'object' && 'data' in err) {
    const data = (err as { data: unknown }).data;
    if (data && typeof data === 'object') return data as { url?: string };
  }
  return undefined;
}

/** Failures the general catalogue must handle whatever the call (no network, login expired). */
function isGeneral(err: unknown): boolean {
  const code = errorCode(err);
  if (code === undefined) return false;
  const kind = behaviourOf(code).kind;
  return kind === 'serverUnavailable' || kind === 'loginExpired';
}

/** Strict handling: where STATEMENT goes, or a stop (spec part 1 §4 "Strict handling"). */
async function strictHandling(ports: NextActionPorts, area: AreaType): Promise<StatementPosition> {
  const outcome = strictOutcome(area);
  if (outcome.kind === 'mainlandBlocked') {
    ports.toast('mainlandBlocked');
    throw new Stop('mainlandBlocked');
  }
  if (outcome.kind === 'continue') return 'last';
  if (!(await ports.confirm('statement'))) throw new Stop('cancelled');
  return 'first';
}

/** The app geolocation limit: 'strict' when the position resolves to a mainland city. */
async function geoCheck(ports: NextActionPorts): Promise<'strict' | 'normal'> {
  // a position once found in the mainland marks strict mode for good: no new location check
  if (await ports.isStrictMarked()) return 'strict';
  const gate = geoGate(ports.isInApp(), ports.appVersion());
  if (gate === 'needApp') {
    ports.inform('downloadApp');
    throw new Stop('needApp');
  }
  if (gate === 'needUpgrade') {
    ports.toast('upgradeApp');
    throw new Stop('needUpgrade');
  }
  let position: { latitude: number; longitude: number };
  try {
    position = await ports.getLocation();
  } catch (err) {
    if (errorCode(err) === ErrorCode.LOCATION_PERMISSION) {
      ports.inform('locationSettings');
      throw new Stop('locationPermission');
    }
    ports.toast('locationFailed');
    throw new Stop('locationFailed');
  }
  const cityCode = await ports.getCityCode(`${position.latitude},${position.longitude}`);
  if (!isMainlandCityCode(cityCode)) return 'normal';
  await ports.markStrict();
  return 'strict';
}

/** The cn entry checks: undefined to continue normally, or where the STATEMENT step goes. */
async function cnEntry(ports: NextActionPorts, area: AreaType): Promise<StatementPosition | undefined> {
  const check = cnEntryCheck(area.openingLimitType);
  let route: 'strict' | 'normal' | 'geo';
  switch (check.kind) {
    case 'normal':
      return undefined;
    case 'strict':
      route = 'strict';
      break;
    case 'geo':
      route = 'geo';
      break;
    case 'ipThenNormal':
    case 'ipThenGeo':
      route = afterIpCheck(check, isMainlandIp(await ports.getIpLocation()));
      break;
  }
  if (route === 'geo') route = await geoCheck(ports);
  return route === 'strict' ? strictHandling(ports, area) : undefined;
}

/** The application check: 151000 stops silently, 151100 shows the partner dialog. */
async function checkApplication(ports: NextActionPorts): Promise<void> {
  try {
    await ports.applyCheck();
  } catch (err) {
    const code = errorCode(err);
    if (code === ErrorCode.FROM_ORGANISATION) throw new Stop('organisation');
    if (code === ErrorCode.FROM_PARTNER) {
      ports.inform('partner', { url: errorData(err)?.url });
      throw new Stop('partner');
    }
    throw err;
  }
}

async function startNew(ports: NextActionPorts, oaType: 1 | 2, withStatement?: StatementPosition): Promise<string> {
  try {
    const res = await ports.start({ oaType, esop: ports.esop, ...(withStatement ? { withStatement } : {}) });
    return STEP_ROUTE[res.nextStep as StepName] ?? resumeRoute(res.application);
  } catch (err) {
    if (isGeneral(err) || errorCode(err) === ErrorCode.OTHER_TYPE_EXISTS) throw err;
    // 151205: the service sees a restricted area the page did not → strict handling, then start once more with it
    if (errorCode(err) === ErrorCode.SWITCH_REGION_DENIED && !withStatement) {
      return startNew(ports, oaType, await strictHandling(ports, await ports.getAreaType()));
    }
    ports.toast('startFailed');
    throw new Stop('startFailed');
  }
}

async function continueExisting(ports: NextActionPorts, app: ApplicationView, withStatement?: StatementPosition): Promise<string> {
  // submitted, opened or sent back: its status page (nothing to insert into a locked list)
  const landing = statusLanding(app);
  if (landing) return landing;
  if (withStatement && !app.applyStepsName.includes('STATEMENT')) {
    const res = await ports.insertStatement({ appId: app.appId, position: withStatement });
    // a statement required up front is asked for now; one that may come later waits at the end of the list
    return withStatement === 'first' ? STEP_ROUTE.STATEMENT : resumeRoute(res.application);
  }
  return resumeRoute(app);
}

async function switchExisting(
  ports: NextActionPorts,
  app: ApplicationView,
  oaType: 1 | 2,
  area: () => Promise<AreaType>,
  withStatement?: StatementPosition,
): Promise<string> {
  if (!(await ports.confirm('switchType'))) throw new Stop('cancelled');
  try {
    const res = await ports.switchType({ appId: app.appId, data: { oaType }, ...(withStatement ? { withStatement } : {}) });
    return STEP_ROUTE[res.nextStep as StepName] ?? resumeRoute(res.application);
  } catch (err) {
    // 151205: the region denies the switch without a statement → strict handling, then the switch once more with it
    if (errorCode(err) !== ErrorCode.SWITCH_REGION_DENIED || withStatement) throw err;
    const position = await strictHandling(ports, await area());
    const res = await ports.switchType({ appId: app.appId, data: { oaType }, withStatement: position });
    return STEP_ROUTE[res.nextStep as StepName] ?? resumeRoute(res.application);
  }
}

/** Starts; when the service answers that an application of the other type appeared meanwhile (151303), switches it. */
async function startNewOrSwitch(ports: NextActionPorts, oaType: 1 | 2, withStatement?: StatementPosition): Promise<string> {
  try {
    return await startNew(ports, oaType, withStatement);
  } catch (err) {
    if (errorCode(err) !== ErrorCode.OTHER_TYPE_EXISTS) throw err;
    const app = await ports.getApplication();
    if (!app) throw err;
    return switchExisting(ports, app, oaType, () => ports.getAreaType(), withStatement);
  }
}

/** Runs Next for the chosen type. Never throws: every failure has been shown through the ports. */
export async function runNextAction(choice: ClientType, ports: NextActionPorts): Promise<NextResult> {
  const oaType = OA_TYPE_OF[choice] as 1 | 2;
  try {
    let withStatement: StatementPosition | undefined;
    if (choice === 'cn') withStatement = await cnEntry(ports, await ports.getAreaType());
    await checkApplication(ports);
    const app = await ports.getApplication();
    let to: string;
    const landing = app ? statusLanding(app) : null;
    if (!app) to = await startNewOrSwitch(ports, oaType, withStatement);
    // submitted, opened or sent back (whichever card was chosen): its status page
    else if (landing) to = landing;
    else if (clientTypeOf(app.oaType) === choice) to = await continueExisting(ports, app, withStatement);
    else to = await switchExisting(ports, app, oaType, () => ports.getAreaType(), withStatement);
    ports.navigate(to);
    return { kind: 'navigated', to };
  } catch (err) {
    if (err instanceof Stop) return { kind: 'stopped', reason: err.reason };
    ports.onError(err);
    return { kind: 'stopped', reason: 'error' };
  }
}
