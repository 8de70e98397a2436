/**
 * The improve-info form: one card per item asked, drawn with the shared field sections of the opening steps
 * (employment, funds, tax rows) and the uploader; the domain's validateImproveAnswers decides what is missing
 * (useRuleForm: Submit marks every such field, scrolls to the first and focuses it); the service's refusals show
 * under their fields.
 */
import { useCallback, useMemo, type ReactNode } from 'react';
import { backToAccount } from '@core/app/account-page';
import { useImproveInfoSubmit } from '@core/api/improve-info';
import { ApiError, isApiError } from '@core/api/api-error';
import { useApiErrorHandler } from '@core/api/errors';
import type { Res } from '@core/domain/contract';
import { ErrorCode, TOAST_MS } from '@core/domain/errors';
import { todayInHongKong } from '@core/domain/identity';
import { IMPROVE_ITEMS, employmentFor, validateImproveAnswers, type ImproveContext, type ImproveItem } from '@core/domain/improve-info';
import type { Rule } from '@core/domain/identity';
import { useRuleForm } from '@core/form/use-rule-form';
import { useT } from '@core/i18n';
import { AppBanner } from '@core/ui/AppBanner';
import { StepPage } from '@core/ui/StepPage';
import { toast } from '@core/ui/toast';
import { EmploymentItem, FundsItem, IdDocumentItem, TaxItem } from './ImproveItems';
import { FIELD, improveAnswersOf, improveLimitsOf, initialImproveForm, type ImproveForm } from './improve-form';

type Detail = Res<'improveInfoDetail'>;

/** The service's issues are under `answers.`: read as a form's (`data.`) so they go on the fields. */
function asFormIssues(e: ApiError): ApiError {
  const issues = (e.data as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? [];
  const data = { issues: issues.filter((i) => i.path.startsWith('answers.')).map((i) => ({ ...i, path: `data.${i.path.slice('answers.'.length)}` })) };
  return new ApiError(e.code, e.message, data, e.status);
}

export function ImproveInfoForm({ sub, detail, request, onDone }: { sub: string; detail: Detail; request: NonNullable<Detail['request']>; onDone: () => void }) {
  const t = useT();
  const onError = useApiErrorHandler();
  const send = useImproveInfoSubmit();
  const busy = send.isPending;
  const items = request.items;
  const ctx: ImproveContext = useMemo(() => ({ ...detail.context, today: todayInHongKong() }), [detail.context]);
  const validate = useCallback((f: ImproveForm) => validateImproveAnswers(items, improveAnswersOf(items, f), ctx), [items, ctx]);
  const limits = useCallback((f: ImproveForm) => improveLimitsOf(f, ctx), [ctx]);
  const message = useCallback(
    (rule: Rule, field: string) => (field === FIELD.idValidUntil && rule === 'idExpired' ? t('improveInfo.idDocument.expired') : undefined),
    [t],
  );
  const kit = useRuleForm<ImproveForm>({ initial: () => initialImproveForm(detail.prefill), validate, limits, message });
  const answers = improveAnswersOf(items, kit.form);

  const submit = () => {
    if (!kit.check() || busy) return;
    send.mutate(
      { subAcctId: sub, requestId: request.requestId, answers },
      {
        onSuccess: onDone,
        onError: (e) => {
          if (isApiError(e, ErrorCode.INVALID_INPUT)) {
            kit.takeServerIssues(asFormIssues(e as ApiError));
            toast.show(t('improveInfo.fixErrors'), TOAST_MS);
          } else onError(e);
        },
      },
    );
  };

  const body: Record<ImproveItem, () => ReactNode> = {
    employment: () => <EmploymentItem kit={kit} ctx={ctx} />,
    funds: () => <FundsItem kit={kit} employment={employmentFor(items, answers, ctx)} />,
    taxResidency: () => <TaxItem kit={kit} ctx={ctx} />,
    idDocument: () => <IdDocumentItem kit={kit} today={ctx.today} />,
  };

  return (
    <StepPage title={t('improveInfo.title')} onBack={() => backToAccount(sub)} onNext={() => void submit()} nextLabel={t('improveInfo.submit')} nextLoading={busy}>
      <ImproveLead />
      {request.message ? (
        <div className="imp__message" role="note" aria-label={t('improveInfo.message')}>
          <strong>{t('improveInfo.message')}</strong>
          <p>{request.message}</p>
        </div>
      ) : null}
      {IMPROVE_ITEMS.filter((i) => items.includes(i)).map((item) => (
        <section key={item} className="esop-page-card imp__item" aria-labelledby={`imp-${item}`}>
          <h2 id={`imp-${item}`}>{t(`improveInfo.${item}.title`)}</h2>
          {body[item]()}
        </section>
      ))}
    </StepPage>
  );
}

/** The form's top, shown at once (the page's HTML has it too) while the request loads (the gate's lead). */
export function ImproveLead() {
  const t = useT();
  return (
    <>
      <AppBanner />
      <p className="imp__intro">{t('improveInfo.intro')}</p>
    </>
  );
}
