/**
 * LIVINGWITNESS (face liveness, cn; spec part 3 §3 "Liveness"): the id of the face check the service made
 * (livingBodyVerifyId, "a number" as the face confirm call sends it) and the still picture it kept
 * (documentInfo.livingBodyCertificationPicture {ossId, description}). Shape only: the face check itself and the
 * check that the id is this application's come with the liveness screen (issue 11).
 */
import { isFileRef } from '../uploads';
import { at, issuesOf, type StepValidator } from '../step-rules/types';
import type { Check } from '../identity';

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

export const validateLivingWitness: StepValidator = (data) => {
  const doc = data.documentInfo;
  const extraDoc = doc && typeof doc === 'object' && !Array.isArray(doc) && Object.keys(doc).some((k) => k !== 'livingBodyCertificationPicture');
  return issuesOf([
    ['livingBodyVerifyId', checkVerifyId(data.livingBodyVerifyId)],
    ['documentInfo.livingBodyCertificationPicture', checkPicture(at(data, 'documentInfo.livingBodyCertificationPicture'))],
    ['documentInfo', extraDoc ? 'choice' : null],
    ...Object.keys(data).filter((k) => !KEYS.includes(k)).map((k) => [k, 'choice'] as const),
  ]);
};
