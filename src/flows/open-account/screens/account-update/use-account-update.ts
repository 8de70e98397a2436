/** What the update screens share: the account of the query, its update session, and the way into an editor. */
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useClientApplys, useTradePasswordStatus } from '@core/api/account-update';
import { useUserInfo } from '@core/api/user-info';
import { accountOf } from '@core/domain/account';
import { UPDATE_ROUTE } from '@core/domain/account-update';

export function useAccountUpdate() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useUserInfo();
  const acct = user.data ? accountOf(user.data.clientInfo.accts, params.get('sub')) : undefined;
  const applys = useClientApplys(acct?.subAcctId);
  const password = useTradePasswordStatus(acct?.subAcctId);
  const q = acct ? `?sub=${encodeURIComponent(acct.subAcctId)}` : '';
  /** an editor, after the trading password when this session has not given it (or it ran out) */
  const edit = (route: string) => {
    const target = `${route}${q}`;
    const until = password.data?.verifiedUntil;
    if (until && new Date(until).getTime() > Date.now() + 30_000) navigate(target);
    else navigate(`${UPDATE_ROUTE.tradePassword}${q}&next=${encodeURIComponent(target)}`);
  };
  // the update is read again on every visit: staff may have decided since (a cached status would route wrongly)
  const fresh = applys.isFetchedAfterMount || applys.isError;
  return { acct, applys, password, q, edit, pending: user.isPending || (!!acct && (!fresh || password.isPending)) };
}
