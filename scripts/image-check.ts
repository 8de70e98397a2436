/**
 * `npx tsx scripts/image-check.ts [image]` (after scripts/image-build.sh; default image localhost/esop:dev): what is
 * inside the built image, read from its configuration and its files without running a container (this sandbox, like
 * many CI runners, cannot start one). The image's root is mounted with buildah (or, where mounting is refused, pushed
 * to an OCI layout and its layers unpacked), and its programs are run with chroot into it where that is allowed.
 *
 * Checks: Node 24 at /usr/local/bin/node, Debian's ffmpeg, the CJK font the documents need, tini as the entry point,
 * a non-root user that owns DATA_DIR and not the code, the command `node … dist/server/main.js` and the worker's and
 * migrations' entries beside it, production packages only (no vite, jest, playwright-core, typescript, eslint, tsx),
 * and no secret in the image (no key files, no secret settings in its environment).
 * --run (as root, where chroot and bind mounts are allowed): also runs the image's commands inside it, as its user
 * with its settings (chroot, the host's /proc and /dev bound in; no container runtime): the web entry on the embedded
 * PGlite answers /livez, /readyz and a page and exits 0 on SIGTERM, `ops help` answers, the worker refuses to start
 * without DATABASE_URL by name, and the CJK font opens in the image's fontkit with the glyphs of 開戶.
 * Prints one line per check; exits 1 on any failure. BUILDAH_ROOT as for image-build.sh.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runToo = process.argv.includes('--run');
const image = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? process.env.IMAGE_TAG ?? 'localhost/esop:dev';
const root = process.env.BUILDAH_ROOT;
const buildahArgs = root ? ['--root', join(root, 'storage'), '--runroot', join(root, 'run')] : [];
const buildah = (...args: string[]) => execFileSync('buildah', [...buildahArgs, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).trim();

/** The dev dependencies that must not be in the image (a sample covering the build, test and lint tools). */
const DEV_ONLY = ['vite', 'jest', 'playwright-core', 'typescript', 'eslint', 'tsx', 'ts-jest', '@testing-library/react', 'lighthouse', 's3rver'];
/** The service's own entries the deployments run (deploy/compose.yaml, deploy/k8s) and the production packages they load. */
const ENTRIES = ['main', 'worker', 'migrate', 'cli', 'face-worker'];
const PROD_SAMPLE = ['fastify', 'pg', 'pg-boss', 'sharp', 'tesseract.js', '@vladmandic/human', '@aws-sdk/client-s3'];
const APP = '/srv/app';
const FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';

const results: { name: string; ok: boolean; detail: string }[] = [];
function check(name: string, ok: boolean, detail: string): void {
  results.push({ name, ok, detail });
  console.log(`  ${ok ? '✓' : '✗'} ${name}: ${detail}`);
}

interface ImageConfig {
  User?: string;
  Env?: string[];
  Entrypoint?: string[] | null;
  Cmd?: string[] | null;
  WorkingDir?: string;
}

/** The image's root file system: mounted by buildah, or unpacked from an OCI layout. */
function openRootfs(): { dir: string; close: () => void } {
  const ctr = buildah('from', '--pull-never', image);
  try {
    const dir = buildah('mount', ctr);
    return {
      dir,
      close: () => {
        buildah('umount', ctr);
        buildah('rm', ctr);
      },
    };
  } catch (err) {
    buildah('rm', ctr);
    console.log(`  (buildah mount refused: ${(err as Error).message.split('\n')[0]}; unpacking the layers instead)`);
  }
  const work = mkdtempSync(join(tmpdir(), 'image-check-'));
  buildah('push', image, `oci:${join(work, 'oci')}`);
  const blob = (digest: string) => join(work, 'oci', 'blobs', ...digest.split(':'));
  const index = JSON.parse(readFileSync(join(work, 'oci', 'index.json'), 'utf8')) as { manifests: { digest: string }[] };
  const manifest = JSON.parse(readFileSync(blob(index.manifests[0].digest), 'utf8')) as { layers: { digest: string }[] };
  const dir = join(work, 'rootfs');
  mkdirSync(dir);
  // in order; the Dockerfile deletes nothing a later check looks for, so whiteouts need no replaying
  for (const layer of manifest.layers) spawnSync('tar', ['-xf', blob(layer.digest), '-C', dir, '--no-same-owner', '--exclude=dev/*'], { stdio: 'ignore' });
  return { dir, close: () => rmSync(work, { recursive: true, force: true }) };
}

/** Runs a program of the image inside it (chroot), or failing that from here; its first output line, or null. */
function runInside(rootfs: string, program: string, args: string[]): { line: string; how: string } | null {
  const chrooted = spawnSync('chroot', [rootfs, program, ...args], { encoding: 'utf8' });
  if (chrooted.status === 0) return { line: chrooted.stdout.split('\n')[0], how: 'run in the image (chroot)' };
  const direct = spawnSync(join(rootfs, program), args, { encoding: 'utf8' });
  if (direct.status === 0) return { line: direct.stdout.split('\n')[0], how: 'the image\'s binary run here (chroot refused)' };
  return null;
}

/** The user names and ids of the image's /etc/passwd. */
function passwd(rootfs: string): Map<string, { name: string; uid: number }> {
  const users = new Map<string, { name: string; uid: number }>();
  for (const line of readFileSync(join(rootfs, 'etc/passwd'), 'utf8').split('\n')) {
    const [name, , uid] = line.split(':');
    if (name && uid) {
      users.set(name, { name, uid: Number(uid) });
      users.set(uid, { name, uid: Number(uid) });
    }
  }
  return users;
}

/**
 * Runs one of the image's commands inside it: chroot into `rootfs` as the image's user, in its working folder, with
 * its Env and `env` over it (the host's /proc and /dev bound in by the caller).
 */
function inImage(rootfs: string, config: ImageConfig, command: string[], env: Record<string, string>) {
  const vars = [...(config.Env ?? []), ...Object.entries(env).map(([k, v]) => `${k}=${v}`)];
  const quoted = command.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  return ['chroot', ['--userspec', config.User ?? '0', rootfs, '/usr/bin/env', '-i', ...vars, '/bin/sh', '-c', `cd ${config.WorkingDir ?? '/'} && exec ${[...(config.Entrypoint ?? []), ''].join(' ')}${quoted}`]] as const;
}

async function runChecks(rootfs: string, config: ImageConfig): Promise<void> {
  const bound: string[] = [];
  try {
    for (const dir of ['proc', 'dev']) {
      execFileSync('mount', ['--bind', `/${dir}`, join(rootfs, dir)]);
      bound.push(join(rootfs, dir));
    }
  } catch (err) {
    check('runs inside the image', false, `cannot bind /proc and /dev (${(err as Error).message.split('\n')[0]}): run as root, or without --run`);
    for (const dir of bound.reverse()) spawnSync('umount', [dir]);
    return;
  }
  try {
    const port = 18000 + Math.floor(Math.random() * 2000);
    const [program, args] = inImage(rootfs, config, config.Cmd ?? [], { NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn' });
    const web = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: string[] = [];
    web.stdout.on('data', (d: Buffer) => out.push(String(d)));
    web.stderr.on('data', (d: Buffer) => out.push(String(d)));
    const exited = new Promise<number | null>((r) => web.once('exit', (code) => r(code)));
    const base = `http://127.0.0.1:${port}`;
    const status = (path: string) => fetch(base + path).then((r) => r.arrayBuffer().then(() => r.status), () => 0);
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && web.exitCode === null && (await status('/livez')) !== 200) await new Promise((r) => setTimeout(r, 500));
    const [live, ready, page] = [await status('/livez'), await status('/readyz'), await status('/pages/openAccount.html')];
    check('the web command starts in the image (its user, its settings, PGlite)', live === 200 && ready === 200 && page === 200, `/livez ${live}, /readyz ${ready}, a page ${page}${live === 200 ? '' : `\n${out.join('').slice(-1500)}`}`);
    const stopped = Date.now();
    web.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 60_000))]);
    if (code === 'timeout') web.kill('SIGKILL');
    check('SIGTERM through tini stops it cleanly', code === 0, `exit ${code} after ${((Date.now() - stopped) / 1000).toFixed(1)} s`);

    const once = (command: string[], env: Record<string, string> = {}) => {
      const [p, a] = inImage(rootfs, config, command, { NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env });
      return spawnSync(p, a, { encoding: 'utf8', timeout: 120_000 });
    };
    const ops = once(['node', '--enable-source-maps', 'dist/server/cli.js', 'help']);
    check('the ops command answers', ops.status === 0 && ops.stdout.length > 100, `exit ${ops.status}, ${ops.stdout.split('\n').length} lines`);
    const worker = once(['node', '--enable-source-maps', 'dist/server/worker.js']);
    check('the worker command runs (and asks for its database by name)', worker.status === 2 && /DATABASE_URL/.test(worker.stderr), `exit ${worker.status}: ${worker.stderr.split('\n').find((l) => l.includes('DATABASE_URL')) ?? worker.stderr.trim()}`);
    const font = once(['node', '-e', `const f = require('@pdf-lib/fontkit').create(require('fs').readFileSync('${FONT}')); const face = f.fonts ? f.fonts[0] : f; console.log(face.postscriptName, [...'開戶'].every((c) => face.hasGlyphForCodePoint(c.codePointAt(0))))`]);
    check('the font opens for the service\'s user, with Chinese glyphs', font.status === 0 && / true$/.test(font.stdout.trim()), font.stdout.trim() || font.stderr.trim().split('\n')[0]);
  } finally {
    for (const dir of bound.reverse()) spawnSync('umount', [dir]);
  }
}

async function main(): Promise<void> {
  const inspected = JSON.parse(buildah('inspect', '--type', 'image', image)) as { OCIv1: { config: ImageConfig; history?: { created_by?: string }[] } };
  const config = inspected.OCIv1.config;
  console.log(`image-check: ${image}`);
  const { dir: rootfs, close } = openRootfs();
  try {
    const node = runInside(rootfs, '/usr/local/bin/node', ['--version']);
    check('Node 24', !!node && /^v24\./.test(node.line), node ? `${node.line} (${node.how})` : 'no runnable /usr/local/bin/node');

    const ffmpegPath = '/usr/bin/ffmpeg';
    const ffmpeg = existsSync(join(rootfs, ffmpegPath)) ? runInside(rootfs, ffmpegPath, ['-hide_banner', '-version']) : null;
    const ffmpegDeb = readFileSync(join(rootfs, 'var/lib/dpkg/status'), 'utf8').match(/^Package: ffmpeg\nStatus: install ok installed\n(?:.+\n)*?Version: (.+)$/m)?.[1];
    check("Debian's ffmpeg", !!ffmpeg && !!ffmpegDeb, ffmpeg ? `${ffmpeg.line} (Debian package ${ffmpegDeb ?? 'not recorded'})` : `no runnable ${ffmpegPath}`);

    const font = join(rootfs, FONT);
    check('the CJK font (fonts-wqy-microhei)', existsSync(font) && statSync(font).size > 1_000_000, existsSync(font) ? `${FONT}, ${(statSync(font).size / 1e6).toFixed(1)} MB` : `${FONT} missing`);

    const env = new Map((config.Env ?? []).map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]));
    const ffmpegSetting = env.get('FFMPEG_PATH');
    check('FFMPEG_PATH names that ffmpeg', !ffmpegSetting || existsSync(join(rootfs, ffmpegSetting)), ffmpegSetting ?? 'unset: ffmpeg on PATH');

    const users = passwd(rootfs);
    const [userPart] = (config.User ?? '').split(':');
    const user = users.get(userPart);
    check('runs as a non-root user', !!userPart && !!user && user.uid !== 0, `User ${JSON.stringify(config.User ?? '')}${user ? ` (${user.name}, uid ${user.uid})` : ' (not in /etc/passwd)'}`);

    const dataDir = env.get('DATA_DIR') ?? '';
    const dataStat = dataDir && existsSync(join(rootfs, dataDir)) ? statSync(join(rootfs, dataDir)) : undefined;
    check('DATA_DIR is the user\'s, private', !!dataStat && !!user && dataStat.uid === user.uid && (dataStat.mode & 0o077) === 0, dataStat ? `${dataDir} uid ${dataStat.uid} mode ${(dataStat.mode & 0o777).toString(8)}` : `DATA_DIR ${dataDir || 'unset'} missing`);
    const appStat = statSync(join(rootfs, APP, 'dist/server/main.js'));
    check('the code is not the user\'s to change', !!user && appStat.uid !== user.uid && (appStat.mode & 0o022) === 0, `dist/server/main.js uid ${appStat.uid} mode ${(appStat.mode & 0o777).toString(8)}`);

    const entrypoint = config.Entrypoint ?? [];
    check('tini is PID 1 (signals reach node, children are reaped)', /\/tini$/.test(entrypoint[0] ?? '') && existsSync(join(rootfs, entrypoint[0])), `Entrypoint ${JSON.stringify(entrypoint)}`);
    const cmd = config.Cmd ?? [];
    const script = cmd.find((a) => a.endsWith('.js'));
    check(
      'the command is node on the web entry',
      cmd[0] === 'node' && script === 'dist/server/main.js' && config.WorkingDir === APP && existsSync(join(rootfs, APP, script)),
      `Cmd ${JSON.stringify(cmd)} in ${config.WorkingDir}`,
    );
    const missing = ENTRIES.filter((e) => !existsSync(join(rootfs, APP, 'dist/server', `${e}.js`)));
    check('the other commands are there (worker, migrate, ops)', missing.length === 0, missing.length ? `missing dist/server/${missing.join(', ')}.js` : ENTRIES.map((e) => `${e}.js`).join(', '));
    const pages = join(rootfs, APP, 'dist/pages');
    check('the built pages', existsSync(pages) && readdirSync(pages).some((f) => f.endsWith('.html')), `${APP}/dist/pages`);
    const migrations = join(rootfs, APP, 'server/src/db/migrations');
    check('the migrations and the files the service reads', existsSync(migrations) && ['locales/en.json', 'static', 'server/seeds', 'package.json'].every((f) => existsSync(join(rootfs, APP, f))), `${existsSync(migrations) ? readdirSync(migrations).length : 0} migrations, locales, static, seeds`);

    const modules = join(rootfs, APP, 'node_modules');
    const dev = DEV_ONLY.filter((p) => existsSync(join(modules, p)));
    check('no dev dependencies in node_modules', dev.length === 0, dev.length ? `found ${dev.join(', ')}` : `none of ${DEV_ONLY.join(', ')}`);
    const prod = PROD_SAMPLE.filter((p) => !existsSync(join(modules, p, 'package.json')));
    check('the production dependencies', prod.length === 0, prod.length ? `missing ${prod.join(', ')}` : PROD_SAMPLE.join(', '));

    const secretNames = [...env.keys()].filter((k) => /SECRET|TOKEN|PASSWORD|PRIVATE|_KEY$|DATABASE_URL/.test(k) && !k.endsWith('_FILE'));
    const keyFiles = spawnSync('find', [join(rootfs, APP), join(rootfs, dataDir || '/nonexistent'), '-path', `${join(rootfs, APP, 'node_modules')}`, '-prune', '-o', '-type', 'f', '(', '-name', '*.pem', '-o', '-name', '*.key', '-o', '-name', '*.secret', '-o', '-name', 'ops.token', '-o', '-name', '.env', ')', '-print'], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map((f) => f.slice(rootfs.length));
    check('no secrets in the image', secretNames.length === 0 && keyFiles.length === 0, secretNames.length || keyFiles.length ? `settings ${secretNames.join(', ') || '-'}; files ${keyFiles.join(', ') || '-'}` : 'no secret settings in Env, no key, secret or token files');
    if (runToo) await runChecks(rootfs, config);
  } finally {
    close();
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`image-check: ${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

await main();
