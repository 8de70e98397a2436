/**
 * The deployment files (Dockerfile, deploy/compose.yaml, deploy/haproxy.cfg, deploy/k8s/*.yaml) against the service
 * they run, without a container runtime: every setting they pass is one the service reads (config.ts's schema, or a
 * name the service's code reads itself) and its value passes the service's own check; every command is a service
 * entry the build makes (and is in dist/server when built); the probes ask the paths the service serves; grace
 * periods cover the service's shutdown; secrets come as mounted files, never as values.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { envSchema, parseEnv, projectRoot } from '../server/src/config';
import { SERVICE_ENTRIES } from '../server/src/compiled';

const root = projectRoot();
/** The probes' paths, from the service's routes (loaded at run time: their Fastify types are the server project's) */
const ROUTES = '../server/src/modules/system/routes';
let LIVENESS_PATH = '';
let READINESS_PATH = '';
beforeAll(async () => {
  ({ LIVENESS_PATH, READINESS_PATH } = (await import(ROUTES)) as { LIVENESS_PATH: string; READINESS_PATH: string });
  expect(LIVENESS_PATH && READINESS_PATH).toBeTruthy();
});
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** Settings read by libraries the service uses rather than by its own code, with where they are documented. */
const LIBRARY_SETTINGS: Record<string, string> = {
  // @aws-sdk/client-s3's default credential chain, used when S3_ACCESS_KEY_ID is unset (README, Settings)
  AWS_SHARED_CREDENTIALS_FILE: '@aws-sdk/client-s3',
};

/** The names the service's own code reads outside config.ts (process.env.NAME in server/src). */
function namesReadInCode(dir = join(root, 'server/src')): string[] {
  const names: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) names.push(...namesReadInCode(path));
    else if (entry.name.endsWith('.ts')) for (const m of readFileSync(path, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.push(m[1]);
  }
  return names;
}
const KNOWN = new Set([...Object.keys(envSchema.shape), ...namesReadInCode(), ...Object.keys(LIBRARY_SETTINGS)]);
/** Names whose value is a secret: given only as *_FILE (a mounted file), never inline. */
const SECRET_NAME = /(SECRET|TOKEN|PASSWORD|PRIVATE|_KEY|DATABASE_URL)$/;

type Env = Record<string, string>;
const asEnv = (vars: Record<string, unknown> = {}): Env => Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, String(v)]));

/** The entry a command runs: `node [flags] dist/server/<name>.js`, or the reason it is not one. */
function entryOf(command: string[]): string {
  const script = command.find((a) => a.endsWith('.js'));
  const name = script?.match(/^dist\/server\/([a-z-]+)\.js$/)?.[1];
  if (command[0] !== 'node' || !name) return `not node on dist/server/<entry>.js: ${JSON.stringify(command)}`;
  const entry = SERVICE_ENTRIES[name];
  if (!entry || entry.optional) return `${name}: not an entry the build always makes (server/src/compiled.ts)`;
  if (existsSync(join(root, 'dist/server')) && !existsSync(join(root, 'dist/server', `${name}.js`))) return `${script} is not in the build`;
  return name;
}

/** The image's own settings (its ENV), under those a deployment adds. */
function imageEnv(): Env {
  const dockerfile = read('Dockerfile');
  const env: Env = {};
  for (const block of dockerfile.slice(dockerfile.lastIndexOf('\nFROM ')).matchAll(/^ENV ((?:.*\\\n)*.*)$/gm)) {
    for (const m of block[1].matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)) env[m[1]] = m[2];
  }
  return env;
}

/** Known names, no secret inline; `complete`: with the image's settings under them, the service starts on them. */
function expectSettingsKnown(where: string, env: Env, complete = true): void {
  expect({ where, unknown: Object.keys(env).filter((k) => !KNOWN.has(k)) }).toEqual({ where, unknown: [] });
  expect({ where, inline: Object.keys(env).filter((k) => SECRET_NAME.test(k)) }).toEqual({ where, inline: [] });
  // the values pass the service's own checks (the files they name are only on the deployment)
  if (complete) expect(() => parseEnv({ ...imageEnv(), ...env })).not.toThrow();
  else expect(envSchema.safeParse(env).error?.issues ?? []).toEqual([]);
}

/** SHUTDOWN_DELAY_MS + SHUTDOWN_GRACE_MS of these settings (defaults where unset), in ms. */
const webStopMs = (env: Env) => {
  const e = parseEnv({ ...imageEnv(), ...env });
  return e.SHUTDOWN_DELAY_MS + e.SHUTDOWN_GRACE_MS;
};
/** The worker's own stop: JOBS_STOP_SECONDS, then it exits anyway 10 s later (server/src/worker.ts). */
const workerStopMs = (env: Env) => (parseEnv({ ...imageEnv(), ...env }).JOBS_STOP_SECONDS + 10) * 1000;
const durationMs = (d: string) => {
  const m = /^(\d+)(ms|s|m)$/.exec(d);
  if (!m) throw new Error(`not a duration: ${d}`);
  return Number(m[1]) * { ms: 1, s: 1000, m: 60_000 }[m[2] as 'ms' | 's' | 'm'];
};

describe('the image (Dockerfile)', () => {
  const dockerfile = read('Dockerfile');
  const run = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const json = (instruction: string) => JSON.parse(run.match(new RegExp(`^${instruction} (\\[.*\\])$`, 'm'))?.[1] ?? 'null') as string[] | null;

  test('runs the web entry under tini, as a non-root user, installed without dev dependencies', () => {
    expect(entryOf(json('CMD') ?? [])).toBe('main');
    expect(json('ENTRYPOINT')).toEqual(['/usr/bin/tini', '--']);
    const user = run.match(/^USER (\S+)$/m)?.[1] ?? '';
    expect(user).toMatch(/^[1-9]\d*(:[1-9]\d*)?$/);
    expect(run).toMatch(/npm ci --omit=dev/);
    expect(run).toMatch(/ffmpeg/);
    expect(run).toMatch(/fonts-wqy-microhei/);
  });

  test('bakes in no secret: only known, non-secret settings in ENV, no ARG for one', () => {
    const env = imageEnv();
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['NODE_ENV', 'DATA_DIR']));
    // the deployment adds the rest (production asks for the secrets and an SMS gateway)
    expectSettingsKnown('Dockerfile ENV', env, false);
    expect(dockerfile.match(/^ARG \S+/gm)?.filter((a) => SECRET_NAME.test(a.replace(/=.*/, ''))) ?? []).toEqual([]);
  });
});

describe('deploy/compose.yaml', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
    services: Record<string, { image?: string; build?: unknown; command?: string[]; entrypoint?: string[]; environment?: Record<string, unknown>; secrets?: string[]; depends_on?: Record<string, { condition: string }> | string[]; stop_grace_period?: string; profiles?: string[] }>;
    secrets: Record<string, { file: string }>;
  };
  const ours = Object.entries(compose.services).filter(([, s]) => s.build !== undefined || s.image === compose.services.web1?.image);
  const commandOf = (s: { command?: string[]; entrypoint?: string[] }) => (s.entrypoint && s.entrypoint[0] !== '/usr/bin/tini' ? s.entrypoint : [...(s.entrypoint ?? []).filter((a) => a !== '/usr/bin/tini' && a !== '--'), ...(s.command ?? ['node', '--enable-source-maps', 'dist/server/main.js'])]);

  test('the multi-process shape: migrate once, two webs, a worker, PostgreSQL, S3 and a balancer', () => {
    const entries = Object.fromEntries(ours.map(([name, s]) => [name, entryOf(commandOf(s))]));
    expect(entries).toEqual({ migrate: 'migrate', web1: 'main', web2: 'main', worker: 'worker', ops: 'cli' });
    for (const name of ['web1', 'web2', 'worker']) {
      expect(compose.services[name].depends_on).toMatchObject({ migrate: { condition: 'service_completed_successfully' } });
    }
    expect(compose.services.postgres.image).toMatch(/postgres:15/);
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['minio', 's3-bucket', 'balancer']));
  });

  test.each(['migrate', 'web1', 'web2', 'worker', 'ops'])('%s: settings the service knows, valid, secrets as mounted files', (name) => {
    const service = compose.services[name];
    const env = asEnv(service.environment);
    expectSettingsKnown(`compose ${name}`, env);
    for (const [key, path] of Object.entries(env).filter(([k]) => k.endsWith('_FILE'))) {
      const secret = path.replace(/^\/run\/secrets\//, '');
      expect({ key, mounted: service.secrets?.includes(secret) && !!compose.secrets[secret] }).toEqual({ key, mounted: true });
    }
  });

  test('docker waits for the service\'s own stop before killing it', () => {
    for (const name of ['web1', 'web2']) {
      const s = compose.services[name];
      expect(durationMs(s.stop_grace_period ?? '10s')).toBeGreaterThan(webStopMs(asEnv(s.environment)));
    }
    const worker = compose.services.worker;
    expect(durationMs(worker.stop_grace_period ?? '10s')).toBeGreaterThan(workerStopMs(asEnv(worker.environment)));
  });

  test('the balancer: round robin over both webs, probing the readiness path, out well within the shutdown delay', () => {
    const cfg = read('deploy/haproxy.cfg');
    const backend = cfg.slice(cfg.indexOf('backend web'));
    expect(backend).toMatch(/^\s*balance roundrobin$/m);
    expect(backend.match(/option httpchk GET (\S+)/)?.[1]).toBe(READINESS_PATH);
    expect(backend.match(/^\s*server (\S+) (\S+):(\d+) check/gm)?.map((l) => l.trim().split(' ')[1])).toEqual(['web1', 'web2']);
    const every = durationMs(backend.match(/\binter (\S+)/)?.[1] ?? '2s');
    const fall = Number(backend.match(/\bfall (\d+)/)?.[1] ?? 3);
    const checkTimeout = durationMs(cfg.match(/timeout check (\S+)/)?.[1] ?? '0s');
    const delay = parseEnv(asEnv(compose.services.web1.environment)).SHUTDOWN_DELAY_MS;
    expect(every * fall + checkTimeout).toBeLessThanOrEqual(delay);
    expect(asEnv(compose.services.web1.environment).TRUST_PROXY).toBe(
      (compose.services.balancer as unknown as { networks: { esop: { ipv4_address: string } } }).networks.esop.ipv4_address,
    );
  });
});

describe('deploy/k8s', () => {
  const dir = join(root, 'deploy/k8s');
  type Doc = { kind: string; metadata: { name: string }; spec?: Record<string, unknown>; data?: Record<string, string> } & Record<string, unknown>;
  const docs: Doc[] = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .flatMap((f) => parseAllDocuments(readFileSync(join(dir, f), 'utf8')).map((d) => d.toJS() as Doc))
    .filter(Boolean);
  const find = (kind: string, name: string) => docs.find((d) => d.kind === kind && d.metadata?.name === name);
  const settings = asEnv(find('ConfigMap', 'esop-settings')?.data);
  type Container = { name: string; command?: string[]; args: string[]; env?: { name: string; value: string }[]; ports?: { name: string; containerPort: number }[]; volumeMounts?: { name: string; mountPath: string }[]; livenessProbe?: Probe; readinessProbe?: Probe; startupProbe?: Probe; resources?: { requests?: Record<string, string>; limits?: Record<string, string> } };
  type Probe = { httpGet?: { path: string; port: string | number }; periodSeconds?: number; timeoutSeconds?: number; failureThreshold?: number };
  type PodSpec = { terminationGracePeriodSeconds?: number; containers: Container[]; volumes?: { name: string; secret?: { secretName: string } }[] };
  const podOf = (doc: Doc | undefined) => ((doc?.spec as { template: { spec: PodSpec } } | undefined)?.template.spec) as PodSpec;
  const workloads = docs.filter((d) => d.kind === 'Deployment' || d.kind === 'Job');

  test('Deployments for web and worker and a migration Job, each running its service entry', () => {
    const entries = Object.fromEntries(workloads.map((d) => [d.metadata.name, podOf(d).containers.map((c) => entryOf(c.args))]));
    expect(entries).toEqual({ 'esop-web': ['main'], 'esop-worker': ['worker'], 'esop-migrate': ['migrate'] });
    // `command` would replace the image's entry point (tini, which hands SIGTERM to node and reaps its children)
    expect(workloads.flatMap((d) => podOf(d).containers.filter((c) => c.command).map((c) => `${d.metadata.name}/${c.name}`))).toEqual([]);
  });

  test.each(['esop-web', 'esop-worker', 'esop-migrate'])('%s: settings the service knows, valid, secrets as mounted files', (name) => {
    const pod = podOf(workloads.find((d) => d.metadata.name === name));
    for (const c of pod.containers) {
      const env = { ...settings, ...Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value])) };
      expectSettingsKnown(`${name}/${c.name}`, env);
      const secretVolumes = new Set((pod.volumes ?? []).filter((v) => v.secret).map((v) => v.name));
      const secretDirs = (c.volumeMounts ?? []).filter((m) => secretVolumes.has(m.name)).map((m) => m.mountPath);
      for (const [key, path] of Object.entries(env).filter(([k]) => k.endsWith('_FILE'))) {
        expect({ key, mounted: secretDirs.some((d) => path.startsWith(`${d}/`)) }).toEqual({ key, mounted: true });
      }
      expect(c.resources?.requests?.cpu && c.resources?.requests?.memory && c.resources?.limits?.memory).toBeTruthy();
    }
  });

  test('the web\'s probes ask what the service serves, on its port, with time for the readiness checks', () => {
    const web = podOf(find('Deployment', 'esop-web')).containers[0];
    const port = web.env?.find((e) => e.name === 'PORT')?.value ?? settings.PORT ?? '8080';
    expect(web.ports?.find((p) => p.name === web.readinessProbe?.httpGet?.port)?.containerPort).toBe(Number(port));
    expect(web.livenessProbe?.httpGet?.path).toBe(LIVENESS_PATH);
    expect(web.startupProbe?.httpGet?.path).toBe(LIVENESS_PATH);
    expect(web.readinessProbe?.httpGet?.path).toBe(READINESS_PATH);
    expect((web.readinessProbe?.timeoutSeconds ?? 1) * 1000).toBeGreaterThan(parseEnv(settings).READINESS_TIMEOUT_MS);
    // every probe of every workload is one of the two
    const paths = workloads.flatMap((d) => podOf(d).containers.flatMap((c) => [c.livenessProbe, c.readinessProbe, c.startupProbe].filter(Boolean).map((p) => p!.httpGet?.path)));
    expect(paths.every((p) => p === LIVENESS_PATH || p === READINESS_PATH)).toBe(true);
  });

  test('termination grace periods cover the service\'s own stop', () => {
    const web = podOf(find('Deployment', 'esop-web'));
    const worker = podOf(find('Deployment', 'esop-worker'));
    const envOf = (pod: PodSpec) => ({ ...settings, ...Object.fromEntries((pod.containers[0].env ?? []).map((e) => [e.name, e.value])) });
    expect((web.terminationGracePeriodSeconds ?? 30) * 1000).toBeGreaterThan(webStopMs(envOf(web)));
    expect((worker.terminationGracePeriodSeconds ?? 30) * 1000).toBeGreaterThan(workerStopMs(envOf(worker)));
  });

  test('disruption budgets and autoscalers point at the Deployments', () => {
    const labelsOf = (name: string) => (find('Deployment', name)?.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels;
    const budgets = docs.filter((d) => d.kind === 'PodDisruptionBudget');
    expect(budgets.length).toBe(2);
    for (const b of budgets) {
      const selector = (b.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels;
      expect(labelsOf(b.metadata.name)).toMatchObject(selector);
    }
    const scalers = docs.filter((d) => d.kind === 'HorizontalPodAutoscaler');
    expect(scalers.length).toBeGreaterThan(0);
    for (const h of scalers) {
      const target = (h.spec as { scaleTargetRef: { kind: string; name: string } }).scaleTargetRef;
      expect(find(target.kind, target.name)).toBeDefined();
    }
  });
});
