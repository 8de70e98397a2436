/**
 * The result (spec: result): signed (the signed copies to open and the certificate of completion to download),
 * failed (back to the step), or nothing to sign.
 * "Done" closes the page: in the app through the bridge; in a plain browser with window.close(), which browsers allow
 * only for a tab a script opened — otherwise (a link opened from a message) the page says it may be closed now and
 * the button goes, so that it never sits there doing nothing.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { bridge } from '@core/bridge/bridge';
import { SIGN_STEP_STATUS, nothingToSign, requiredSignSteps, statusOfStep } from '@core/domain/org-sign';
import { useLang, useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { CompletionCertificate } from '../../CompletionCertificate';
import { DocumentList } from '../../DocumentList';
import { StepGate } from '../../StepGate';
import { useOrgSentence } from '../../OrgName';
import { organisationNameIn, routeOf } from '../../use-sign';

export default function ResultScreen() {
  const t = useT();
  const { lang } = useLang();
  const navigate = useNavigate();
  const orgSentence = useOrgSentence();
  /** Done was pressed and the page could not close itself */
  const [closeHint, setCloseHint] = useState(false);
  const done = () => {
    if (bridge.isInApp()) {
      void bridge.close().catch(() => setCloseHint(true));
      return;
    }
    window.close();
    // still here: the browser keeps a tab the page did not open itself
    setCloseHint(true);
  };
  return (
    <StepGate step="result">
      {(d) => {
        const none = nothingToSign(d);
        const failed = requiredSignSteps(d).some((s) => statusOfStep(d, s) === SIGN_STEP_STATUS.failed);
        const state = none ? 'none' : failed ? 'failed' : 'signed';
        return (
          <StepPage
            title={t('orgSign.title')}
            onNext={failed ? () => navigate(routeOf(d)) : closeHint ? undefined : done}
            nextLabel={t(failed ? 'orgSign.result.retry' : 'orgSign.result.close')}
          >
            <div className={`org-sign__result org-sign__result--${state}`} role="status">
              <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
                <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.12" />
                {state === 'failed' ? (
                  <path d="M24 13v14M24 33v2" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
                ) : (
                  <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
                )}
              </svg>
              <h2>{t(`orgSign.result.${state}`)}</h2>
              <p>{orgSentence(`orgSign.result.${state}Sub`, organisationNameIn(d, lang))}</p>
              {closeHint && !failed ? <p className="org-sign__close-hint">{t('orgSign.result.closeHint')}</p> : null}
            </div>
            {state === 'signed' && d.signed.length ? (
              <section className="org-sign__card" aria-label={t('orgSign.result.signedCopies')}>
                <h2>{t('orgSign.result.signedCopies')}</h2>
                <DocumentList files={d.signed} label={t('orgSign.result.signedCopies')} sources={[d.organizationChart, ...d.documents]} />
              </section>
            ) : null}
            {state === 'signed' && d.signed.length ? <CompletionCertificate /> : null}
          </StepPage>
        );
      }}
    </StepGate>
  );
}
