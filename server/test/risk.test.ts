/** Risk disclosure: RiskAudioList, RiskMedia (ranges), ApplyRiskConfirm (listening time) and the RISK step's checks. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALLS, ErrorCode } from '@core/domain';
import { projectRoot } from '../src/config';
import { findCommand } from '../src/ops/commands';
import { OpsError, checkParams, parseArgv } from '../src/ops/framework';
import { runCommand } from '../src/ops/run';
import { createTestApp, type TestApp, type TestClient } from './helpers';
import { invalidIssues, saveStep, startApp, stepUser } from './step-fixtures';

// the whole suite runs these beside the client tests, where the default time of a test is 5 s
jest.setTimeout(30_000);

const AGREED = ['riskHeard', 'riskUnderstood', 'riskOwnDecision'];
let t: TestApp;
let newUser: () => Promise<TestClient>;

beforeAll(async () => {
  t = await createTestApp({ env: { RISK_AUTH_CHANNELS: 'W090,fund' } });
  newUser = stepUser(t, '6');
});
afterAll(() => t.close());

const mediaUrl = (id: string) => `${CALLS.riskMedia.path}?id=${encodeURIComponent(id)}`;
const tracksOf = async (c: TestClient, appId: string) => {
  const res = await c.call('riskAudioList', { appId });
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return res.body.result.items as Array<{ id: string; lang: string; audioOssId: string; avatarOssId: string; durationMs: number; name: string; license: string }>;
};

/** An application of this type whose applicant fetched its track's audio `heardMs` ago. */
async function listened(oaType: 1 | 2, heardMs: number, extra: Record<string, unknown> = {}) {
  const c = await newUser();
  const appId = await startApp(c, oaType, extra);
  const [track] = await tracksOf(c, appId);
  const res = await c.inject({ method: 'GET', url: mediaUrl(track.audioOssId) });
  expect(res.statusCode).toBe(200);
  t.clock.advance(heardMs);
  return { c, appId, track };
}

describe('RiskAudioList', () => {
  test('hk applications hear the Cantonese track, cn ones the Mandarin one, with real durations', async () => {
    const c = await newUser();
    const hk = await tracksOf(c, await startApp(c, 2));
    expect(hk.map((i) => i.lang)).toEqual(['yue']);
    const d = await newUser();
    const cn = await tracksOf(d, await startApp(d, 1));
    expect(cn.map((i) => i.lang)).toEqual(['zh']);
    for (const track of [...hk, ...cn]) {
      expect(track.durationMs).toBeGreaterThan(80_000);
      expect(track.durationMs).toBeLessThan(100_000);
      expect(track.name).not.toBe('');
      expect(track.license).not.toBe('');
    }
  });

  test("another user's application: 151301", async () => {
    const owner = await newUser();
    const appId = await startApp(owner, 2);
    const other = await newUser();
    const res = await other.call('riskAudioList', { appId });
    expect(res.body.error?.code).toBe(ErrorCode.NO_APPLICATION);
  });
});

describe('RiskMedia', () => {
  test('the whole audio, a range (206), a suffix range, an unsatisfiable one (416), the avatar', async () => {
    const c = await newUser();
    const [track] = await tracksOf(c, await startApp(c, 2));
    const whole = await c.inject({ method: 'GET', url: mediaUrl(track.audioOssId) });
    expect([whole.statusCode, whole.headers['content-type'], whole.headers['accept-ranges']]).toEqual([200, 'audio/mpeg', 'bytes']);
    const size = whole.rawPayload.length;
    expect(size).toBeGreaterThan(100_000);
    expect(whole.rawPayload.subarray(0, 3).toString()).toBe('ID3'); // the MP3 as encoded

    const part = await c.inject({ method: 'GET', url: mediaUrl(track.audioOssId), headers: { range: 'bytes=100-199' } });
    expect([part.statusCode, part.headers['content-range'], part.rawPayload.length]).toEqual([206, `bytes 100-199/${size}`, 100]);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);

    const open = await c.inject({ method: 'GET', url: mediaUrl(track.audioOssId), headers: { range: `bytes=${size - 10}-` } });
    expect([open.statusCode, open.headers['content-range'], open.rawPayload.length]).toEqual([206, `bytes ${size - 10}-${size - 1}/${size}`, 10]);
    const suffix = await c.inject({ method: 'GET', url: mediaUrl(track.audioOssId), headers: { range: 'bytes=-5' } });
    expect([suffix.statusCode, suffix.rawPayload.length]).toEqual([206, 5]);

    const beyond = await c.inject({ method: 'GET', url: mediaUrl(track.audioOssId), headers: { range: `bytes=${size}-` } });
    expect([beyond.statusCode, beyond.headers['content-range']]).toEqual([416, `bytes */${size}`]);

    const avatar = await c.inject({ method: 'GET', url: mediaUrl(track.avatarOssId) });
    expect([avatar.statusCode, avatar.headers['content-type']]).toEqual([200, 'image/png']);
    expect(String(avatar.headers['cache-control'])).toContain('immutable');
  });

  test('without a session: 100008; an unknown id: 100403; a malformed id: 100400', async () => {
    const anon = await t.app.inject({ method: 'GET', url: mediaUrl('risk-audio-zh') });
    expect(anon.json().error.code).toBe(ErrorCode.LOGIN_EXPIRED);
    const c = await newUser();
    expect((await c.inject({ method: 'GET', url: mediaUrl('no-such-media') })).json().error.code).toBe(ErrorCode.FORBIDDEN);
    expect((await c.inject({ method: 'GET', url: mediaUrl('../etc/passwd') })).json().error.code).toBe(ErrorCode.INVALID_INPUT);
  });
});

describe('ApplyRiskConfirm', () => {
  test('refused before the audio was fetched', async () => {
    const c = await newUser();
    const appId = await startApp(c, 2);
    const [track] = await tracksOf(c, appId);
    expect(invalidIssues(await c.call('applyRiskConfirm', { appId, disclosureId: track.id }))).toEqual(['disclosureId:mustListen']);
  });

  test('refused sooner than the track at the fastest speed (10 outside production), accepted at that time, kept once', async () => {
    const { c, appId, track } = await listened(2, 0);
    const shortest = Math.ceil(track.durationMs / 10);
    t.clock.advance(shortest - 50);
    expect(invalidIssues(await c.call('applyRiskConfirm', { appId, disclosureId: track.id }))).toEqual(['disclosureId:mustListen']);
    t.clock.advance(50);
    const ok = await c.call('applyRiskConfirm', { appId, disclosureId: track.id });
    expect([ok.status, ok.body.result?.disclosureId]).toEqual([200, track.id]);
    t.clock.advance(60_000);
    const again = await c.call('applyRiskConfirm', { appId, disclosureId: track.id });
    expect(again.body.result?.confirmedAt).toBe(ok.body.result?.confirmedAt);
  });

  test('a track of the other language group, or unknown: refused', async () => {
    const { c, appId } = await listened(2, 100_000);
    expect(invalidIssues(await c.call('applyRiskConfirm', { appId, disclosureId: 'risk-zh-1' }))).toEqual(['disclosureId:choice']);
    expect(invalidIssues(await c.call('applyRiskConfirm', { appId, disclosureId: 'nope' }))).toEqual(['disclosureId:choice']);
  });

  test("another user's application: 151301", async () => {
    const { appId, track } = await listened(2, 100_000);
    const other = await newUser();
    expect((await other.call('applyRiskConfirm', { appId, disclosureId: track.id })).body.error?.code).toBe(ErrorCode.NO_APPLICATION);
  });
});

describe('RISK save', () => {
  test('needs a confirmed disclosure of this application', async () => {
    const { c, appId, track } = await listened(2, 100_000);
    expect(invalidIssues(await saveStep(c, appId, 'RISK', { disclosureId: track.id, agreements: AGREED }))).toEqual(['data.disclosureId:mustListen']);
    await c.call('applyRiskConfirm', { appId, disclosureId: track.id });
    const ok = await saveStep(c, appId, 'RISK', { disclosureId: track.id, agreements: AGREED });
    expect([ok.status, ok.body.error]).toEqual([200, undefined]);
    expect(ok.body.result.application.data.RISK).toEqual({ disclosureId: track.id, agreements: AGREED });
  });

  test('the domain rules: every agreement ticked, no unknown field', async () => {
    const { c, appId, track } = await listened(2, 100_000);
    await c.call('applyRiskConfirm', { appId, disclosureId: track.id });
    expect(invalidIssues(await saveStep(c, appId, 'RISK', { disclosureId: track.id, agreements: AGREED.slice(1) }))).toEqual(['data.agreements:mustTick']);
    expect(invalidIssues(await saveStep(c, appId, 'RISK', { disclosureId: track.id, agreements: AGREED, extra: 1 }))).toEqual(['data.extra:choice']);
  });

  test('a listed channel needs the customer authorisation agreement; others may not tick it', async () => {
    const listed = await listened(2, 100_000, { aecode: 'W090' });
    await listed.c.call('applyRiskConfirm', { appId: listed.appId, disclosureId: listed.track.id });
    expect(invalidIssues(await saveStep(listed.c, listed.appId, 'RISK', { disclosureId: listed.track.id, agreements: AGREED }))).toEqual(['data.agreements:mustTick']);
    const ok = await saveStep(listed.c, listed.appId, 'RISK', { disclosureId: listed.track.id, agreements: ['customerAuthorisation', ...AGREED] });
    expect(ok.status).toBe(200);

    const plain = await listened(2, 100_000);
    await plain.c.call('applyRiskConfirm', { appId: plain.appId, disclosureId: plain.track.id });
    expect(invalidIssues(await saveStep(plain.c, plain.appId, 'RISK', { disclosureId: plain.track.id, agreements: ['customerAuthorisation', ...AGREED] }))).toEqual([
      'data.agreements:notOffered',
    ]);
  });
});

describe('ops risk-track', () => {
  const run = async (argv: string[]) => {
    const [name, ...rest] = argv;
    const cmd = findCommand(name)!;
    return runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, name, checkParams(cmd, cmd.parse(parseArgv(rest)))) as Promise<{ track: string; mediaId: string; durationMs: number }>;
  };

  test('a recorded MP3 replaces the track: a new media id, its own length; not an MP3: refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'risk-'));
    // a recording: the shipped Mandarin file cut to its first half (still whole MP3 frames)
    const whole = readFileSync(join(projectRoot(), 'static', 'risk', 'zh.mp3'));
    writeFileSync(join(dir, 'rec.mp3'), whole.subarray(0, Math.floor(whole.length / 2)));
    writeFileSync(join(dir, 'note.txt'), 'not audio');
    const r = await run(['risk-track', 'yue', '--file', join(dir, 'rec.mp3'), '--name', 'Wong Mei Yee']);
    expect(r.track).toBe('risk-yue-1');
    expect(r.durationMs).toBeGreaterThan(30_000);
    expect(r.durationMs).toBeLessThan(60_000);
    const c = await newUser();
    const [track] = await tracksOf(c, await startApp(c, 2));
    expect([track.audioOssId, track.durationMs, track.name]).toEqual([r.mediaId, r.durationMs, 'Wong Mei Yee']);
    await expect(run(['risk-track', 'yue', '--file', join(dir, 'note.txt')])).rejects.toThrow(OpsError);
    await expect(run(['risk-track', 'nope', '--file', join(dir, 'rec.mp3')])).rejects.toThrow(/no risk track/);
  });
});
