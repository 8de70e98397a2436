import { useT } from '@core/i18n';

/** The Suspense fallback while a screen's chunk loads: the same skeleton the HTML shell paints. */
export function RouteSkeleton() {
  const t = useT();
  return (
    <div className="oa-route-skeleton" role="status" aria-label={t('common.loading')}>
      <div className="shell-line shell-line--title" />
      <div className="shell-line shell-line--text" />
      <div className="shell-card" />
      <div className="shell-card" />
    </div>
  );
}
