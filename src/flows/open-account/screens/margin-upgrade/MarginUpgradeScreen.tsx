/**
 * /marginUpgrade — a cash account asks to become a margin account (spec part 3 §2 "Account home": upgrade to margin,
 * cash accounts only; the rest as Hong Kong brokers do it): what margin gives and what it risks, the agreements to read
 * (the special-client disclosure too for ages 65-75), three statements to confirm, and the request, after the trading
 * password. Then its progress: under review, refused with the reason (ask again), or done.
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@core/api/api-error';
import { useApiErrorHandler } from '@core/api/errors';
import { queryKeys } from '@core/api/keys';
import { marginUpgradeApply, useMarginUpgrade } from '@core/api/margin-upgrade';
import { useFreshUserInfo } from '@core/api/user-info';
import { ACCOUNT_ROUTE, accountOf } from '@core/domain/account';
import { UPDATE_ROUTE } from '@core/domain/account-routes';
import { agreementPdfPath, type Agreement } from '@core/domain/closing';
import { ErrorCode } from '@core/domain/errors';
import { MARGIN_ACKNOWLEDGEMENTS, MARGIN_MAX_AGE, MARGIN_REQUEST_STATUS, type MarginAcknowledgement } from '@core/domain/margin-upgrade';
import { useLang, useT } from '@core/i18n';
import { PdfLink } from '@core/ui/PdfLink';
import { StepPage } from '@core/ui/StepPage';
import { CheckboxRow } from '@core/ui/form/CheckboxRow';
import { useToast } from '@core/ui/toast';
import { AccountGate } from '../../components/AccountGate';
import { ServicePhone } from '@core/form/sections/CheckGroup';
import { StatusHeader } from '../../components/status/StatusParts';
import './margin-upgrade.css';

/** The boxes ticked, kept while the client gives the trading password (page memory only). */
const ticked = new Map<string, Set<string>>();

export default function MarginUpgradeScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const user = useFreshUserInfo();
  const acct = user.data ? accountOf(user.data.clientInfo.accts, params.get('sub')) : undefined;
  const q = useMarginUpgrade(acct?.subAcctId);
  const title = t('margin.title');
  if (!user.fresh || (acct && q.isPending)) return <AccountGate title={title} state="loading" />;
  if (!acct || !q.data) return <AccountGate title={title} state={acct ? 'loadFailed' : 'noAccount'} />;
  const { block, request, agreements } = q.data;
  const sub = `?sub=${encodeURIComponent(acct.subAcctId)}`;
  if (block === 'margin' || block === 'pending') {
    const done = block === 'margin';
    return (
      <MarginFrame sub={sub}>
        <StatusHeader tone={done ? 'success' : 'progress'} title={t(done ? 'margin.done' : 'margin.pending')}>
          <p className="oa-status__sub">{t(done ? 'margin.doneSub' : 'margin.pendingSub')}</p>
        </StatusHeader>
      </MarginFrame>
    );
  }
  if (block === 'age') {
    return (
      <MarginFrame sub={sub}>
        <p className="oa-margin__notice" role="note">
          {t('margin.age', { max: MARGIN_MAX_AGE })}
        </p>
        <ServicePhone clientType={user.data?.areaCode === '86' ? 'cn' : 'hk'} />
      </MarginFrame>
    );
  }
  return <MarginForm subAcctId={acct.subAcctId} sub={sub} agreements={agreements as Agreement[]} refused={request?.status === MARGIN_REQUEST_STATUS.REFUSED ? request.message : null} />;
}

function MarginFrame({ sub, children }: { sub: string; children: React.ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <StepPage title={t('margin.title')} onBack={() => navigate(`${ACCOUNT_ROUTE.home}${sub}`)} onNext={() => navigate(`${ACCOUNT_ROUTE.home}${sub}`)} nextLabel={t('margin.backHome')}>
      {children}
    </StepPage>
  );
}

function MarginForm({ subAcctId, sub, agreements, refused }: { subAcctId: string; sub: string; agreements: Agreement[]; refused: string | null }) {
  const t = useT();
  const { lang } = useLang();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const toast = useToast();
  const onError = useApiErrorHandler();
  const [boxes, setBoxes] = useState<Set<string>>(() => ticked.get(subAcctId) ?? new Set());
  const [busy, setBusy] = useState(false);
  const toggle = (key: string, on: boolean) => {
    const next = new Set(boxes);
    if (on) next.add(key);
    else next.delete(key);
    setBoxes(next);
    ticked.set(subAcctId, next);
  };
  const complete = MARGIN_ACKNOWLEDGEMENTS.every((k) => boxes.has(k)) && boxes.has('agreements');

  const apply = async () => {
    if (!complete) return toast.show(t('margin.tickAll'));
    setBusy(true);
    try {
      await marginUpgradeApply({ subAcctId, agreements, acknowledgements: [...MARGIN_ACKNOWLEDGEMENTS] });
      ticked.delete(subAcctId);
      await qc.invalidateQueries({ queryKey: queryKeys.marginUpgrade(subAcctId) });
      toast.show(t('margin.sent'));
    } catch (e) {
      if (e instanceof ApiError && e.code === ErrorCode.TRADE_PASSWORD_NEEDED) {
        navigate(`${UPDATE_ROUTE.tradePassword}${sub}&next=${encodeURIComponent(`${ACCOUNT_ROUTE.marginUpgrade}${sub}`)}`);
      } else onError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepPage title={t('margin.title')} onBack={() => navigate(`${ACCOUNT_ROUTE.home}${sub}`)} onNext={() => void apply()} nextLabel={t('margin.apply')} nextDisabled={busy || !complete} nextLoading={busy}>
      {refused ? (
        <div className="oa-status__reason" role="note" aria-label={t('margin.refused')}>
          <strong>{t('margin.refused')}</strong>
          {refused}
        </div>
      ) : null}
      <section className="oa-margin__card" aria-labelledby="oa-margin-gives">
        <h2 id="oa-margin-gives">{t('margin.gives.title')}</h2>
        <ul>
          <li>{t('margin.gives.borrow')}</li>
          <li>{t('margin.gives.ipo')}</li>
          <li>{t('margin.gives.same')}</li>
        </ul>
      </section>
      <section className="oa-margin__card" aria-labelledby="oa-margin-risks">
        <h2 id="oa-margin-risks">{t('margin.risks.title')}</h2>
        <ul>
          <li>{t('margin.risks.interest')}</li>
          <li>{t('margin.risks.call')}</li>
          <li>{t('margin.risks.loss')}</li>
        </ul>
      </section>
      <section className="oa-margin__card" aria-labelledby="oa-margin-docs">
        <h2 id="oa-margin-docs">{t('margin.docs')}</h2>
        {agreements.includes('specialClientDisclosure') ? (
          <p className="oa-margin__senior" role="note">
            {t('margin.senior')}
          </p>
        ) : null}
        <ul className="oa-margin__docs">
          {agreements.map((a) => (
            <li key={a}>
              <PdfLink url={agreementPdfPath(a, lang)} title={t(`sign.docs.${a}`)}>
                {t(`sign.docs.${a}`)}
              </PdfLink>
            </li>
          ))}
        </ul>
      </section>
      <fieldset className="oa-margin__confirm">
        <legend>{t('margin.confirmTitle')}</legend>
        {MARGIN_ACKNOWLEDGEMENTS.map((k: MarginAcknowledgement) => (
          <CheckboxRow key={k} name={`ack-${k}`} checked={boxes.has(k)} onChange={(on) => toggle(k, on)}>
            {t(`margin.ack.${k}`)}
          </CheckboxRow>
        ))}
        <CheckboxRow name="agreements" checked={boxes.has('agreements')} onChange={(on) => toggle('agreements', on)}>
          {t('margin.agree')}
        </CheckboxRow>
      </fieldset>
    </StepPage>
  );
}
