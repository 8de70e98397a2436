/**
 * The correction round on a status page (issue 25): the steps staff sent back, in the flow's order, each with its
 * state (to fix, or fixed: saved since the rejection, rejectData.fixed) and each a button that opens the step. Once
 * every step is fixed, a line says how to resubmit (the Next of any of them reads "Resubmit").
 */
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApplicationView } from '@core/domain/contract';
import { correctionSteps, orderSteps, STEP_ROUTE, STEP_TITLE_KEY, type StepName } from '@core/domain/steps';
import { useT } from '@core/i18n';

export function CorrectionSteps({ app, statementSkipped = false }: { app: ApplicationView; statementSkipped?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const titleId = useId();
  const items = correctionSteps(orderSteps(app.applyStepsName as StepName[], statementSkipped), app.rejectData?.steps ?? [], app.rejectData?.fixed ?? []);
  if (items.length === 0) return null;
  const fixed = items.filter((i) => i.state === 'fixed').length;
  return (
    <section className="oa-status__fix" aria-labelledby={titleId}>
      <h3 className="oa-status__fix-title" id={titleId}>
        {t('status.fix.title')}
        <span className="oa-status__fix-count">{t('status.fix.progress', { fixed, total: items.length })}</span>
      </h3>
      <ul className="oa-status__fix-list">
        {items.map(({ step, state }) => (
          <li key={step}>
            {/* the name is what it shows (step, then its state), a hidden separator between them */}
            <button type="button" className="oa-status__fix-item" onClick={() => navigate(STEP_ROUTE[step])}>
              <span className="oa-status__fix-step">{t(STEP_TITLE_KEY[step])}</span>
              <span className="esop-visually-hidden">{t('status.fix.separator')}</span>
              <span className={`oa-status__fix-state oa-status__fix-state--${state}`}>{t(`status.fix.${state}`)}</span>
            </button>
          </li>
        ))}
      </ul>
      {fixed === items.length ? <p className="oa-status__info">{t('status.fix.allFixed')}</p> : null}
    </section>
  );
}
