import { PROTOCOL_STATUS } from '@core/domain';
import type { Config } from '../../config';
import type { AppRow } from '../applications';

/** The protocol status an application shows: signed (2), else offered (1) or not (0) by the setting. */
export function protocolStatusOf(row: Pick<AppRow, 'protocol_status'>, config: Pick<Config, 'assetTransfer'>): number {
  if (row.protocol_status === PROTOCOL_STATUS.SIGNED) return PROTOCOL_STATUS.SIGNED;
  return config.assetTransfer ? PROTOCOL_STATUS.OFFERED : PROTOCOL_STATUS.NONE;
}
