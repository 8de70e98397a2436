/**
 * /accountHome — the account home after opening (spec part 3 §2 "Account home (after opening)"): the account (type,
 * sub-account and client id, the markets it trades) and the cards the domain gives for it (homeCards): upgrade to
 * margin and auto exchange for cash accounts, join the community (its QR code in a sheet), complete info while the
 * broker asks for it, account info for individual clients, the HK investor identifier to sign or to view. Query `sub`
 * picks one of several accounts (else the first).
 */
import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useClientConfig } from '@core/api/system';
import { useFreshUserInfo } from '@core/api/auth';
import { openAccountLink } from '@core/domain/account-routes';
import { ACCOUNT_ROUTE, HK_IDENTIFIER, accountOf, homeCards, isCashAccount, marketsOf, type HomeCard } from '@core/domain/account';
import { UPDATE_ROUTE } from '@core/domain/account-update';
import { accountPageUrl, hkIdentifierLanding } from '@core/domain/hk-identifier';
import type { AccountView } from '@core/domain/contract';
import { HOME_ROUTE } from '@core/domain/steps';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { AppBanner } from '@core/ui/AppBanner';
import { Sheet } from '@core/ui/pickers/Sheet';
import { RouteSkeleton } from '@core/app/flow-kit/RouteSkeleton';
import './account-home.css';

export default function AccountHomeScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const user = useFreshUserInfo();
  const title = t('accountHome.title');
  if (!user.fresh) {
    return (
      <StepPage title={title}>
        {/* the top of the account's page, at once (the page's HTML has it too) */}
        <AppBanner />
        <RouteSkeleton />
      </StepPage>
    );
  }
  const acct = user.data ? accountOf(user.data.clientInfo.accts, params.get('sub')) : undefined;
  if (!acct) {
    return (
      <StepPage title={title}>
        <p className="oa-acct__notice" role="note">
          {t('accountHome.none')}
        </p>
        <button type="button" className="oa-acct__action" onClick={() => window.location.assign(openAccountLink(HOME_ROUTE, window.location.search))}>
          {t('accountHome.openOne')}
        </button>
      </StepPage>
    );
  }
  return <AccountHome acct={acct} />;
}

function AccountHome({ acct }: { acct: AccountView }) {
  const t = useT();
  const navigate = useNavigate();
  const [community, setCommunity] = useState(false);
  const sub = `?sub=${encodeURIComponent(acct.subAcctId)}`;
  const markets = marketsOf(acct.markets);
  const go: Partial<Record<HomeCard, () => void>> = {
    marginUpgrade: () => navigate(`${ACCOUNT_ROUTE.marginUpgrade}${sub}`),
    community: () => setCommunity(true),
    autoExchange: () => navigate(`${ACCOUNT_ROUTE.autoExchange}${sub}`),
    accountInfo: () => navigate(`${UPDATE_ROUTE.accountInfo}${sub}`),
    // the after-opening pages of their own: the session names the user, `sub` the account (the app opens them with its ticket)
    completeInfo: () => window.location.assign(accountPageUrl('improveInfo', { sub: acct.subAcctId })),
    hkIdentifier: () => window.location.assign(accountPageUrl('hkIdentifier', { sub: acct.subAcctId }, hkIdentifierLanding(acct.extra.needSignHKIdentifier))),
  };
  const cardText = (card: HomeCard) => (card === 'hkIdentifier' ? `${card}.${acct.extra.needSignHKIdentifier === HK_IDENTIFIER.SIGNED ? 'signed' : 'toSign'}` : card);
  return (
    <StepPage title={t('accountHome.title')}>
      <AppBanner />
      <section className="oa-acct__summary" aria-labelledby="oa-acct-type">
        <h2 className="oa-acct__type" id="oa-acct-type">
          {t(isCashAccount(acct.acctType) ? 'accountHome.cash' : 'accountHome.margin')}
        </h2>
        <dl className="oa-acct__ids">
          <div>
            <dt>{t('accountHome.subAcct')}</dt>
            <dd>{acct.subAcctId}</dd>
          </div>
          <div>
            <dt>{t('accountHome.clientId')}</dt>
            <dd>{acct.hlId}</dd>
          </div>
        </dl>
      </section>
      <ul className="oa-acct__cards">
        {homeCards(acct).map((card) => (
          <li key={card}>
            {card === 'markets' ? (
              <div className="oa-acct__card">
                <CardText title={t('accountHome.cards.markets.title')}>
                  <ul className="oa-acct__markets" aria-label={t('accountHome.cards.markets.title')}>
                    {markets.map((m) => (
                      <li key={m}>{t(`accountHome.market.${m}`)}</li>
                    ))}
                  </ul>
                </CardText>
              </div>
            ) : (
              <button type="button" className="oa-acct__card oa-acct__card--link" onClick={go[card]}>
                <CardText title={t(`accountHome.cards.${cardText(card)}.title`)}>
                  <span className="oa-acct__desc">{t(`accountHome.cards.${cardText(card)}.text`)}</span>
                </CardText>
                <span className="oa-acct__chevron" aria-hidden="true">
                  ›
                </span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <CommunitySheet visible={community} onClose={() => setCommunity(false)} />
    </StepPage>
  );
}

function CardText({ title, children }: { title: string; children: ReactNode }) {
  return (
    <span className="oa-acct__text">
      <span className="oa-acct__title">{title}</span>
      {children}
    </span>
  );
}

/** The community's QR code (COMMUNITY_QR_IMAGE) to scan or save. */
function CommunitySheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const t = useT();
  const config = useClientConfig();
  return (
    <Sheet visible={visible} title={t('accountHome.community.title')} onClose={onClose}>
      <div className="oa-acct__qr">
        {config.data ? <img src={config.data.communityQrUrl} alt={t('accountHome.community.alt')} width={200} height={200} /> : null}
        <p>{t('accountHome.community.hint')}</p>
      </div>
    </Sheet>
  );
}
