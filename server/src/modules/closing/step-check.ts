/**
 * SIGN: the asset-transfer box ticked only when the protocol is signed (ApplyAssetTransferSign), and absent or 0 when it
 * is not offered. Registered with the applications' step checks by closing's routes.
 */
import { PROTOCOL_STATUS } from '@core/domain';
import { findById } from '../applications';
import type { StepCheck } from '../applications';
import { protocolStatusOf } from './protocol';

export const checkSign: StepCheck = async ({ tx, appId, data, config }) => {
  const row = await findById(tx, appId);
  const status = row ? protocolStatusOf(row, config) : PROTOCOL_STATUS.NONE;
  if (data.assetTransfer === 1 && status !== PROTOCOL_STATUS.SIGNED) return [{ path: 'data.assetTransfer', message: 'mustTick' }];
  if (status === PROTOCOL_STATUS.SIGNED && data.assetTransfer !== 1) return [{ path: 'data.assetTransfer', message: 'mustTick' }];
  return [];
};
