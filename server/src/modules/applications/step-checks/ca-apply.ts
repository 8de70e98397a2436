/** CAAPPLY: each document key names the document ApplyDocument generated for this application (any version of it). */
import { CA_DOCUMENTS } from '@core/domain';
import type { Issue } from '../../../errors';
import type { StepCheck } from './index';
import { isGeneratedDocument } from './repository';

export const checkCaApply: StepCheck = async ({ tx, appId, data }) => {
  const docs = data.documents as Record<string, string>;
  const issues: Issue[] = [];
  for (const d of CA_DOCUMENTS) {
    if (!(await isGeneratedDocument(tx, appId, d, docs[d]))) issues.push({ path: `data.documents.${d}`, message: 'format' });
  }
  return issues;
};
