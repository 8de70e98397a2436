/**
 * SIGN (/sign, spec part 3 §4): {agreements: exactly the application's list (agreementsOf), readAll: 1,
 * assetTransfer?: 0 | 1}. Unknown keys are refused ('choice'). The asset-transfer protocol check is the closing
 * module's (server/src/modules/closing).
 */
import { AGREEMENTS, agreementsOf } from '../closing';
import { extraKeys } from './jobstatus';
import { checkKeys, fixRoot, issuesOf, type StepValidator } from '../step-rules/types';
import { listOf, num, shape, text, type DataOf } from './schema';
import type { Data, StepSample } from './sample-kit';
import type { StepContext } from '../step-rules/types';
import { defineStep } from './define';
import { Rows, yesNo, optionParts, type Describe } from './words-kit';

/** The step's definition (its light part: steps/index.ts). */
export const meta = defineStep({ name: 'SIGN', route: '/sign', titleKey: 'sign.title', introKey: 'sign.intro', status: 1090, progress: { cn: 5, hk: 6 } });

/** SIGN: the agreements read; the asset transfer answer (1 yes). */
export const data = shape({ agreements: listOf(text), readAll: num, assetTransfer: num });
export type SignStep = DataOf<typeof data>;

export const rules: StepValidator = (data, ctx) => {
  const list = agreementsOf(ctx);
  const agreements = data.agreements;
  const exact = Array.isArray(agreements) && agreements.length === list.length && list.every((a) => agreements.includes(a));
  return issuesOf([
    ['agreements', checkKeys(agreements, AGREEMENTS, list) ?? (exact ? null : 'notOffered')],
    ['readAll', data.readAll === 1 ? null : 'mustTick'],
    ['assetTransfer', data.assetTransfer === undefined || data.assetTransfer === 0 || data.assetTransfer === 1 ? null : 'choice'],
    ...extraKeys(data, ['agreements', 'readAll', 'assetTransfer'], ''),
  ]).map(fixRoot);
};

/** SIGN: the application's agreement list, read. */
export const signSample = (ctx: StepContext): Data => ({ agreements: agreementsOf(ctx), readAll: 1 });

/** How the review desk shows the step's saved data (case-words.ts): its rows. */
export const describe: Describe<SignStep> = (s) => {
  const r = new Rows();
  r.row('agreements', 'documents.fields.signedDocuments', optionParts('sign.docs', s.agreements ?? []));
  r.rowIf('readAll', 'sign.readAll', s.readAll === undefined ? [] : yesNo(s.readAll === 1));
  r.rowIf('assetTransfer', 'documents.fields.assetTransfer', s.assetTransfer === undefined ? [] : yesNo(s.assetTransfer === 1));
  return r;
};

/** The step as steps/full.ts lists it; its `describe` (the desk's, steps/words.ts) and `sample` (tests' and tools', steps/samples.ts) apart. */
export const definition = { meta, data, rules };

export const sample: StepSample = async (src) => signSample(await src.context());
