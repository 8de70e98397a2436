/**
 * The closing calls besides the risk audio: the asset-transfer protocol (status and signing). The protocol is offered to every application when ASSET_TRANSFER is on (status 1),
 * never otherwise (0); signing it stores 2, which ticks and locks the box on /sign.
 */
import { ErrorCode, PROTOCOL_STATUS, isLockedForEditing, type Res } from '@core/domain';
import type { Config } from '../../config';
import { audit } from '../../db/audit';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import type { Clock } from '../../plugins/context';
import * as apps from '../applications/repository';
import { ownedActive } from '../applications/service';
import { protocolStatusOf } from './protocol';

export interface ClosingDeps {
  config: Config;
  db: Db;
  clock: Clock;
}

export async function protocolStatus(deps: ClosingDeps, userId: string, appId: string): Promise<Res<'applyProtocolStatus'>> {
  const row = await ownedActive(deps.db, userId, appId);
  return { status: protocolStatusOf(row, deps.config) };
}

/** Signs the asset-transfer protocol: refused (100400) when it is not offered; signing twice keeps the first. */
export async function signAssetTransfer(deps: ClosingDeps, userId: string, appId: string): Promise<Res<'applyAssetTransferSign'>> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const row = await ownedActive(tx, userId, appId);
    if (isLockedForEditing(row.apply_status, row.client_status)) throw new AppError(ErrorCode.APPLICATION_LOCKED);
    const status = protocolStatusOf(row, deps.config);
    if (status === PROTOCOL_STATUS.NONE) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: 'applyId', message: 'notOffered' }] } });
    if (status !== PROTOCOL_STATUS.SIGNED) {
      await apps.updateApplication(tx, row.app_id, { protocol_status: PROTOCOL_STATUS.SIGNED }, at);
      await audit(tx, { actor: `user:${userId}`, userId, appId: row.app_id, action: 'assetTransfer.sign', step: 'SIGN', at });
    }
    return { status: PROTOCOL_STATUS.SIGNED };
  });
}
