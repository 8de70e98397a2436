/** What the update screens share: the account of the query, its update session, and the way into an editor. */
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@core/api/api-error';
import { useApiErrorHandler } from '@core/api/errors';
import { behaviourOf, ErrorCode } from '@core/domain/errors';
import { useT } from '@core/i18n';
import { useToast } from '@core/ui/toast';
import { useTradePasswordStatus } from '@core/api/trade-password';
import { useClientApplys } from '@core/api/updates';
import { useFreshUserInfo } from '@core/api/auth';
import { accountOf } from '@core/domain/account';
import { UPDATE_REVIEW_POLL_MS, UPDATE_ROUTE, UPDATE_STATUS } from '@core/domain/account-update';

export function useAccountUpdate() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useFreshUserInfo();
  const acct = user.data ? accountOf(user.data.clientInfo.accts, params.get('sub')) : undefined;
  // while the update is under review it is read every UPDATE_REVIEW_POLL_MS, so the status page follows staff's
  // decision (issue 37: still "under review" 12 s after the approval)
  const applys = useClientApplys(acct?.subAcctId, (a) => (a?.update?.status === UPDATE_STATUS.SUBMITTED ? UPDATE_REVIEW_POLL_MS : false));
  const password = useTradePasswordStatus(acct?.subAcctId);
  const q = acct ? `?sub=${encodeURIComponent(acct.subAcctId)}` : '';
  /** a refusal for want of the trading password (152005): to its screen, back to `here` after it; true when handled */
  const passwordFirst = (err: unknown, here: string): boolean => {
    if (!(err instanceof ApiError) || err.code !== ErrorCode.TRADE_PASSWORD_NEEDED) return false;
    navigate(`${UPDATE_ROUTE.tradePassword}${q}&next=${encodeURIComponent(`${here}${q}`)}`);
    return true;
  };
  /** an editor, after the trading password when this session has not given it (or it ran out) */
  const edit = (route: string) => {
    const target = `${route}${q}`;
    const until = password.data?.verifiedUntil;
    if (until && new Date(until).getTime() > Date.now() + 30_000) navigate(target);
    else navigate(`${UPDATE_ROUTE.tradePassword}${q}&next=${encodeURIComponent(target)}`);
  };
  // the update is read again on every visit: staff may have decided since (a cached status would route wrongly)
  const fresh = applys.isFetchedAfterMount || applys.isError;
  return { acct, applys, password, q, edit, passwordFirst, pending: !user.fresh || (!!acct && (!fresh || password.isPending)) };
}

/**
 * A failed update call (ClientApply, ClientUpdate, ClientSubmit, ClientUpdateNotice; spec part 3 §8): 200016 "save was
 * not pushed", 200017 "update was not pushed", any other refusal of the service "data error". No answer and an ended
 * login are handled as on every page (the general handler: the network message; the login).
 */
export function useUpdateErrorHandler(): (err: unknown) => void {
  const t = useT();
  const toast = useToast();
  const onError = useApiErrorHandler();
  return useCallback(
    (err: unknown) => {
      if (err instanceof ApiError && err.code !== ErrorCode.NETWORK && behaviourOf(err.code).kind !== 'loginExpired') {
        const pushed = err.code === ErrorCode.SAVE_NOT_PUSHED || err.code === ErrorCode.UPDATE_NOT_PUSHED;
        toast.show(t(pushed ? `errors.${err.code}` : 'accountUpdate.dataError'));
        return;
      }
      onError(err);
    },
    [onError, t, toast],
  );
}
