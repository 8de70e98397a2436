/**
 * The derivatives questionnaire in a full-screen sheet, for /selectAccount: options need derivatives
 * information (spec part 2 §4 "Account and market"). It opens with "intend" chosen (ticking options says so)
 * and its Confirm takes only a complete intending answer (the domain's checkDerivativeInfo, full version): tapped
 * with something missing it marks every such answer, scrolls to the first and focuses it (the form kit's check). Closing it, or confirming "not intend", calls onCancel: the caller unticks options and shows
 * `derivative.cancelled`. Under the broker's evidence rule (issue 41) each ticked box takes its evidence files too, and
 * Confirm checks them with the same rule (checkDerivativeEvidence).
 */
import { useCallback, useEffect } from 'react';
import { useT } from '@core/i18n';
import { FooterButton, Sheet } from '@core/ui';
import { DERIVATIVE_VERSION } from '@core/domain/profile';
import { checkDerivativeInfo } from '@core/domain/steps/investment';
import { issuesOf } from '@core/domain/step-rules/types';
import { checkDerivativeEvidence, type EvidenceRule } from '@core/domain/derivative-evidence';
import { useRuleForm } from '@core/form/use-rule-form';
import { DerivativeQuestionnaire } from './DerivativeQuestionnaire';
import { answerYes, fitDerivativeForm, fromDerivativeInfo, toDerivativeEvidence, toDerivativeInfo, withEvidence, type DerivativeForm, type DerivativeInfo, type DerivativeInfoFull } from './derivative-data';
import './derivative.css';

export type { DerivativeInfo, DerivativeInfoFull } from './derivative-data';

export interface DerivativeDialogProps {
  visible: boolean;
  /** an earlier answer to start from (a version 2 derivativeInfo; anything else starts afresh) */
  initial?: DerivativeInfo | Record<string, unknown>;
  /** isQuestionnaireStudent(JOBSTATUS degree, age): the related-job box is not offered */
  student: boolean;
  age: number | undefined;
  /** the evidence files given with the earlier answer (the step's derivativeEvidence) */
  initialEvidence?: unknown;
  /** the broker's rule for evidence files (ClientConfig derivativeEvidence); default off */
  evidenceRule?: EvidenceRule;
  /** a complete intending answer (version 2), with the evidence files of its ticked boxes (undefined: none) */
  onDone: (info: DerivativeInfoFull, evidence: Record<string, unknown> | undefined) => void;
  /** closed without one */
  onCancel: () => void;
}

const FULL = DERIVATIVE_VERSION.FULL;

/** The form the dialog opens with: the earlier answer, intending (the boxes ticked when it was not). */
function startForm(initial: unknown, evidence: unknown, student: boolean, age: number | undefined): DerivativeForm {
  const form = withEvidence(fitDerivativeForm(fromDerivativeInfo(initial, FULL), student, age), evidence);
  return form.answer === 'yes' ? form : answerYes(form, student);
}

export function DerivativeDialog({ visible, initial, initialEvidence, evidenceRule = 'off', student, age, onDone, onCancel }: DerivativeDialogProps) {
  const t = useT();
  const validate = useCallback(
    (f: DerivativeForm) => {
      const info = toDerivativeInfo(f, FULL, student);
      return issuesOf([
        ...checkDerivativeInfo(info, { student, age, versions: [FULL] }),
        ...checkDerivativeEvidence(toDerivativeEvidence(f, student, evidenceRule), info, evidenceRule),
      ]);
    },
    [student, age, evidenceRule],
  );
  const kit = useRuleForm<DerivativeForm>({ initial: () => startForm(initial, initialEvidence, student, age), validate });
  const { form, setForm } = kit;
  // each opening starts from `initial` again
  useEffect(() => {
    if (visible) setForm(startForm(initial, initialEvidence, student, age));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible]);
  /** a questionnaire field (the answers are the whole form; each field's issue is its own) */
  const field = (name: string) => kit.bindAt(name, form, setForm);

  const done = () => {
    const info = toDerivativeInfo(form, FULL, student) as DerivativeInfoFull | undefined;
    if (kit.check() && info && info.derivative.checked === 1) onDone(info, toDerivativeEvidence(form, student, evidenceRule));
  };

  return (
    <Sheet
      visible={visible}
      title={t('derivative.dialog.title')}
      onClose={onCancel}
      variant="full"
      className="esop-derivative-dialog"
      footer={
        <FooterButton onClick={done}>
          {t('derivative.dialog.done')}
        </FooterButton>
      }
    >
      <div className="esop-derivative-dialog__body">
        <p className="esop-derivative-dialog__intro">{t('derivative.dialog.intro')}</p>
        <DerivativeQuestionnaire
          value={form}
          onChange={(next, fields) => {
            // "not intend" confirmed: no derivatives information, options cannot be opened
            if (next.answer === 'no') {
              onCancel();
              return;
            }
            setForm(next);
            for (const f of fields) field(f).onBlur();
          }}
          version={FULL}
          student={student}
          age={age}
          evidenceRule={evidenceRule}
          errorAt={(f) => field(f).error}
        />
      </div>
    </Sheet>
  );
}

export default DerivativeDialog;
