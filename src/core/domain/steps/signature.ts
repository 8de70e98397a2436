/**
 * SIGNATURE (/signature, spec part 3 §5): {documentInfo: {customerSignature: [one file of the applicant]}}. Unknown
 * keys are refused ('choice').
 */
import { checkFiles } from '../uploads';
import { extraKeys, objectOf } from './jobstatus';
import { fixRoot, issuesOf, type StepValidator } from '../step-rules/types';
import { files, shape, type DataOf } from './schema';
import type { Data, SampleFile, StepSample } from './sample-kit';
import { defineStep } from './define';
import { Rows, filesOf, type Describe } from './words-kit';

/** The step's definition (its light part: steps/index.ts). */
export const meta = defineStep({ name: 'SIGNATURE', route: '/signature', titleKey: 'signature.title', introKey: 'signature.intro', status: 1090, progress: { cn: 5, hk: 6 } });

/** SIGNATURE: the drawn signature. */
export const data = shape({ documentInfo: shape({ customerSignature: files }) });
export type SignatureStep = DataOf<typeof data>;

export const rules: StepValidator = (data) => {
  const info = objectOf(data.documentInfo);
  const files = info.customerSignature;
  return issuesOf([
    ['documentInfo.customerSignature', checkFiles(files, 1) ?? (Array.isArray(files) && files.every((f) => objectOf(f).ossCategory === 'UserApply') ? null : 'fileRequired')],
    ...extraKeys(data.documentInfo, ['customerSignature'], 'documentInfo'),
    ...extraKeys(data, ['documentInfo'], ''),
  ]).map(fixRoot);
};

/** SIGNATURE: the drawn signature (a PNG of the applicant, category UserApply). */
export const signatureSample = (signature: SampleFile): Data => ({ documentInfo: { customerSignature: [signature] } });

/** How the review desk shows the step's saved data (case-words.ts): its rows. */
export const describe: Describe<SignatureStep> = (s) => new Rows().row('documentInfo.customerSignature', 'documents.fields.signature', filesOf(s.documentInfo?.customerSignature));

/** The step as steps/full.ts lists it; its `describe` (the desk's, steps/words.ts) and `sample` (tests' and tools', steps/samples.ts) apart. */
export const definition = { meta, data, rules };

export const sample: StepSample = async (src) => signatureSample(await src.file('UserApply', 'signature'));
