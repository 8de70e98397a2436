/**
 * CAAPPLY: each document key names a PDF file of the caller (UserApply). ApplyDocument (the generated account opening
 * form, W-8BEN and self-certification form) writes them; the generation is not built yet, so any own PDF passes.
 */
import { CA_DOCUMENTS } from '@core/domain';
import { filesOfCategory } from './idcard';
import type { StepCheck } from './index';

export const checkCaApply: StepCheck = async ({ tx, userId, data }) => {
  const docs = data.documents as Record<string, string>;
  return filesOfCategory(tx, userId, CA_DOCUMENTS.map((d) => [`documents.${d}`, { ossId: docs[d] }] as const), 'UserApply');
};
