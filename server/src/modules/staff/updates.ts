/**
 * Account updates on the review desk (issue 28): the address and W-8BEN changes clients submitted after opening, with
 * the account's data now beside them, and the decision on each through the same functions as `ops update-approve` and
 * `ops update-reject` (modules/updates/service.ts), audited with the staff member as the actor. A second decision on
 * the same update is refused by its state (the functions lock the update and need it submitted).
 */
import { ErrorCode, maskPhone, UPDATE_MODULE, UPDATE_STATUS } from '@core/domain';
import type { Req, Res } from '@core/domain/contract';
import { AppError, OpsInputError } from '../../errors';
import type { AppDeps } from '../../plugins/context';
import { nameOf } from '../applications';
import { approveUpdate, rejectUpdate } from '../updates';
import * as repo from './repository';
import type { StaffSession } from './service';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export async function updatesList(deps: Deps, q: Exclude<Req<'staffUpdates'>, void>): Promise<Res<'staffUpdates'>> {
  const rows = await repo.updatesByStatus(deps.db, Number(q.status ?? UPDATE_STATUS.SUBMITTED));
  return {
    rows: rows.map((r) => ({
      updateId: r.update_id,
      subAcctId: r.sub_acct_id,
      appId: r.app_id,
      name: r.identity ? nameOf(r.identity) : null,
      phone: `+${r.area_code} ${maskPhone(r.phone)}`,
      status: r.status,
      module: r.module,
      data: r.data,
      current: { [String(UPDATE_MODULE.ADDRESS)]: r.contact, [String(UPDATE_MODULE.W8)]: r.w8 },
      submittedAt: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
    })),
  };
}

const MODULE_BITS = { address: UPDATE_MODULE.ADDRESS, w8: UPDATE_MODULE.W8 } as const;

export async function decideUpdate(deps: Deps, caller: StaffSession, d: Exclude<Req<'staffUpdateDecide'>, void>): Promise<Res<'staffUpdateDecide'>> {
  const actor = `staff:${caller.staff.staffId}`;
  try {
    const row =
      d.action === 'approve'
        ? await approveUpdate(deps, d.updateId, actor)
        : await rejectUpdate(deps, d.updateId, d.modules.reduce((m, k) => m | MODULE_BITS[k], 0), d.message, UPDATE_STATUS.REJECTED, actor);
    return { updateId: row.update_id, status: row.status };
  } catch (err) {
    // no such update, or not submitted (decided already), or modules it did not change
    if (err instanceof OpsInputError) throw new AppError(ErrorCode.CASE_STATE, { data: { detail: err.message } });
    throw err;
  }
}
