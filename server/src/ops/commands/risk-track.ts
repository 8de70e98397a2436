import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { mp3DurationMs } from '../../modules/risk/mp3';
import * as repo from '../../modules/risk/repository';
import { audit } from '../../db/audit';
import { defineCommand, flagText, OpsError } from '../framework';

const LANGS = ['zh', 'yue'] as const;

export default defineCommand({
  name: 'risk-track',
  usage:
    'risk-track <trackId|zh|yue> --file <recording.mp3> [--name "…"] [--license "…"] [--json]   replace a risk disclosure track\'s audio with a recorded MP3 (checked by content; its length read from the frames); applicants hear it from their next visit, and their listening time starts again',
  json: true,
  schema: z.object({
    track: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    file: z.string().min(1),
    name: z.string().min(1).max(100).optional(),
    license: z.string().min(1).max(100).optional(),
  }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('usage: risk-track <trackId|zh|yue> --file <recording.mp3>');
    const file = flagText(args, 'file');
    if (!file) throw new OpsError('--file <recording.mp3> is required');
    return { track: args.positionals[0], file: resolve(file), name: flagText(args, 'name'), license: flagText(args, 'license') };
  },
  run: async (ctx, p) => {
    const tracks = await repo.allTracks(ctx.db);
    const track = tracks.find((t) => t.id === p.track) ?? ((LANGS as readonly string[]).includes(p.track) ? tracks.find((t) => t.lang === p.track) : undefined);
    if (!track) throw new OpsError(`no risk track ${p.track} (tracks: ${tracks.map((t) => `${t.id} (${t.lang})`).join(', ')})`);
    let bytes: Buffer;
    try {
      bytes = readFileSync(p.file);
    } catch {
      throw new OpsError(`cannot read ${p.file}`);
    }
    const durationMs = mp3DurationMs(bytes);
    if (!durationMs) throw new OpsError(`${p.file} is not an MP3 recording`);
    if (bytes.length > 20 * 1024 * 1024) throw new OpsError(`${p.file} is larger than 20 MB`);
    // a new media id: browsers cache a media id's bytes for good
    const mediaId = `risk-audio-${track.lang}-${randomBytes(6).toString('base64url')}`;
    await ctx.db.transaction(async (tx) => {
      await repo.insertMedia(tx, { id: mediaId, contentType: 'audio/mpeg', bytes });
      await repo.upsertTrack(tx, { ...track, audio_media_id: mediaId, duration_ms: durationMs, name: p.name ?? track.name, license: p.license ?? track.license });
      await audit(tx, { actor: 'ops:risk-track', action: 'risk.track.replace', detail: { track: track.id, mediaId, durationMs, bytes: bytes.length } });
    });
    return { track: track.id, lang: track.lang, mediaId, durationMs };
  },
  print: (r, _p, io) => io.out(`${r.track} (${r.lang}): now ${r.mediaId}, ${(r.durationMs / 1000).toFixed(1)} s`),
});
