/**
 * /transferInStock — the start of transferInStock.html (query pageFrom, langType): stock transfer-in. Without an opened
 * account, on a closed application or where the deployment does not offer it, the page says why; without the
 * asset-transfer agreement signed it leads to assetTransferAgreement.html; otherwise how it works, the client's
 * requests with their status (the staff's message on a failure or refusal, the status history) and a new request.
 * Back leaves the page: the app's webview closes (bridge), a browser goes back.
 */
import { useNavigate } from 'react-router-dom';
import { useProtocolStatus } from '@core/api/closing';
import { useTransferIns } from '@core/api/transfer-in';
import { bridge } from '@core/bridge/bridge';
import { TRANSFER_IN_ROUTE } from '@core/domain/account-routes';
import type { ApplicationView, TransferInView } from '@core/domain/contract';
import { readQueryParam } from '@core/app/query-param';
import {
  assetTransferPageUrl,
  formatQuantity,
  transferInAvailability,
  transferInBrokerName,
  transferInStatusName,
  transferInTone,
} from '@core/domain/transfer-in';
import { useLang, useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { FooterButton } from '@core/ui/FooterButton';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { TransferLead } from './TransferLead';
import { StatusHeader } from '@core/app/flow-kit/StatusHeader';
import './transfer-in.css';

export default function TransferInScreen() {
  const t = useT();
  return (
    <WithApplication title={t('transferIn.title')} lead={<TransferLead intro={t('transferIn.intro')} />}>
      {(app) => <TransferInPage app={app} />}
    </WithApplication>
  );
}


/** Leaves the page: the app closes its webview, a browser goes back. */
const leave = () => void bridge.close().catch(() => undefined);

function TransferInPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const { lang } = useLang();
  const navigate = useNavigate();
  const protocol = useProtocolStatus(app.appId);
  const sub = app.clientInfo.accts[0]?.subAcctId ?? null;
  const availability = protocol.data === undefined ? null : transferInAvailability({ applyStatus: app.applyStatus, clientStatus: app.clientStatus, subAcctId: sub }, protocol.data);
  const requests = useTransferIns(availability === 'ready' ? app.appId : undefined);

  if (availability === null || (availability === 'ready' && !requests.data && !requests.isError)) {
    return (
      <StepPage title={t('transferIn.title')} onBack={leave}>
        <TransferLead intro={t('transferIn.intro')} />
        <p className="oa-step-loading">{protocol.isError ? t('errors.NETWORK') : t('common.loading')}</p>
      </StepPage>
    );
  }

  if (availability === 'unsigned') {
    const pageFrom = readQueryParam('pageFrom') ?? 'transferInStock';
    return (
      <StepPage
        title={t('transferIn.title')}
        onBack={leave}
        footer={<FooterButton onClick={() => window.location.assign(assetTransferPageUrl(app.appId, lang, pageFrom))}>{t('transferIn.unsigned.button')}</FooterButton>}
      >
        <StatusHeader tone="progress" title={t('transferIn.unsigned.title')}>
          <p className="oa-status__sub">{t('transferIn.unsigned.note')}</p>
        </StatusHeader>
        <p className="oa-tin__intro">{t('transferIn.intro')}</p>
      </StepPage>
    );
  }

  if (availability !== 'ready') {
    return (
      <StepPage title={t('transferIn.title')} onBack={leave} footer={<FooterButton onClick={leave}>{t('transferIn.back')}</FooterButton>}>
        <p className="oa-tin__notice" role="note">
          {t(`transferIn.unavailable.${availability}`)}
        </p>
      </StepPage>
    );
  }

  const items = requests.data ?? [];
  return (
    <StepPage title={t('transferIn.title')} onBack={leave} footer={<FooterButton onClick={() => navigate(TRANSFER_IN_ROUTE.form)}>{t('transferIn.newRequest')}</FooterButton>}>
      <TransferLead intro={t('transferIn.intro')} />
      <section className="oa-tin__card" aria-labelledby="oa-tin-how">
        <h2 id="oa-tin-how" className="oa-tin__h">
          {t('transferIn.how.title')}
        </h2>
        <ol className="oa-tin__steps">
          <li>{t('transferIn.how.step1')}</li>
          <li>{t('transferIn.how.step2')}</li>
          <li>{t('transferIn.how.step3')}</li>
        </ol>
        {sub ? <p className="oa-tin__meta">{t('transferIn.receiving', { account: sub })}</p> : null}
        <p className="oa-tin__meta">{t('transferIn.sameName', { name: app.name ?? '' })}</p>
      </section>
      <section aria-labelledby="oa-tin-requests">
        <h2 id="oa-tin-requests" className="oa-tin__h">
          {t('transferIn.requests')}
        </h2>
        {requests.isError ? (
          <p className="oa-tin__notice" role="alert">
            {t('errors.NETWORK')}
          </p>
        ) : items.length === 0 ? (
          <p className="oa-tin__empty">{t('transferIn.none')}</p>
        ) : (
          <ul className="oa-tin__list">
            {items.map((r) => (
              <RequestCard key={r.requestId} r={r} />
            ))}
          </ul>
        )}
      </section>
    </StepPage>
  );
}

function RequestCard({ r }: { r: TransferInView }) {
  const t = useT();
  const { lang } = useLang();
  const date = (iso: string) => new Date(iso).toLocaleString(lang, { timeZone: 'Asia/Hong_Kong', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  const broker = transferInBrokerName(r, lang);
  return (
    <li className="oa-tin__item" aria-label={broker}>
      <div className="oa-tin__item-head">
        <strong className="oa-tin__broker">{broker}</strong>
        <span className={`oa-tin__badge oa-tin__badge--${transferInTone(r.status)}`}>{t(`transferIn.status.${transferInStatusName(r.status)}`)}</span>
      </div>
      <p className="oa-tin__meta">
        {r.brokerAccount} · {t('transferIn.filedOn', { date: date(r.createdAt) })}
      </p>
      <ul className="oa-tin__stocks">
        {r.stocks.map((s) => (
          <li key={s.code}>
            <span className="oa-tin__code">{s.code}</span>
            <span>{t('transferIn.shares', { quantity: formatQuantity(s.quantity) })}</span>
          </li>
        ))}
      </ul>
      {r.message ? (
        <p className={`oa-tin__message oa-tin__message--${transferInTone(r.status)}`} role="note" aria-label={t('transferIn.staffMessage')}>
          <strong>{t('transferIn.staffMessage')}</strong> {r.message}
        </p>
      ) : null}
      {r.history.length > 1 ? (
        <details className="oa-tin__history">
          <summary>{t('transferIn.history')}</summary>
          <ol>
            {r.history.map((h, i) => (
              <li key={i}>
                <span>{t(`transferIn.status.${transferInStatusName(h.status)}`)}</span>
                <time dateTime={h.at}>{date(h.at)}</time>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  );
}
