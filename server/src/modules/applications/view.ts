/** The application as the client sees it (contract applicationView). */
import { isDecisionReason, type ApplicationView } from '@core/domain';
import type { AppRow } from './repository';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** The applicant's name from the saved identity data (mainland ID card, or HK user info), if any. */
export function nameOf(data: Record<string, unknown>): string | null {
  const id = (data.IDCARD ?? {}) as Record<string, unknown>;
  const info = (data.USERINFO ?? {}) as Record<string, unknown>;
  return text(id.chineseName) ?? text(info.chineseName) ?? text(info.englishName) ?? text(id.englishName);
}

export function toView(row: AppRow): ApplicationView {
  return {
    appId: row.app_id,
    oaType: row.oa_type,
    clientType: row.client_type,
    clientStatus: row.client_status,
    applyStatus: row.apply_status,
    hlId: row.hl_id,
    name: nameOf(row.data),
    applyStepsName: row.steps as ApplicationView['applyStepsName'],
    currentStep: row.current_step as ApplicationView['currentStep'],
    latestStep: row.latest_step as ApplicationView['latestStep'],
    stepVersion: row.step_version,
    data: row.data,
    rejectData: row.reject_data ? { steps: row.reject_data.steps, message: row.reject_data.message, fixed: row.reject_data.fixed ?? [], ...(isDecisionReason(row.reject_data.reason) ? { reason: row.reject_data.reason } : {}) } : null,
    cashInStatus: row.cash_in_status,
    cashInData: row.cash_in_data,
    stockStatus: row.stock_status,
    aecode: row.aecode,
    channel: row.channel,
    protocolStatus: row.protocol_status,
    fromPage: row.from_page,
    esop: row.esop,
    clientInfo: { accts: row.sub_acct_id ? [{ subAcctId: row.sub_acct_id }] : [] },
    updatedAt: new Date(row.updated_at).toISOString(),
    resubmittedAt: row.resubmitted_at ? new Date(row.resubmitted_at).toISOString() : null,
  };
}
