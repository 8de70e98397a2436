/**
 * Evidence of derivatives knowledge (issue 41): an applicant who claims the knowledge through training, a related job
 * or trades in derivative products (the derivatives questionnaire's three boxes) may attach, or by the broker's rule
 * must attach, a certificate, an employer's letter or trade statements for each box ticked. The files sit beside the
 * questionnaire in the step's data (`derivativeEvidence`), so the questionnaire keeps the spec's shape.
 *
 * The broker's rule (DERIVATIVE_EVIDENCE, ClientConfig `derivativeEvidence`): `off` (no upload offered, none
 * accepted), `optional` (offered under each ticked box; the default) or `required` (at least one file for each ticked
 * box). The pages and the service read it through the step context (StepContext.settings).
 */
import type { Check } from './identity';
import { extraKeys, objectOf } from './steps/jobstatus';
import { checkFiles, isFileRef, MAX_FILES } from './uploads';

export const EVIDENCE_RULES = ['off', 'optional', 'required'] as const;
export type EvidenceRule = (typeof EVIDENCE_RULES)[number];
export const DEFAULT_EVIDENCE_RULE: EvidenceRule = 'optional';

/** The questionnaire's boxes (derivativeInfo.<box>.checked), each with its own evidence list. */
export const EVIDENCE_BOXES = ['trainingCourse', 'experienceRelated', 'derivativeProducts'] as const;
export type EvidenceBox = (typeof EVIDENCE_BOXES)[number];

/** The upload category of the evidence files (an application's documents, as the tax proofs). */
export const EVIDENCE_CATEGORY = 'UserApply';

type Pairs = Array<readonly [string, Check]>;

/** Whether the questionnaire has `box` ticked. */
const ticked = (derivativeInfo: unknown, box: EvidenceBox) => objectOf(objectOf(derivativeInfo)[box]).checked === 1;

/**
 * The evidence's issues under `prefix`, against the questionnaire beside it and the broker's rule:
 * - an object of the three boxes' file lists (other keys 'choice'), each list of the caller's files, at most
 *   MAX_FILES.derivativeEvidence ('fileRequired' for an entry that is not a file, 'tooManyFiles');
 * - files for a box not ticked: 'choice'; any file while the rule is off: 'notOffered';
 * - the rule required: a ticked box without a file: 'fileRequired'.
 * Absent evidence is an empty one.
 */
export function checkDerivativeEvidence(v: unknown, derivativeInfo: unknown, rule: EvidenceRule, prefix = 'derivativeEvidence'): Pairs {
  if (v === undefined || v === null) v = {};
  if (typeof v !== 'object' || Array.isArray(v)) return [[prefix, 'choice']];
  const evidence = v as Record<string, unknown>;
  const pairs: Pairs = [...extraKeys(evidence, EVIDENCE_BOXES, prefix)];
  for (const box of EVIDENCE_BOXES) {
    const list = evidence[box];
    const path = `${prefix}.${box}`;
    const count = Array.isArray(list) ? list.length : 0;
    if (list !== undefined && !Array.isArray(list)) {
      pairs.push([path, 'fileRequired']);
      continue;
    }
    if (count === 0) {
      pairs.push([path, rule === 'required' && ticked(derivativeInfo, box) ? 'fileRequired' : null]);
      continue;
    }
    if (rule === 'off') pairs.push([path, 'notOffered']);
    else if (!ticked(derivativeInfo, box)) pairs.push([path, 'choice']);
    else pairs.push([path, checkFiles(list, MAX_FILES.derivativeEvidence)]);
  }
  return pairs;
}

/** The evidence files of a step's data, box by box (entries that are not files left out). */
export function evidenceFilesOf(v: unknown): Record<EvidenceBox, unknown[]> {
  const o = objectOf(v);
  return Object.fromEntries(EVIDENCE_BOXES.map((b) => [b, Array.isArray(o[b]) ? (o[b] as unknown[]).filter(isFileRef) : []])) as Record<EvidenceBox, unknown[]>;
}
