/**
 * IDENTITYEXPOSURE service-only rules (after the domain's validateDisclosure passed), about the AML screening; aml's
 * routes register it with the applications' step checks (aml reads the application, so applications cannot import aml):
 * - amlInfoId must name an AML check (ApplyAmlCheck) of this application that screened the applicant as the
 *   identity steps now name them (names and birth date): otherwise 'choice' on data.amlInfoId;
 * - when that check hit, amlConfirmInfo must hold the three AML confirmations, each ticked: otherwise 'amlConfirm'
 *   on data.amlConfirmInfo.
 */
import { AML_CONFIRM_ITEMS, AML_HIT, DISCLOSURE_YES } from '@core/domain/profile';
import type { Issue } from '../../errors';
import type { StepCheck } from '../applications';
import { findAmlCheckOfApp } from './repository';
import { amlSubjectOf, sameSubject } from './service';

/** The three AML items in order, each answered yes and ticked. */
export function amlConfirmed(v: unknown): boolean {
  return (
    Array.isArray(v) &&
    v.length === AML_CONFIRM_ITEMS.length &&
    v.every((item, i) => {
      const o = (item ?? {}) as Record<string, unknown>;
      return o.index === i + 1 && o.title === AML_CONFIRM_ITEMS[i] && o.value === DISCLOSURE_YES && o.checked === 1;
    })
  );
}

export const checkDisclosure: StepCheck = async ({ tx, appId, data, ctx }) => {
  const issues: Issue[] = [];
  const id = data.amlInfoId;
  const check = typeof id === 'string' ? await findAmlCheckOfApp(tx, id, appId) : null;
  const subject = amlSubjectOf(ctx.clientType, ctx.saved);
  const screened = check && { chineseName: check.chinese_name, lastName: check.last_name, firstName: check.first_name, birthday: check.birth_date };
  if (!check || !subject || !screened || !sameSubject(screened, subject)) {
    issues.push({ path: 'data.amlInfoId', message: 'choice' });
    return issues;
  }
  if (check.hit_status === AML_HIT && !amlConfirmed(data.amlConfirmInfo)) issues.push({ path: 'data.amlConfirmInfo', message: 'amlConfirm' });
  return issues;
};
