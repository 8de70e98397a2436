/**
 * /autoExchangeDetails — how automatic currency exchange works: when it converts, which currencies, at what rate and
 * cost, and how to switch it off; back to the switch (query `sub` kept).
 */
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ACCOUNT_ROUTE } from '@core/domain/account';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import './auto-exchange.css';

const SECTIONS = ['when', 'currencies', 'rate', 'cost', 'off'] as const;

export default function AutoExchangeDetailsScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sub = params.get('sub');
  const back = () => navigate(`${ACCOUNT_ROUTE.autoExchange}${sub ? `?sub=${encodeURIComponent(sub)}` : ''}`);
  return (
    <StepPage title={t('autoExchange.detailsTitle')} onBack={back}>
      {SECTIONS.map((k) => (
        <section key={k} className="oa-ax__section">
          <h2 className="oa-ax__section-title">{t(`autoExchange.details.${k}.title`)}</h2>
          <p className="oa-ax__section-text">{t(`autoExchange.details.${k}.text`)}</p>
        </section>
      ))}
    </StepPage>
  );
}
