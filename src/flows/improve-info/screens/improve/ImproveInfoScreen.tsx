/**
 * #/ — the broker's request to complete information (issue 13): the note from staff, then a form for each item asked
 * (occupation and employer, source of funds and wealth, tax residences, a new identity document), started from what
 * the opening recorded (ImproveInfoForm). Submitted: thanks, and the request is closed (the account home's card goes).
 * Nothing open: says so. The account and the request load behind the account-page gate.
 */
import { useState } from 'react';
import { AccountPageGate } from '@core/app/account-page-gate';
import { backToAccount } from '@core/app/account-page';
import { useImproveInfo } from '@core/api/improve-info';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { ImproveInfoForm, ImproveLead } from './ImproveInfoForm';

export default function ImproveInfoScreen() {
  const t = useT();
  const [done, setDone] = useState(false);
  const title = t('improveInfo.title');
  return (
    <AccountPageGate title={title} useData={useImproveInfo} lead={<ImproveLead />}>
      {(acct, detail) =>
        done || !detail.request ? (
          <ImproveEnd title={title} sub={acct.subAcctId} kind={done ? 'done' : 'none'} />
        ) : (
          <ImproveInfoForm sub={acct.subAcctId} detail={detail} request={detail.request} onDone={() => setDone(true)} />
        )
      }
    </AccountPageGate>
  );
}

/** Thanks after the answers were sent, or nothing to complete. */
function ImproveEnd({ title, sub, kind }: { title: string; sub: string; kind: 'done' | 'none' }) {
  const t = useT();
  const back = () => backToAccount(sub);
  return (
    <StepPage
      title={title}
      onBack={back}
      footer={
        <button type="button" className="esop-page-button" onClick={back}>
          {t('improveInfo.back')}
        </button>
      }
    >
      <section className="esop-page-card" aria-labelledby="imp-end">
        <h2 id="imp-end">{t(`improveInfo.${kind}.title`)}</h2>
        <p>{t(`improveInfo.${kind}.text`)}</p>
      </section>
    </StepPage>
  );
}
