/**
 * The shipped risk tracks (static/risk/: zh.mp3 Mandarin, yue.mp3 Cantonese, speaker.png; made by
 * scripts/make-risk-audio.ts), put into the track table at start-up when it is empty. Staff replace a track's
 * audio with a recorded one by `npm run ops -- risk-track`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RISK_LANG } from '@core/domain';
import { projectRoot } from '../../config';
import type { Db } from '../../db';
import { mp3DurationMs } from './mp3';
import * as repo from './repository';

/** The example speaker of the shipped tracks (a fictional licensed representative). */
const SPEAKER = { name: { zh: '陈美玲', yue: '陳美玲' }, license: 'CE No. BQX218' } as const;
/** audio types of part 3 §9: 1 Chinese (Mandarin), 13 traditional (Cantonese) */
const AUDIO_TYPE = { zh: 1, yue: 13 } as const;

export async function seedRiskTracksIfEmpty(db: Db, dir = join(projectRoot(), 'static', 'risk')): Promise<number> {
  if ((await repo.countTracks(db)) > 0) return 0;
  await repo.insertMedia(db, { id: 'risk-avatar', contentType: 'image/png', bytes: readFileSync(join(dir, 'speaker.png')) });
  let n = 0;
  for (const lang of [RISK_LANG.MANDARIN, RISK_LANG.CANTONESE]) {
    const bytes = readFileSync(join(dir, `${lang}.mp3`));
    const durationMs = mp3DurationMs(bytes);
    if (!durationMs) throw new Error(`static/risk/${lang}.mp3 is not an MP3 file`);
    const audioId = `risk-audio-${lang}`;
    await repo.insertMedia(db, { id: audioId, contentType: 'audio/mpeg', bytes });
    await repo.upsertTrack(db, {
      id: `risk-${lang}-1`,
      lang,
      audio_type: AUDIO_TYPE[lang],
      name: SPEAKER.name[lang],
      license: SPEAKER.license,
      avatar_media_id: 'risk-avatar',
      audio_media_id: audioId,
      duration_ms: durationMs,
      sort: 1,
    });
    n++;
  }
  return n;
}
