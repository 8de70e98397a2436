/**
 * CAAPPLY (/caApply, spec part 3 §5): {agreed: true, documents: {accountOpeningForm, w8ben, selfCertificationForm: the
 * generated files' ossIds}}. Unknown keys are refused ('choice').
 */
import { CA_DOCUMENTS, type CaDocument } from '../closing';
import { extraKeys, objectOf } from './jobstatus';
import { checkId, fixRoot, issuesOf, type StepValidator } from '../step-rules/types';
import { bool, mapOf, shape, text, type DataOf } from './schema';
import { noSample, type Data, type StepSample } from './sample-kit';
import { defineStep } from './define';
import { Rows, yesNo, type Describe } from './words-kit';

/** The step's definition (its light part: steps/index.ts). */
export const meta = defineStep({ name: 'CAAPPLY', route: '/caApply', titleKey: 'caApply.title', introKey: 'caApply.intro', status: 1110, progress: { cn: 5, hk: null } });

/** CAAPPLY: the box ticked and the generated documents (document → ossId). */
export const data = shape({ agreed: bool, documents: mapOf(text) });
export type CaApplyStep = DataOf<typeof data>;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export const rules: StepValidator = (data) => {
  const docs = objectOf(data.documents);
  return issuesOf([
    ['agreed', data.agreed === true ? null : 'mustTick'],
    ['documents', isObject(data.documents) ? null : 'required'],
    ...CA_DOCUMENTS.map((d) => [`documents.${d}`, checkId(docs[d])] as const),
    ...extraKeys(data.documents, CA_DOCUMENTS, 'documents'),
    ...extraKeys(data, ['agreed', 'documents'], ''),
  ]).map(fixRoot);
};

/** CAAPPLY: the box ticked and the three documents the service generated (their ossIds). */
export const caApplySample = (documents: Record<CaDocument, string>): Data => ({ agreed: true, documents });

/** How the review desk shows the step's saved data (case-words.ts): its rows. */
export const describe: Describe<CaApplyStep> = (s) => {
  const r = new Rows();
  r.row('agreed', 'caApply.agree', yesNo(s.agreed === true));
  r.row('documents', 'desk.field.generated', Object.values(s.documents ?? {}).map((ossId) => ({ file: ossId })));
  return r;
};

/** The step as steps/full.ts lists it; its `describe` (the desk's, steps/words.ts) and `sample` (tests' and tools', steps/samples.ts) apart. */
export const definition = { meta, data, rules };

/** Throws when the source cannot generate the documents. */
export const sample: StepSample = async (src) => {
  const { caDocument } = src;
  if (!caDocument) throw noSample(meta.name);
  const documents = {} as Record<CaDocument, string>;
  for (const document of CA_DOCUMENTS) documents[document] = await caDocument.call(src, document);
  return caApplySample(documents);
};
