/**
 * The gate every after-opening page of its own (pages/investorIdentifier.html, pages/improveInfo.html) puts before its
 * content: the account the address names (usePageAccount), a skeleton while it and the page's own data load, and a
 * note (with the way back to the account) when there is no such account or the data could not be loaded.
 */
import type { ReactNode } from 'react';
import type { AccountView } from '../domain/contract';
import { useT } from '../i18n/use-t';
import { StepPage } from '../ui/StepPage';
import { backToAccount, usePageAccount } from './account-page';
import { PageSkeleton } from './page-skeleton';

/** What the gate reads of the page's query (a TanStack query result fits). */
export interface PageData<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}

export interface AccountPageGateProps<T> {
  title: string;
  /** the page's data for the account (a query hook, called on every render: a module function) */
  useData: (subAcctId: string | undefined) => PageData<T>;
  children: (acct: AccountView, data: T) => ReactNode;
  /**
   * What the screen shows first whatever its data (its app banner and introduction): shown above the skeleton while
   * the data loads, so that the screen's own text is up at once (and in the page's HTML: scripts/prerender.ts); the
   * screen renders the same at the top of its content.
   */
  lead?: ReactNode;
}

export function AccountPageGate<T>({ title, useData, children, lead }: AccountPageGateProps<T>) {
  const t = useT();
  const page = usePageAccount();
  const sub = page.acct?.subAcctId;
  const found = useData(sub);
  if (!page.fresh || (page.acct && found.isPending)) {
    return (
      <StepPage title={title}>
        {lead}
        <PageSkeleton />
      </StepPage>
    );
  }
  if (!page.acct || found.isError || found.data === undefined) {
    return (
      <StepPage title={title} onBack={() => backToAccount(sub)}>
        <p className="esop-page-note" role="note">
          {t(page.acct ? 'core.accountPage.loadFailed' : 'core.accountPage.noAccount')}
        </p>
      </StepPage>
    );
  }
  return <>{children(page.acct, found.data)}</>;
}
