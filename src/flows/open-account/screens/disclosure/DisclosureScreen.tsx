/**
 * /disclosure — identity disclosure and AML confirmation (IDENTITYEXPOSURE; spec part 2 §2 "Identity
 * disclosure and AML confirmation", §4 "Disclosure", §5 "Disclosure"). The declarations of the chosen
 * account type (1-6 cash, 1-13 margin), each answered yes (true of me) or no; a "no" opens the US-person or
 * offline-opening message and stays marked (Next marks it again). Next counts down 3 seconds when there is no AML
 * confirmation in the last 7 days (a tap meanwhile says why it waits); it then runs the AML screening (ApplyAmlCheck): on a hit the three
 * confirmations must all be ticked; the step is saved with the check's id and the confirmation time.
 */
import { useEffect, useMemo, useState } from 'react';
import { useApplyAmlCheck } from '@core/api/aml';
import { useClientConfig } from '@core/api/system';
import { useApiErrorHandler } from '@core/api/errors';
import type { ApplicationView } from '@core/domain/contract';
import {
  AML_CONFIRM_ITEMS,
  AML_HIT,
  CASH_DISCLOSURE_COUNT,
  DISCLOSURE_COUNTDOWN_S,
  DISCLOSURE_ITEMS,
  DISCLOSURE_NO,
  DISCLOSURE_YES,
  US_PERSON_ITEM,
  lastAmlConfirmation,
  needsDisclosureCountdown,
} from '@core/domain/profile';
import type { FieldIssue, StepContext } from '@core/domain/step-rules/types';
import { STEP_INTRO_KEY } from '@core/domain/steps';
import { useT } from '@core/i18n';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';
import { StepPage } from '@core/ui/StepPage';
import { CheckboxRow } from '@core/ui/form/CheckboxRow';
import { FieldGroup } from '@core/ui/form/FieldGroup';
import { RadioField } from '@core/ui/form/RadioField';
import { toast } from '@core/ui/toast';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { useStepPage } from '@core/step-engine';
import { initialAnswers, itemsOfContext, toDisclosureData, toDisclosureDraft, type Answer, type Answers } from './disclosure-data';
import './disclosure.css';

const STEP = 'IDENTITYEXPOSURE';
const ITEMS_FIELD = 'identityExposureInfo';
/** an item's field: its issues (and the service's on its value or title, which sit under it) */
const fieldOf = (i: number) => `${ITEMS_FIELD}.${i}`;
const isItemIssue = (i: FieldIssue) => i.field.startsWith(`${ITEMS_FIELD}.`);

const startAnswers = (src: Record<string, unknown> | undefined, ctx: StepContext) => initialAnswers(src, itemsOfContext(ctx));
/** the answers are the page's part; the AML check's id and the confirmation time come with Next */
const checkedData = (answers: Answers, ctx: StepContext) => toDisclosureData(answers, itemsOfContext(ctx), '', null, new Date());
const draftOf = (answers: Answers, ctx: StepContext) => toDisclosureDraft(answers, itemsOfContext(ctx));

export default function DisclosureScreen() {
  const t = useT();
  return <WithApplication title={t('disclosure.title')} step={STEP}>{(app) => <DisclosurePage app={app} />}</WithApplication>;
}

/** Seconds left of the Next countdown: DISCLOSURE_COUNTDOWN_S from the page's opening, or 0 when not needed. */
function useCountdown(needed: boolean): number {
  const [left, setLeft] = useState(() => (needed ? DISCLOSURE_COUNTDOWN_S : 0));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return left;
}

function DisclosurePage({ app }: { app: ApplicationView }) {
  const t = useT();
  const config = useClientConfig();
  const onApiError = useApiErrorHandler();
  const page = useStepPage(STEP, app, { initial: startAnswers, toData: checkedData, filterIssues: isItemIssue, draft: draftOf });
  const { form: answers, setForm: setAnswers, flow, ctx } = page;
  const items = useMemo(() => itemsOfContext(ctx), [ctx]);
  const [blocked, setBlocked] = useState<number | null>(null);
  const amlCheck = useApplyAmlCheck();
  const checking = amlCheck.isPending;
  const [aml, setAml] = useState<{ amlInfoId: string; ticked: boolean[] } | null>(null);
  const left = useCountdown(needsDisclosureCountdown(lastAmlConfirmation(ctx.saved), Date.now()));

  const itemField = (i: number) =>
    page.bindAt<Answer | undefined>(fieldOf(i), answers[i], (v) =>
      setAnswers((a) => {
        const { [i]: _gone, ...rest } = a;
        return v === undefined ? rest : { ...a, [i]: v };
      }),
    );
  // answers restored from a draft count as given (visited): a "no" shows its message at once
  useEffect(() => {
    for (const i of items) if (answers[i] !== undefined) itemField(i).onBlur();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const answer = (i: number, value: Answer) => {
    const field = itemField(i);
    field.onChange(value);
    field.onBlur();
    if (value === DISCLOSURE_NO) setBlocked(i);
  };

  const save = (amlInfoId: string, confirmations: boolean[] | null) => void page.next(toDisclosureData(answers, items, amlInfoId, confirmations, new Date()));

  const onNext = () => {
    if (checking) return;
    // an unanswered item or a "no": marked, the first scrolled to and focused
    if (!page.check()) return;
    if (left > 0) {
      toast.show(t('disclosure.countdownWait', { s: left }));
      return;
    }
    amlCheck.mutate(
      { appId: app.appId },
      {
        onSuccess: (result) => {
          if (result.hitStatus === AML_HIT) setAml({ amlInfoId: result.amlInfoId, ticked: AML_CONFIRM_ITEMS.map(() => false) });
          else save(result.amlInfoId, null);
        },
        onError: onApiError,
      },
    );
  };
  const confirmAml = () => {
    if (!aml || !aml.ticked.every(Boolean)) return;
    setAml(null);
    save(aml.amlInfoId, aml.ticked);
  };

  const phone = config.data?.servicePhones[app.clientType === 'cn' ? 'mainland' : 'hongKong'];
  const yesNo = [
    { value: DISCLOSURE_YES as Answer, label: t('disclosure.yes') },
    { value: DISCLOSURE_NO as Answer, label: t('disclosure.no') },
  ];
  const item = (i: number) => (
    <div key={i} className="esop-disclosure__item">
      <RadioField
        {...itemField(i)}
        label={
          <>
            <span className="esop-disclosure__num" aria-hidden="true">
              {i}.
            </span>
            {t(`disclosure.items.${DISCLOSURE_ITEMS[i - 1]}`)}
          </>
        }
        options={yesNo}
        onChange={(v) => answer(i, v)}
        inline
        required
      />
    </div>
  );
  // one control for "all of them": it answers each item (each is still recorded and can be changed one by one)
  const allTrue = items.length > 0 && items.every((i) => answers[i] === DISCLOSURE_YES);
  const answerAllTrue = (on: boolean) => {
    for (const i of items) {
      const field = itemField(i);
      field.onChange(on ? DISCLOSURE_YES : undefined);
      if (on) field.onBlur();
    }
  };
  const general = items.filter((i) => i <= CASH_DISCLOSURE_COUNT);
  const margin = items.filter((i) => i > CASH_DISCLOSURE_COUNT);

  return (
    <StepPage
      title={t('disclosure.title')}
      intro={t(STEP_INTRO_KEY[STEP])}
      progress={flow.progress}
      onBack={() => void page.back()}
      onNext={onNext}
      nextLabel={left > 0 ? t('disclosure.nextCountdown', { s: left }) : undefined}
      nextLoading={checking || flow.isSaving}
      className="esop-disclosure"
    >
      <div className="esop-disclosure__all">
        <CheckboxRow name="disclosure-all" checked={allTrue} onChange={answerAllTrue}>
          {t('disclosure.allTrue')}
        </CheckboxRow>
      </div>
      <FieldGroup title={t('disclosure.general')}>{general.map(item)}</FieldGroup>
      {margin.length ? <FieldGroup title={t('disclosure.margin')}>{margin.map(item)}</FieldGroup> : null}

      <ConfirmDialog
        visible={blocked !== null}
        title={t(blocked === US_PERSON_ITEM ? 'disclosure.usTitle' : 'disclosure.offlineTitle')}
        message={t(blocked === US_PERSON_ITEM ? 'disclosure.usMessage' : 'disclosure.offlineMessage')}
        confirmText={t('disclosure.gotIt')}
        showCancel={false}
        onConfirm={() => setBlocked(null)}
        onCancel={() => setBlocked(null)}
      >
        {phone ? (
          <p className="esop-disclosure__phone">
            {t('disclosure.servicePhone')} <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
          </p>
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog
        visible={aml !== null}
        title={t('disclosure.aml.title')}
        message={t('disclosure.aml.message')}
        confirmText={t('disclosure.aml.confirm')}
        confirmDisabled={!aml?.ticked.every(Boolean)}
        onConfirm={confirmAml}
        onCancel={() => setAml(null)}
      >
        <div className="esop-disclosure__aml" role="group" aria-label={t('disclosure.aml.items')}>
          {AML_CONFIRM_ITEMS.map((key, n) => (
            <CheckboxRow
              key={key}
              name={key}
              checked={!!aml?.ticked[n]}
              onChange={(v) => setAml((a) => (a ? { ...a, ticked: a.ticked.map((x, k) => (k === n ? v : x)) } : a))}
            >
              {t(`disclosure.aml.${key}`)}
            </CheckboxRow>
          ))}
        </div>
      </ConfirmDialog>
    </StepPage>
  );
}
