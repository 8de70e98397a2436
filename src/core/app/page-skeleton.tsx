/**
 * The shell's skeleton lines while a screen or its data loads: a file of its own, so that the route table
 * (account-page-routes.tsx) and the page gate it loads on demand (account-page.tsx) both use it without importing
 * each other. The one skeleton of every page: the account-opening page draws it with two cards and its own spacing
 * (its RouteSkeleton), the other pages with one card.
 */
import { useT } from '../i18n/use-t';

export interface PageSkeletonProps {
  /** the card-shaped blocks under the title and text lines */
  cards?: number;
  /** the page's spacing class (default the account pages' `esop-page-skeleton`) */
  className?: string;
}

export function PageSkeleton({ cards = 1, className = 'esop-page-skeleton' }: PageSkeletonProps) {
  const t = useT();
  return (
    <div className={className} role="status" aria-label={t('common.loading')}>
      <div className="shell-line shell-line--title" />
      <div className="shell-line shell-line--text" />
      {Array.from({ length: cards }, (_, i) => (
        <div key={i} className="shell-card" />
      ))}
    </div>
  );
}
