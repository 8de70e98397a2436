/**
 * The signing page's start (spec: index): the organisation the link is for (TicketInfo: its name only, nothing about
 * the signer before they verify), the ID number the broker holds for them — the first thing under the intro, visible
 * on a 320x568 phone without scrolling — which with the link's ticket opens the session (ApplyAuth), and what the
 * signer is asked to do. A wrong number: "invalid ID number, please re-enter"; an expired, locked or unknown link says
 * so at once (contact service). A signer with a session goes on to the current step.
 */
import { useCallback, useId, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@core/api/api-error';
import { useSignErrorHandler } from '@core/api/errors';
import { signSession, signTicketQuery, useSignIn } from '@core/api/org-sign';
import { ErrorCode } from '@core/domain/errors';
import type { Rule } from '@core/domain/identity';
import { SIGN_TICKET_PATTERN, normaliseSignIdNumber, signIdNumberIssues } from '@core/domain/org-sign';
import { useRuleForm } from '@core/form/use-rule-form';
import { useLang, useT } from '@core/i18n';
import { AppBanner } from '@core/ui/AppBanner';
import { StepPage } from '@core/ui/StepPage';
import { TextField } from '@core/ui/form/TextField';
import { PageSkeleton } from '@core/app/account-page-routes';
import { OrgName } from '../../OrgName';
import { organisationNameIn, routeOf, useGoOn, useSignDetail } from '../../use-sign';

const ticketOfPage = (): string => new URLSearchParams(window.location.search).get('ticket') ?? '';

export default function StartScreen() {
  const t = useT();
  const ticket = ticketOfPage();
  const detail = useSignDetail();
  const { lang } = useLang();
  const wellFormed = SIGN_TICKET_PATTERN.test(ticket);
  const org = useQuery({ ...signTicketQuery(ticket), enabled: wellFormed });
  const [refused, setRefused] = useState<Refusal | null>(null);
  if (!wellFormed) return <Refused title={t('orgSign.title')} message={t('orgSign.badLink')} />;
  const linkRefusal = org.error instanceof ApiError ? REFUSAL_OF[org.error.code as number] : undefined;
  const shownRefusal = refused ?? linkRefusal;
  if (shownRefusal) return <Refused title={t('orgSign.title')} message={t(REFUSAL_TEXT[shownRefusal])} />;
  if (signSession.get()) {
    if (detail.data) return <Navigate to={routeOf(detail.data)} replace />;
    if (detail.isPending) return <PageSkeleton />;
  }
  // the form at once (the page paints it from its HTML while TicketInfo is asked): the organisation's line waits for
  // the name in its own room; without an answer (no connection) the line goes and the form still works
  const organisation = org.isPending ? undefined : org.data ? organisationNameIn(org.data, lang) : null;
  return <IdNumberForm ticket={ticket} organisation={organisation} onRefused={setRefused} />;
}

type Refusal = 'unknown' | 'expired' | 'locked';
const REFUSAL_OF: Record<number, Refusal> = { [ErrorCode.SIGN_VERIFY_FAILED]: 'unknown', [ErrorCode.SIGN_LINK_EXPIRED]: 'expired', [ErrorCode.SIGN_LOCKED]: 'locked' };
const REFUSAL_TEXT: Record<Refusal, string> = { unknown: 'orgSign.linkUnknown', expired: 'orgSign.linkExpired', locked: 'orgSign.locked' };

function Refused({ title, message }: { title: string; message: string }) {
  return (
    <StepPage title={title}>
      <div className="org-sign__refused" role="alert">
        <p>{message}</p>
      </div>
    </StepPage>
  );
}

/** `organisation`: its name; undefined while TicketInfo is asked, null when it could not be. */
function IdNumberForm({ ticket, organisation, onRefused }: { ticket: string; organisation: string | null | undefined; onRefused: (r: Refusal) => void }) {
  const t = useT();
  const id = useId();
  const goOn = useGoOn();
  const onError = useSignErrorHandler();
  // a number of the wrong shape reads the page's own message (the spec's "invalid ID number, please re-enter")
  const message = useCallback((rule: Rule) => (rule === 'format' ? t('orgSign.badIdNumber') : undefined), [t]);
  // `refused`: the number the service did not recognise, marked by the domain's rule until the number changes
  const kit = useRuleForm<{ idNumber: string; refused: string | null }>({ initial: { idNumber: '', refused: null }, validate: signIdNumberIssues, message });
  const field = kit.bind('idNumber');
  const signIn = useSignIn();
  const busy = signIn.isPending;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    // missing or of the wrong shape: marked and focused
    if (!kit.check()) return;
    const idNumber = normaliseSignIdNumber(kit.form.idNumber) as string;
    signIn.mutate(
      { ticket, idNumber },
      {
        onSuccess: (d) => goOn(d, true),
        onError: (err) => {
          if (err instanceof ApiError && err.code === ErrorCode.SIGN_VERIFY_FAILED) kit.set('refused', kit.form.idNumber);
          else if (err instanceof ApiError && err.code === ErrorCode.SIGN_LINK_EXPIRED) onRefused('expired');
          else if (err instanceof ApiError && err.code === ErrorCode.SIGN_LOCKED) onRefused('locked');
          else onError(err);
        },
      },
    );
  };

  return (
    <StepPage title={t('orgSign.title')} onNext={() => submit()} nextLabel={t('orgSign.start.continue')} nextLoading={busy} nextDisabled={busy}>
      <AppBanner />
      {organisation !== null && (
        // its room kept while the name is asked (one line; a longer name takes a second), so nothing below moves
        <p className="org-sign__for" aria-busy={organisation === undefined}>
          <span className="org-sign__for-label">{t('orgSign.start.forLabel')}</span>
          {organisation === undefined ? <span className="org-sign__for-wait" aria-hidden="true" /> : <OrgName name={organisation} />}
        </p>
      )}
      <p className="org-sign__intro org-sign__lead">{t('orgSign.start.intro')}</p>
      <form onSubmit={submit} noValidate>
        <TextField
          {...field}
          label={t('orgSign.start.idNumber')}
          hint={t('orgSign.start.idHint')}
          maxLength={40}
          autoComplete="off"
          required
        />
      </form>
      <section className="org-sign__card" aria-labelledby={`${id}-what`}>
        <h2 id={`${id}-what`}>{t('orgSign.start.heading')}</h2>
        <ol className="org-sign__steps">
          <li>{t('orgSign.start.stepVerify')}</li>
          <li>{t('orgSign.start.stepDoc')}</li>
          <li>{t('orgSign.start.stepSign')}</li>
        </ol>
        <p>{t('orgSign.start.time')}</p>
      </section>
    </StepPage>
  );
}
