/** CAAPPLY: each document key names the document ApplyDocument generated for this application (any version of it). */
import { CA_DOCUMENTS } from '@core/domain';
import type { Issue } from '../../../errors';
import type { StepCheck } from './index';

export const checkCaApply: StepCheck = async ({ tx, appId, data }) => {
  const docs = data.documents as Record<string, string>;
  const issues: Issue[] = [];
  for (const d of CA_DOCUMENTS) {
    const { rows } = await tx.query('SELECT 1 FROM application_documents WHERE app_id = $1 AND document = $2 AND oss_id = $3', [appId, d, docs[d]]);
    if (!rows.length) issues.push({ path: `data.documents.${d}`, message: 'format' });
  }
  return issues;
};
