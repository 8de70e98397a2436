/** Texts of the desk's values: statuses, client and account types, dates, hours. */
import type { IntlShape } from 'react-intl';
import { APPLY_STATUS, REJECT_STATUSES } from '@core/domain/status';

const STATUS_NAME: Record<number, string> = {
  [APPLY_STATUS.SUBMITTED]: 'submitted',
  [APPLY_STATUS.AWAITING_DEPOSIT]: 'awaitingDeposit',
  [APPLY_STATUS.APPROVED]: 'approved',
  [APPLY_STATUS.SUCCESS]: 'opened',
  [APPLY_STATUS.CLOSED]: 'closed',
};

const statusName = (status: number): string | null =>
  STATUS_NAME[status] ?? (REJECT_STATUSES.includes(status) ? 'sentBack' : status < APPLY_STATUS.SUBMITTED ? 'filling' : null);

/** "Under review": a status in words (its code only in the tooltip, statusHelp) */
export function statusText(intl: IntlShape, status: number): string {
  const name = statusName(status);
  return name ? intl.formatMessage({ id: `desk.status.${name}` }) : intl.formatMessage({ id: 'desk.status.other' });
}

/** What a status means for the reviewer, with its code for those who talk in codes: "… (status 1500)". */
export function statusHelp(intl: IntlShape, status: number): string {
  const name = statusName(status);
  return intl.formatMessage({ id: 'desk.statusHelp.line' }, { meaning: intl.formatMessage({ id: `desk.statusHelp.${name ?? 'other'}` }), code: status });
}

export function statusColor(status: number): string {
  if (REJECT_STATUSES.includes(status)) return 'orange';
  if (status === APPLY_STATUS.APPROVED || status === APPLY_STATUS.SUCCESS) return 'green';
  if (status === APPLY_STATUS.CLOSED) return 'default';
  return 'blue';
}

export const clientTypeText = (intl: IntlShape, t: string) => intl.formatMessage({ id: `desk.clientType.${t === 'cn' ? 'cn' : 'hk'}` });

export const accountTypeText = (intl: IntlShape, t: number | null) =>
  t === null ? '—' : intl.formatMessage({ id: t === 1 ? 'desk.accountType.cash' : 'desk.accountType.margin' });

/** a time in the staff member's language, Hong Kong time (the broker's) */
export function timeText(intl: IntlShape, iso: string | null | undefined): string {
  if (!iso) return '—';
  return intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Hong_Kong' });
}

/** how long ago: minutes under an hour, hours under two days, then days ("12 min", "5 h", "3 d") */
export function ageText(intl: IntlShape, iso: string | null, now: number): string {
  if (!iso) return '—';
  const minutes = Math.max(0, (now - Date.parse(iso)) / 60_000);
  if (minutes < 60) return intl.formatMessage({ id: 'desk.minutes' }, { n: Math.floor(minutes) });
  const hours = minutes / 60;
  return hours < 48 ? intl.formatMessage({ id: 'desk.hours' }, { n: Math.floor(hours) }) : intl.formatMessage({ id: 'desk.days' }, { n: Math.floor(hours / 24) });
}
