/** The Invitation feature: FeatureCheck per user, InvitationUpdate only when allowed, its input checked. */
import { ErrorCode } from '@core/domain';
import { relationOf } from '../src/modules/invitation/repository';
import { createTestApp, type CallResult, type TestApp, type TestClient } from './helpers';
import { phoneOf, stepUser } from './step-fixtures';
import { findCommand } from '../src/ops/commands';
import { checkParams, parseArgv } from '../src/ops/framework';
import { runCommand } from '../src/ops/run';

async function ops(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  const cmd = findCommand(name)!;
  await runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, name, checkParams(cmd, cmd.parse(parseArgv(rest))));
}

let t: TestApp;
let user: () => Promise<TestClient>;
const errorOf = (res: CallResult) => res.body.error?.code;

beforeAll(async () => {
  t = await createTestApp();
  user = stepUser(t, '935', { start: 50000 });
});
afterAll(() => t.close());

test('allowed by default: FeatureCheck says so, and the invite code is recorded (upper case, replaced by a later one)', async () => {
  const c = await user();
  expect((await c.call('featureCheck', { features: 'Invitation' })).body.result).toEqual({ allow: true });
  expect((await c.call('invitationUpdate', { stage: 'openAccount', code: 'w090-a' })).body.result).toEqual({ code: 'W090-A', stage: 'openAccount' });
  await c.call('invitationUpdate', { stage: 'openAccount', code: 'B1' });
  const userId = (await t.db.query<{ id: string }>('SELECT id FROM users WHERE phone = $1', [phoneOf(c)])).rows[0].id;
  expect(await relationOf(t.db, userId)).toMatchObject({ code: 'B1', stage: 'openAccount' });
});

test('an unknown feature is not allowed', async () => {
  const c = await user();
  expect((await c.call('featureCheck', { features: 'Margin' })).body.result).toEqual({ allow: false });
});

test('staff turned the feature off for the user: FeatureCheck false, InvitationUpdate 152011, nothing recorded', async () => {
  const c = await user();
  await ops(['user', phoneOf(c), '--invitation', '0']);
  expect((await c.call('featureCheck', { features: 'Invitation' })).body.result).toEqual({ allow: false });
  expect(errorOf(await c.call('invitationUpdate', { stage: 'openAccount', code: 'B1' }))).toBe(ErrorCode.FEATURE_NOT_ALLOWED);
  const userId = (await t.db.query<{ id: string }>('SELECT id FROM users WHERE phone = $1', [phoneOf(c)])).rows[0].id;
  expect(await relationOf(t.db, userId)).toBeUndefined();
});

test.each([
  ['a malformed code', { stage: 'openAccount', code: 'a b' }],
  ['an unknown stage', { stage: 'trading', code: 'B1' }],
  ['a code of 17', { stage: 'openAccount', code: 'A'.repeat(17) }],
])('refused: %s', async (_n, body) => {
  const c = await user();
  expect(errorOf(await c.call('invitationUpdate', body as never))).toBe(ErrorCode.INVALID_INPUT);
});

test('without a session: refused', async () => {
  const anon = await t.handshake();
  expect(errorOf(await anon.call('featureCheck', { features: 'Invitation' }))).toBe(ErrorCode.LOGIN_EXPIRED);
});
