import { z } from 'zod';
import { exportFile } from '../../modules/files/service';
import { defineCommand, flagText, OpsError } from '../framework';

export default defineCommand({
  name: 'file',
  usage: 'file <ossId> --out PATH   export an uploaded file as the operator (audited)',
  preconditions: 'an uploaded file id; writes the bytes to PATH and an audit entry',
  schema: z.object({ ossId: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/), out: z.string().min(1) }),
  parse: (args) => {
    const out = flagText(args, 'out');
    if (!args.positionals[0]) throw new OpsError('missing <ossId>');
    if (!out) throw new OpsError('missing --out PATH');
    return { ossId: args.positionals[0], out };
  },
  run: async (ctx, p) => {
    const { file, bytes } = await exportFile(ctx, p.ossId, 'ops:file');
    // travels as JSON through the ops API; the CLI writes it where --out says
    return { ossId: file.oss_id, mime: file.mime, size: file.size, name: file.original_name, owner: file.owner_user_id, appId: file.app_id, base64: bytes.toString('base64') };
  },
  print: (r, p, io) => {
    io.writeFile(p.out, Buffer.from(r.base64, 'base64'));
    io.out(`${r.ossId}: ${r.mime}, ${r.size} bytes ("${r.name}") written to ${p.out}`);
  },
});
