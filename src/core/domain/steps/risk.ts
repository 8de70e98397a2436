/**
 * RISK (/risk, spec part 3 §3): {disclosureId: the confirmed track's id, agreements: the ticked agreement keys} — every
 * risk agreement ticked; the customer authorisation one is allowed here and required by the service for listed
 * channels (its check is the risk module's, server/src/modules/risk). Unknown keys are refused ('choice').
 */
import { CUSTOMER_AUTHORISATION, RISK_AGREEMENTS } from '../closing';
import { extraKeys } from './jobstatus';
import { checkId, checkKeys, fixRoot, issuesOf, type StepValidator } from '../step-rules/types';
import { listOf, shape, text, type DataOf } from './schema';
import { noSample, type Data, type StepSample } from './sample-kit';
import { defineStep } from './define';
import { Rows, yesNo, optionParts, type Describe } from './words-kit';

/** The step's definition (its light part: steps/index.ts). */
export const meta = defineStep({ name: 'RISK', route: '/risk', titleKey: 'risk.title', introKey: 'risk.intro', status: 1080, progress: { cn: 4, hk: 5 } });

/** RISK: the heard track (disclosureId) and the risk agreements confirmed. */
export const data = shape({ disclosureId: text, agreements: listOf(text) });
export type RiskStep = DataOf<typeof data>;

export const rules: StepValidator = (data) =>
  issuesOf([
    ['disclosureId', checkId(data.disclosureId)],
    ['agreements', checkKeys(data.agreements, [CUSTOMER_AUTHORISATION, ...RISK_AGREEMENTS], RISK_AGREEMENTS)],
    ...extraKeys(data, ['disclosureId', 'agreements'], ''),
  ]).map(fixRoot);

/** RISK: the confirmed track and every risk agreement (the customer authorisation one first when `authorisation`). */
export const riskSample = (disclosureId: string, authorisation = false): Data => ({
  disclosureId,
  agreements: [...(authorisation ? ['customerAuthorisation'] : []), ...RISK_AGREEMENTS],
});

/** How the review desk shows the step's saved data (case-words.ts): its rows. */
export const describe: Describe<RiskStep> = (s) => {
  const r = new Rows();
  r.rowIf('disclosureId', 'desk.field.riskHeard', s.disclosureId ? yesNo(true) : []);
  r.row('agreements', 'risk.agreementsTitle', optionParts('risk.agreements', s.agreements ?? []));
  return r;
};

/** The step as steps/full.ts lists it; its `describe` (the desk's, steps/words.ts) and `sample` (tests' and tools', steps/samples.ts) apart. */
export const definition = { meta, data, rules };

/** Throws when the source cannot hear the track. */
export const sample: StepSample = async (src) => {
  if (!src.riskDisclosure) throw noSample(meta.name);
  return riskSample(await src.riskDisclosure());
};
