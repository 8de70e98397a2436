/**
 * /marginUpgrade — a cash account asks to become a margin account (spec part 3 §2 "Account home": upgrade to margin,
 * cash accounts only; the rest as Hong Kong brokers do it): what margin gives and what it risks, the agreements to read
 * (the special-client disclosure too for ages 65-75), three statements to confirm, and the request, after the trading
 * password. Then its progress: under review, refused with the reason (ask again), or done.
 */
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@core/api/api-error';
import { useApiErrorHandler } from '@core/api/errors';
import { useMarginUpgrade, useMarginUpgradeApply } from '@core/api/margin';
import { useFreshUserInfo } from '@core/api/auth';
import { ACCOUNT_ROUTE, accountOf } from '@core/domain/account';
import { UPDATE_ROUTE } from '@core/domain/account-routes';
import { agreementPdfPath, type Agreement } from '@core/domain/closing';
import { ErrorCode } from '@core/domain/errors';
import { MARGIN_ACKNOWLEDGEMENTS, MARGIN_MAX_AGE, MARGIN_REQUEST_STATUS, marginBoxIssues, type MarginAcknowledgement, type MarginBoxes } from '@core/domain/margin-upgrade';
import { useRuleForm, type Binding } from '@core/form/use-rule-form';
import { useLang, useT } from '@core/i18n';
import { PdfLink } from '@core/ui/PdfLink';
import { StepPage } from '@core/ui/StepPage';
import { CheckboxRow } from '@core/ui/form/CheckboxRow';
import { useToast } from '@core/ui/toast';
import { AccountGate } from '@core/app/flow-kit/AccountGate';
import { ServicePhone } from '@core/form/sections/CheckGroup';
import { StatusHeader } from '@core/app/flow-kit/StatusHeader';
import './margin-upgrade.css';

/** The boxes ticked, kept while the client gives the trading password (page memory only). */
const ticked = new Map<string, MarginBoxes>();
const NONE_TICKED: MarginBoxes = { lossBeyondDeposit: false, marginCall: false, interest: false, agreements: false };

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
  const toast = useToast();
  const onError = useApiErrorHandler();
  const kit = useRuleForm<MarginBoxes>({ initial: () => ticked.get(subAcctId) ?? NONE_TICKED, validate: marginBoxIssues });
  const submitApply = useMarginUpgradeApply();
  const busy = submitApply.isPending;
  useEffect(() => {
    if (kit.form !== NONE_TICKED) ticked.set(subAcctId, kit.form);
  }, [kit.form, subAcctId]);

  const apply = () => {
    // a box not ticked: each such box marked, the first focused, and the toast says how many
    if (!kit.check()) return;
    submitApply.mutate(
      { subAcctId, agreements, acknowledgements: [...MARGIN_ACKNOWLEDGEMENTS] },
      {
        onSuccess: () => {
          ticked.delete(subAcctId);
          toast.show(t('margin.sent'));
        },
        onError: (e) => {
          if (e instanceof ApiError && e.code === ErrorCode.TRADE_PASSWORD_NEEDED) {
            navigate(`${UPDATE_ROUTE.tradePassword}${sub}&next=${encodeURIComponent(`${ACCOUNT_ROUTE.marginUpgrade}${sub}`)}`);
          } else onError(e);
        },
      },
    );
  };

  return (
    <StepPage title={t('margin.title')} onBack={() => navigate(`${ACCOUNT_ROUTE.home}${sub}`)} onNext={apply} nextLabel={t('margin.apply')} nextDisabled={busy} nextLoading={busy}>
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
          <Box key={k} field={kit.bind(k)}>
            {t(`margin.ack.${k}`)}
          </Box>
        ))}
        <Box field={kit.bind('agreements')}>{t('margin.agree')}</Box>
      </fieldset>
    </StepPage>
  );
}

/** A box of the form, wired by the kit's binding. */
function Box({ field, children }: { field: Binding<boolean>; children: React.ReactNode }) {
  return (
    <CheckboxRow name={field.name} checked={field.value} onChange={field.onChange} error={field.error}>
      {children}
    </CheckboxRow>
  );
}
