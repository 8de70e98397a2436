/**
 * The risk disclosure audio (spec part 3 §2-5): the tracks of the application's language group, their media with
 * HTTP ranges, and the confirmation that the whole track was heard — refused sooner than the track can have been
 * played at the fastest speed this deployment offers, counted from the application's first fetch of its audio.
 */
import { ErrorCode, fastestRiskSpeed, isLockedForEditing, riskLangOf, type Res } from '@core/domain';
import type { Config } from '../../config';
import { audit } from '../../db/audit';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import type { Clock } from '../../plugins/context';
import * as apps from '../applications';
import { ownedActive } from '../applications';
import * as repo from './repository';

export interface RiskDeps {
  config: Config;
  db: Db;
  clock: Clock;
}

const notHeard = () => new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: 'disclosureId', message: 'mustListen' }] } });

/** The tracks the caller's application hears: Cantonese for hk, Mandarin otherwise. */
export async function list(deps: RiskDeps, userId: string, appId: string): Promise<Res<'riskAudioList'>> {
  const app = await ownedActive(deps.db, userId, appId);
  const tracks = await repo.tracksOf(deps.db, riskLangOf(app.client_type));
  return {
    items: tracks.map((t) => ({ id: t.id, lang: t.lang, name: t.name, license: t.license, avatarOssId: t.avatar_media_id, audioOssId: t.audio_media_id, durationMs: t.duration_ms })),
  };
}

/**
 * A track's audio or avatar for a logged-in user (100403 for an unknown id). The first fetch of an audio by the
 * user's active application is recorded: the confirmation is timed from it.
 */
export async function media(deps: RiskDeps, userId: string, id: string): Promise<repo.MediaRow> {
  const found = await repo.findMedia(deps.db, id);
  if (!found) throw new AppError(ErrorCode.FORBIDDEN);
  const of = await repo.trackOfMedia(deps.db, id);
  if (of?.audio) {
    const app = await apps.findActiveByUser(deps.db, userId);
    if (app && app.client_type && riskLangOf(app.client_type) === of.track.lang) await repo.recordListen(deps.db, app.app_id, of.track.id, new Date(deps.clock.now()));
  }
  return found;
}

export async function confirm(deps: RiskDeps, userId: string, appId: string, disclosureId: string): Promise<Res<'applyRiskConfirm'>> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const app = await ownedActive(tx, userId, appId);
    if (isLockedForEditing(app.apply_status, app.client_status)) throw new AppError(ErrorCode.APPLICATION_LOCKED);
    const track = await repo.findTrack(tx, disclosureId);
    if (!track || track.lang !== riskLangOf(app.client_type)) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: 'disclosureId', message: 'choice' }] } });
    const first = await repo.firstListen(tx, app.app_id, track.id);
    const shortest = track.duration_ms / fastestRiskSpeed(deps.config.production);
    if (!first || at.getTime() - first.getTime() < shortest) throw notHeard();
    const confirmedAt = await repo.saveConfirm(tx, app.app_id, track.id, at);
    await audit(tx, { actor: `user:${userId}`, userId, appId: app.app_id, action: 'risk.confirm', step: 'RISK', detail: { track: track.id }, at });
    return { disclosureId: track.id, confirmedAt: confirmedAt.toISOString() };
  });
}
