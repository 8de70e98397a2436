/** Any path this page has no screen for: say so and offer the way home (never a redirect loop through `/`). */
import { Link } from 'react-router-dom';
import { useT } from '@core/i18n';
import { AppHeader } from '@core/app/flow-kit/AppHeader';
import '../../components/notice.css';
import { HOME_ROUTE } from '@core/domain/steps';

export default function NotFoundScreen() {
  const t = useT();
  return (
    <div className="oa-page">
      <AppHeader />
      <div className="oa-content oa-notice">
        <svg className="oa-notice__art" viewBox="0 0 240 160" width="240" height="160" aria-hidden="true" focusable="false">
          <ellipse cx="120" cy="146" rx="92" ry="8" fill="#e6ebf5" />
          <rect x="64" y="24" width="112" height="112" rx="14" fill="#ffffff" stroke="#c9d6f5" strokeWidth="3" />
          <path d="M92 60h56M92 80h56M92 100h32" stroke="#b9ccfb" strokeWidth="6" strokeLinecap="round" />
          <circle cx="168" cy="112" r="22" fill="#1d4ed8" />
          <path d="M168 101v13" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
          <circle cx="168" cy="122" r="2.6" fill="#fff" />
        </svg>
        <h1 className="oa-notice__title">{t('home.notFound.title')}</h1>
        <p className="oa-notice__text">{t('home.notFound.message')}</p>
        <Link className="oa-btn oa-btn--primary oa-btn--block oa-notice__action" to={HOME_ROUTE} replace>
          {t('home.notFound.action')}
        </Link>
      </div>
    </div>
  );
}
