/** The face check's child process (face/local.ts): one check at a time, the engine loaded once; argv: the ffmpeg to use. */
import { checkFace, loadEngine } from './engine';
import { useFfmpeg } from './ffmpeg';

if (process.argv[2]) useFfmpeg(process.argv[2]);

process.on('message', (m: { warm: true } | { video: Uint8Array; idPhoto: Uint8Array }) => {
  if ('warm' in m) {
    loadEngine().then(
      () => process.send?.({ warmed: true }),
      (err: unknown) => process.send?.({ warmed: false, error: err instanceof Error ? err.message : String(err) }),
    );
    return;
  }
  checkFace({ video: Buffer.from(m.video), idPhoto: Buffer.from(m.idPhoto) }).then(
    (result) => process.send?.({ ok: true, result }),
    (err: unknown) => process.send?.({ ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
// the service went away: nothing left to check for
process.on('disconnect', () => process.exit(0));
