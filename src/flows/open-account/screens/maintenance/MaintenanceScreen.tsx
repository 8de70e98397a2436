/** /mrStatus: system maintenance notice (account opening, deposit, exchange and orders unavailable). */
import { useT } from '@core/i18n';
import { AppHeader } from '@core/app/flow-kit/AppHeader';
import '../../components/notice.css';

const SERVICES = ['maintenance.opening', 'maintenance.deposit', 'maintenance.exchange', 'maintenance.orders'];

/** Our own illustration: a screen with a gear and a wrench, drawn in SVG. */
function MaintenanceArt({ label }: { label: string }) {
  return (
    <svg className="oa-notice__art" viewBox="0 0 240 160" width="240" height="160" role="img" aria-label={label}>
      <ellipse cx="120" cy="146" rx="92" ry="8" fill="#e6ebf5" />
      <rect x="44" y="26" width="152" height="104" rx="12" fill="#ffffff" stroke="#c9d6f5" strokeWidth="3" />
      <rect x="44" y="26" width="152" height="20" rx="10" fill="#eef3ff" />
      <circle cx="60" cy="36" r="3.5" fill="#b9ccfb" />
      <circle cx="72" cy="36" r="3.5" fill="#b9ccfb" />
      <circle cx="84" cy="36" r="3.5" fill="#b9ccfb" />
      <g transform="translate(106 88)">
        <path
          d="M0-26l5 1 3 7 7-3 6 5-3 7 5 5 7-2 2 7-6 4v7l6 4-2 7-7-2-5 5 3 7-6 5-7-3-3 7-5 1-5-1-3-7-7 3-6-5 3-7-5-5-7 2-2-7 6-4v-7l-6-4 2-7 7 2 5-5-3-7 6-5 7 3 3-7z"
          transform="scale(0.78)"
          fill="#1d4ed8"
        />
        <circle r="9" fill="#ffffff" />
      </g>
      <g transform="translate(156 74) rotate(45)" fill="#f59e0b">
        <rect x="-4.5" y="2" width="9" height="42" rx="4.5" />
        <circle cx="0" cy="-4" r="11" />
        <rect x="-4.5" y="-18" width="9" height="13" rx="1.5" fill="#ffffff" />
      </g>
      <path d="M176 118l10-26 10 26z" fill="#f97316" />
      <rect x="174" y="116" width="24" height="5" rx="2" fill="#c2410c" />
      <rect x="181" y="102" width="10" height="4" fill="#ffffff" />
    </svg>
  );
}

export default function MaintenanceScreen() {
  const t = useT();
  return (
    <div className="oa-page">
      <AppHeader />
      <div className="oa-content oa-notice">
        <MaintenanceArt label={t('maintenance.illustration')} />
        <h1 className="oa-notice__title">{t('maintenance.title')}</h1>
        <p className="oa-notice__text">{t('maintenance.message')}</p>
        <ul className="oa-notice__list">
          {SERVICES.map((key) => (
            <li key={key}>
              <span>{t(key)}</span>
              <span className="oa-notice__tag">{t('maintenance.paused')}</span>
            </li>
          ))}
        </ul>
        <p className="oa-notice__text oa-notice__text--muted">{t('maintenance.apology')}</p>
      </div>
    </div>
  );
}
