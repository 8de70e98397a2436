/**
 * STATEMENT service-only rules (after the domain's validateStatement passed):
 * - the statement type fits the page variant of the application as it stands (statementVariant: a fresh or
 *   in-progress application answers the HK-document question, type 0 or 1; a rejected one without new-variant
 *   files sends the statement part only, type 2) → 100400 on data.statementInfo.type;
 * - the statements are the caller's UserApply files, the HK document's front and the overseas-identity proofs
 *   the caller's UserInfo files (ownership itself is checked for every step before this);
 * - with an HK document (type 1), the HK ID number is not held by another user's active application → 150204
 *   with data.phone, the holder's phone masked (the look-up the identity steps use, findIdHolderPhone).
 */
import { at, str } from '@core/domain';
import { STATEMENT_TYPE, statementVariant, typesOfVariant, type StatementType } from '@core/domain/statement';
import type { Issue } from '../../../errors';
import { claimIdentityNumbers, filesOfCategory } from './idcard';
import type { StepCheck } from './index';

const listed = (path: string, v: unknown): Array<readonly [string, unknown]> => (Array.isArray(v) ? v.map((f, i) => [`${path}.${i}`, f] as const) : []);

export const checkStatement: StepCheck = async (args) => {
  const { tx, userId, data, row } = args;
  const type = at(data, 'statementInfo.type') as StatementType;
  if (!typesOfVariant(statementVariant({ applyStatus: row.apply_status, data: row.data })).includes(type)) {
    return [{ path: 'data.statementInfo.type', message: 'choice' }];
  }
  const identity: Array<readonly [string, unknown]> =
    type === STATEMENT_TYPE.HK_DOCUMENT
      ? [['documentInfo.idCardHK.front', at(data, 'documentInfo.idCardHK.front')]]
      : listed('documentInfo.idCardForeign', at(data, 'documentInfo.idCardForeign'));
  const issues: Issue[] = [
    ...(await filesOfCategory(tx, userId, listed('documentInfo.statement', at(data, 'documentInfo.statement')), 'UserApply')),
    ...(identity.length ? await filesOfCategory(tx, userId, identity, 'UserInfo') : []),
  ];
  if (issues.length) return issues;

  await claimIdentityNumbers(args, ['STATEMENT'], type === STATEMENT_TYPE.HK_DOCUMENT ? { STATEMENT: str(at(data, 'idExtraInfo.idcardHK.idNumber')) } : {});
  return [];
};
