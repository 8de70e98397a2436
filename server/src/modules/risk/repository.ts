/** SQL for the risk disclosure tracks, their media, listens and confirmations. No business rules here. */
import type { Db } from '../../db';

export interface TrackRow {
  id: string;
  lang: string;
  audio_type: number;
  name: string;
  license: string;
  avatar_media_id: string;
  audio_media_id: string;
  duration_ms: number;
  sort: number;
}

export interface MediaRow {
  id: string;
  content_type: string;
  bytes: Uint8Array;
}

const TRACK_COLS = 'id, lang, audio_type, name, license, avatar_media_id, audio_media_id, duration_ms, sort';

export async function countTracks(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM risk_tracks');
  return Number(rows[0].n);
}

export async function tracksOf(db: Db, lang: string): Promise<TrackRow[]> {
  return (await db.query<TrackRow>(`SELECT ${TRACK_COLS} FROM risk_tracks WHERE lang = $1 ORDER BY sort, id`, [lang])).rows;
}

export async function findTrack(db: Db, id: string): Promise<TrackRow | null> {
  return (await db.query<TrackRow>(`SELECT ${TRACK_COLS} FROM risk_tracks WHERE id = $1`, [id])).rows[0] ?? null;
}

export async function allTracks(db: Db): Promise<TrackRow[]> {
  return (await db.query<TrackRow>(`SELECT ${TRACK_COLS} FROM risk_tracks ORDER BY lang, sort, id`)).rows;
}

/** The track whose audio or avatar this media is (the audio one first), or null. */
export async function trackOfMedia(db: Db, mediaId: string): Promise<{ track: TrackRow; audio: boolean } | null> {
  const { rows } = await db.query<TrackRow>(`SELECT ${TRACK_COLS} FROM risk_tracks WHERE audio_media_id = $1 OR avatar_media_id = $1 ORDER BY sort LIMIT 1`, [mediaId]);
  return rows[0] ? { track: rows[0], audio: rows[0].audio_media_id === mediaId } : null;
}

export async function findMedia(db: Db, id: string): Promise<MediaRow | null> {
  return (await db.query<MediaRow>('SELECT id, content_type, bytes FROM risk_media WHERE id = $1', [id])).rows[0] ?? null;
}

export async function insertMedia(db: Db, m: { id: string; contentType: string; bytes: Uint8Array }): Promise<void> {
  await db.query('INSERT INTO risk_media (id, content_type, bytes) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [m.id, m.contentType, m.bytes]);
}

export async function upsertTrack(db: Db, t: TrackRow): Promise<void> {
  await db.query(
    `INSERT INTO risk_tracks (${TRACK_COLS}, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
     ON CONFLICT (id) DO UPDATE SET lang = $2, audio_type = $3, name = $4, license = $5, avatar_media_id = $6,
       audio_media_id = $7, duration_ms = $8, sort = $9, updated_at = now()`,
    [t.id, t.lang, t.audio_type, t.name, t.license, t.avatar_media_id, t.audio_media_id, t.duration_ms, t.sort],
  );
}

/** Records the first fetch of a track's audio by an application (later fetches keep the first time). */
export async function recordListen(db: Db, appId: string, trackId: string, at: Date): Promise<void> {
  await db.query('INSERT INTO risk_listens (app_id, track_id, first_fetched_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [appId, trackId, at]);
}

export async function firstListen(db: Db, appId: string, trackId: string): Promise<Date | null> {
  const { rows } = await db.query<{ first_fetched_at: Date }>('SELECT first_fetched_at FROM risk_listens WHERE app_id = $1 AND track_id = $2', [appId, trackId]);
  return rows[0] ? new Date(rows[0].first_fetched_at) : null;
}

export async function saveConfirm(db: Db, appId: string, trackId: string, at: Date): Promise<Date> {
  const { rows } = await db.query<{ confirmed_at: Date }>(
    `INSERT INTO risk_confirms (app_id, track_id, confirmed_at) VALUES ($1, $2, $3)
     ON CONFLICT (app_id, track_id) DO UPDATE SET confirmed_at = risk_confirms.confirmed_at RETURNING confirmed_at`,
    [appId, trackId, at],
  );
  return new Date(rows[0].confirmed_at);
}

export async function isConfirmed(db: Db, appId: string, trackId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM risk_confirms WHERE app_id = $1 AND track_id = $2', [appId, trackId]);
  return rows.length > 0;
}
