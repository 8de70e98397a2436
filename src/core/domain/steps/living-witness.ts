/**
 * LIVINGWITNESS (face liveness, cn; spec part 3 §3 "Liveness"): the id of the face check the service made
 * (livingBodyVerifyId, "a number" as the face confirm call sends it) and the still picture it kept
 * (documentInfo.livingBodyCertificationPicture {ossId, description}). Shape only: the face check itself and the
 * check that the id is this application's come with the liveness screen (issue 11).
 */
import { isFileRef } from '../uploads';
import { at, issuesOf, type StepValidator } from '../step-rules/types';
import type { Check } from '../identity';
import { shape, num, storedFile, type DataOf } from './schema';
import { noSample, type Data, type SampleFile, type StepSample } from './sample-kit';
import { defineStep } from './define';
import { Rows, msg, filesOf, type Describe } from './words-kit';

/** The step's definition (its light part: steps/index.ts). */
export const meta = defineStep({ name: 'LIVINGWITNESS', route: '/livingWitness', titleKey: 'liveness.title', introKey: 'liveness.intro', status: 1100, progress: { cn: 5, hk: null } });

/** LIVINGWITNESS: the passed face check and its frame. */
export const data = shape({ livingBodyVerifyId: num, documentInfo: shape({ livingBodyCertificationPicture: storedFile }) });
export type LivingWitnessStep = DataOf<typeof data>;

const KEYS = ['livingBodyVerifyId', 'documentInfo'];
const PICTURE_KEYS = ['ossId', 'url', 'description', 'ossCategory'];

function checkVerifyId(v: unknown): Check {
  if (v === undefined || v === null || v === '') return 'required';
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? null : 'format';
}

function checkPicture(v: unknown): Check {
  if (v === undefined || v === null) return 'fileRequired';
  if (!isFileRef(v)) return 'fileRequired';
  const p = v as unknown as Record<string, unknown>;
  if (Object.keys(p).some((k) => !PICTURE_KEYS.includes(k))) return 'choice';
  if (p.description !== undefined && (typeof p.description !== 'string' || p.description.length > 200)) return 'tooLong';
  if (p.ossCategory !== undefined && p.ossCategory !== 'UserApply') return 'choice';
  return null;
}

export const rules: StepValidator = (data) => {
  const doc = data.documentInfo;
  const extraDoc = doc && typeof doc === 'object' && !Array.isArray(doc) && Object.keys(doc).some((k) => k !== 'livingBodyCertificationPicture');
  return issuesOf([
    ['livingBodyVerifyId', checkVerifyId(data.livingBodyVerifyId)],
    ['documentInfo.livingBodyCertificationPicture', checkPicture(at(data, 'documentInfo.livingBodyCertificationPicture'))],
    ['documentInfo', extraDoc ? 'choice' : null],
    ...Object.keys(data).filter((k) => !KEYS.includes(k)).map((k) => [k, 'choice'] as const),
  ]);
};

/** How the review desk shows the step's saved data (case-words.ts): its rows. */
export const describe: Describe<LivingWitnessStep> = (s) => {
  return new Rows()
    .row('livingBodyVerifyId', 'desk.field.faceCheck', s.livingBodyVerifyId === undefined ? [] : msg('desk.field.faceCheckNo', { n: s.livingBodyVerifyId }))
    .row('documentInfo.livingBodyCertificationPicture', 'liveness.frameAlt', filesOf([s.documentInfo?.livingBodyCertificationPicture]));
};

/** The step as steps/full.ts lists it; its `describe` (the desk's, steps/words.ts) and `sample` (tests' and tools', steps/samples.ts) apart. */
export const definition = { meta, data, rules };

// ------------------------------------------------------------------------------------------- sample

/** LIVINGWITNESS: a passed face check and the frame it kept. */
export const livingWitnessSample = (check: { id: number; picture: SampleFile }): Data => ({
  livingBodyVerifyId: check.id,
  documentInfo: { livingBodyCertificationPicture: check.picture },
});

/** Throws when the source cannot pass a face check. */
export const sample: StepSample = async (src) => {
  if (!src.faceCheck) throw noSample(meta.name);
  return livingWitnessSample(await src.faceCheck());
};
