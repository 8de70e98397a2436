/**
 * The closing calls besides the risk audio: the asset-transfer protocol (status and signing). The protocol is offered to every application when ASSET_TRANSFER is on (status 1),
 * never otherwise (0); signing it stores 2, which ticks and locks the box on /sign. It can be signed on /sign while the
 * application is filled in, and on assetTransferAgreement.html at any time after (an opened client transferring stocks
 * in), but not on a closed application.
 */
import { APPLY_STATUS, ErrorCode, PROTOCOL_STATUS, type Res } from '@core/domain';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import type { Clock } from '../../plugins/context';
import { ownedActive } from '../applications';
import { changeApplication } from '../applications';
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

/** Signs the asset-transfer protocol: refused (100400) when it is not offered, 151300 when the application is closed; signing twice keeps the first. */
export async function signAssetTransfer(deps: ClosingDeps, userId: string, appId: string): Promise<Res<'applyAssetTransferSign'>> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const row = await ownedActive(tx, userId, appId);
    if (row.apply_status === APPLY_STATUS.CLOSED) throw new AppError(ErrorCode.APPLICATION_LOCKED);
    const status = protocolStatusOf(row, deps.config);
    if (status === PROTOCOL_STATUS.NONE) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: 'applyId', message: 'notOffered' }] } });
    if (status !== PROTOCOL_STATUS.SIGNED) {
      // an event of the application's history as well: after submission the signature is a change staff look for
      await changeApplication(tx, row, { actor: `user:${userId}`, kind: 'protocol', change: { protocol_status: PROTOCOL_STATUS.SIGNED }, detail: { protocolStatus: PROTOCOL_STATUS.SIGNED, authorType: 1 }, auditAction: 'assetTransfer.sign', at });
    }
    return { status: PROTOCOL_STATUS.SIGNED };
  });
}
