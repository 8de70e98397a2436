/**
 * The /disclosure form's answers, where they start from, and the IDENTITYEXPOSURE data they become
 * (spec part 2 §3 "Disclosure"): identityExposureInfo keyed by item number, the AML check's amlInfoId, the
 * three AML confirmations when the check hit, and the time of this confirmation.
 */
import { AML_CONFIRM_ITEMS, DISCLOSURE_ITEMS, DISCLOSURE_NO, DISCLOSURE_YES, disclosureItemsOf } from '@core/domain/profile';
import { at, type StepContext } from '@core/domain/step-rules/types';

export type Answer = typeof DISCLOSURE_YES | typeof DISCLOSURE_NO;
/** item number → answer (an item not answered yet is absent) */
export type Answers = Readonly<Record<number, Answer>>;

/** The items this applicant answers: 1-6 for a cash account, 1-13 for margin (the saved account step). */
export const itemsOfContext = (ctx: Pick<StepContext, 'saved'>): number[] => disclosureItemsOf(ctx.saved.SELECTACCOUNT?.accountType);

/** The answers of the draft if one was left, else of the saved step, else none (each item asks for an answer). */
export function initialAnswers(src: Record<string, unknown> | undefined, items: readonly number[]): Answers {
  const answers: Record<number, Answer> = {};
  for (const i of items) {
    const v = at(src, `identityExposureInfo.${i}.value`);
    if (v === DISCLOSURE_YES || v === DISCLOSURE_NO) answers[i] = v;
  }
  return answers;
}

/** identityExposureInfo: { '1': { title: 'notUsPerson', value: 'yes' }, … } (an unanswered item's value is ''). */
export function identityExposureInfoOf(answers: Answers, items: readonly number[]): Record<string, { title: string; value: string }> {
  return Object.fromEntries(items.map((i) => [String(i), { title: DISCLOSURE_ITEMS[i - 1], value: answers[i] ?? '' }]));
}

/** The three AML confirmations as they are saved (all ticked: the popup's confirm needs every box). */
export const amlConfirmInfoOf = (ticked: readonly boolean[]) =>
  AML_CONFIRM_ITEMS.map((title, i) => ({ index: i + 1, title, value: ticked[i] ? DISCLOSURE_YES : DISCLOSURE_NO, checked: ticked[i] ? 1 : 0 }));

/** The halfway-save draft: the answers so far (the AML check runs only on Next). */
export const toDisclosureDraft = (answers: Answers, items: readonly number[]): Record<string, unknown> => ({
  identityExposureInfo: identityExposureInfoOf(answers, items),
});

/**
 * The IDENTITYEXPOSURE step data: the answers, the AML check's id, the confirmations when it hit (null when
 * it did not) and `confirmedAt` as the confirmation time.
 */
export function toDisclosureData(
  answers: Answers,
  items: readonly number[],
  amlInfoId: string,
  confirmations: readonly boolean[] | null,
  confirmedAt: Date,
): Record<string, unknown> {
  return {
    identityExposureInfo: identityExposureInfoOf(answers, items),
    amlInfoId,
    ...(confirmations ? { amlConfirmInfo: amlConfirmInfoOf(confirmations) } : {}),
    frontInfo: { RAW_amlConfirmInfoTime: confirmedAt.toISOString() },
  };
}
