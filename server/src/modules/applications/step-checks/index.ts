/**
 * Service-only checks of a step's save, after the domain's validator passed: rules that need the database or
 * the service's data (a known region code, an ID number held by another user's application → 150204, a country
 * code known to the ISO list). One entry a step; each may return issues (→ 100400) or throw an AppError.
 * A step whose rule reads a higher module's data (the AML screening, the risk confirmation, the asset-transfer
 * protocol) has its check in that module, which registers it with the app's deps at start (registerStepCheck in its
 * routes); the application module lists those steps in CHECKED_ELSEWHERE and refuses to start while one is missing.
 */
import type { StepContext, StepName } from '@core/domain';
import type { StepMeta } from '@core/domain/steps/define';
import type { Config } from '../../../config';
import type { Db } from '../../../db';
import type { Issue } from '../../../errors';
import type { FileStorage } from '../../../storage';
import type { AppRow } from '../repository';
import { checkUserInfo } from './userinfo';
import { checkProofAddress } from './proof-address';
import { checkIdcard } from './idcard';
import { checkBankcard } from './bankcard';
import { checkHkIdcard } from './hk-idcard';
import { checkStatement } from './statement';
import { checkTaxInfo } from './tax-info';
import { checkLivingWitness } from './living-witness';
import { checkSignature } from './signature';
import { checkCaApply } from './ca-apply';

export interface StepCheckArgs {
  tx: Db;
  userId: string;
  appId: string;
  step: StepName;
  data: Record<string, unknown>;
  ctx: StepContext;
  config: Config;
  /** the app's file store (a step that reads a file's bytes) */
  storage: FileStorage;
  /** the application as it stands before this save (locked for the transaction) */
  row: AppRow;
}

export type StepCheck = (args: StepCheckArgs) => Promise<Issue[]>;

const STEP_CHECKS: Partial<Record<StepName, StepCheck>> = {
  USERINFO: checkUserInfo,
  PROOFADDRESS: checkProofAddress,
  IDCARD: checkIdcard,
  BANKCARD: checkBankcard,
  HK_IDCARD: checkHkIdcard,
  STATEMENT: checkStatement,
  TAXINFO: checkTaxInfo,
  SIGNATURE: checkSignature,
  LIVINGWITNESS: checkLivingWitness,
  CAAPPLY: checkCaApply,
};

/** The steps whose check its owning module registers: IDENTITYEXPOSURE (aml), RISK (risk), SIGN (closing). */
export const CHECKED_ELSEWHERE: readonly StepName[] = ['IDENTITYEXPOSURE', 'RISK', 'SIGN'];
/** The registered checks of each app (keyed by its deps: two apps in one process, as in the tests, keep their own). */
const registries = new WeakMap<object, Map<StepName, StepCheck>>();
const registryOf = (app: object) => registries.get(app) ?? registries.set(app, new Map()).get(app)!;

/**
 * A module's check of a step listed in CHECKED_ELSEWHERE, for the app whose deps are `app`, registered against the
 * step's definition (its `meta`, src/core/domain/steps/<step>.ts).
 */
export function registerStepCheck(app: object, definition: StepMeta<StepName>, check: StepCheck): void {
  const step = definition.name;
  if (!CHECKED_ELSEWHERE.includes(step)) throw new Error(`step ${step}: its check is the application module's own (not in CHECKED_ELSEWHERE)`);
  const checks = registryOf(app);
  if (checks.has(step)) throw new Error(`step ${step}: a second check registered`);
  checks.set(step, check);
}

/** Thrown at start when a module that owns a step's check was left out (its rule would pass silently). */
export function assertStepChecksRegistered(app: object): void {
  const checks = registryOf(app);
  const missing = CHECKED_ELSEWHERE.filter((s) => !checks.has(s));
  if (missing.length) throw new Error(`no step check registered for ${missing.join(', ')} (register the aml, risk and closing modules)`);
}

/** The step's service-only issues: the application module's own check, or the one registered for the app (`app`: its deps). */
export async function runStepChecks(app: object, args: StepCheckArgs): Promise<Issue[]> {
  const check = STEP_CHECKS[args.step] ?? registries.get(app)?.get(args.step);
  // never a silent pass: deps other than the app's (a copy) find no registered check
  if (!check && CHECKED_ELSEWHERE.includes(args.step)) throw new Error(`step ${args.step}: no check registered for these deps`);
  return check ? check(args) : [];
}
