/**
 * The shell's skeleton lines while a screen or its data loads: a file of its own, so that the route table
 * (account-page-routes.tsx) and the page gate it loads on demand (account-page.tsx) both use it without importing
 * each other.
 */
import { useT } from '../i18n/use-t';

export function PageSkeleton() {
  const t = useT();
  return (
    <div className="esop-page-skeleton" role="status" aria-label={t('common.loading')}>
      <div className="shell-line shell-line--title" />
      <div className="shell-line shell-line--text" />
      <div className="shell-card" />
    </div>
  );
}
