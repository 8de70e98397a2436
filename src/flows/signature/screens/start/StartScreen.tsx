/**
 * The signing page's start (spec: index): what the signer is asked to do, and the ID number the broker holds for them,
 * which with the link's ticket opens the session (ApplyAuth). A wrong number: "invalid ID number, please re-enter";
 * an expired link: contact service; a locked one: contact service. A signer with a session goes on to the current step.
 */
import { useCallback, useId, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@core/api/api-error';
import { useSignErrorHandler } from '@core/api/errors';
import { fetchSignDetail, signDetailQuery, signIn, signSession } from '@core/api/org-sign';
import { ErrorCode } from '@core/domain/errors';
import type { Rule } from '@core/domain/identity';
import { SIGN_TICKET_PATTERN, normaliseSignIdNumber, signIdNumberIssues } from '@core/domain/org-sign';
import { useRuleForm } from '@core/form/use-rule-form';
import { useT } from '@core/i18n';
import { AppBanner } from '@core/ui/AppBanner';
import { StepPage } from '@core/ui/StepPage';
import { TextField } from '@core/ui/form/TextField';
import { routeOf, useGoOn, useSignDetail } from '../../use-sign';

const ticketOfPage = (): string => new URLSearchParams(window.location.search).get('ticket') ?? '';

export default function StartScreen() {
  const t = useT();
  const ticket = ticketOfPage();
  const detail = useSignDetail();
  const [refused, setRefused] = useState<'expired' | 'locked' | null>(null);
  if (!SIGN_TICKET_PATTERN.test(ticket)) return <Refused title={t('orgSign.title')} message={t('orgSign.badLink')} />;
  if (refused) return <Refused title={t('orgSign.title')} message={t(refused === 'expired' ? 'orgSign.linkExpired' : 'orgSign.locked')} />;
  if (signSession.get() && detail.data) return <Navigate to={routeOf(detail.data)} replace />;
  return <IdNumberForm ticket={ticket} onRefused={setRefused} />;
}

function Refused({ title, message }: { title: string; message: string }) {
  return (
    <StepPage title={title}>
      <div className="org-sign__refused" role="alert">
        <p>{message}</p>
      </div>
    </StepPage>
  );
}

function IdNumberForm({ ticket, onRefused }: { ticket: string; onRefused: (r: 'expired' | 'locked') => void }) {
  const t = useT();
  const id = useId();
  const qc = useQueryClient();
  const goOn = useGoOn();
  const onError = useSignErrorHandler();
  // a number of the wrong shape reads the page's own message (the spec's "invalid ID number, please re-enter")
  const message = useCallback((rule: Rule) => (rule === 'format' ? t('orgSign.badIdNumber') : undefined), [t]);
  const kit = useRuleForm({ initial: { idNumber: '' }, validate: signIdNumberIssues, message });
  const field = kit.bind('idNumber');
  /** the number the service did not recognise: its message shows until the number changes */
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    // missing or of the wrong shape: marked and focused
    if (!kit.check()) return;
    const idNumber = normaliseSignIdNumber(kit.form.idNumber) as string;
    setBusy(true);
    try {
      await signIn(ticket, idNumber);
      const d = await fetchSignDetail();
      qc.setQueryData(signDetailQuery().queryKey, d);
      goOn(d, true);
    } catch (err) {
      if (err instanceof ApiError && err.code === ErrorCode.SIGN_VERIFY_FAILED) setRefused(kit.form.idNumber);
      else if (err instanceof ApiError && err.code === ErrorCode.SIGN_LINK_EXPIRED) onRefused('expired');
      else if (err instanceof ApiError && err.code === ErrorCode.SIGN_LOCKED) onRefused('locked');
      else onError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepPage title={t('orgSign.title')} onNext={() => void submit()} nextLabel={t('orgSign.start.continue')} nextLoading={busy} nextDisabled={busy}>
      <AppBanner />
      <section className="org-sign__card" aria-labelledby={`${id}-what`}>
        <h2 id={`${id}-what`}>{t('orgSign.start.heading')}</h2>
        <p>{t('orgSign.start.intro')}</p>
        <ol className="org-sign__steps">
          <li>{t('orgSign.start.stepVerify')}</li>
          <li>{t('orgSign.start.stepDoc')}</li>
          <li>{t('orgSign.start.stepSign')}</li>
        </ol>
      </section>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          {...field}
          label={t('orgSign.start.idNumber')}
          error={field.error ?? (refused !== null && refused === field.value ? t('orgSign.badIdNumber') : undefined)}
          hint={t('orgSign.start.idHint')}
          maxLength={40}
          autoComplete="off"
          required
        />
      </form>
    </StepPage>
  );
}
