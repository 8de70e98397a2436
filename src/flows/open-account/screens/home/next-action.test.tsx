/**
 * The sequence behind the home page's Next, branch by branch (spec part 1 §4), with recorded ports.
 * (File ends in .tsx so the jest `client` project picks it up.)
 */
import type { ApplicationView, AreaType, StepName } from '@core/domain';
import { makeApplication } from '@core/testing/factories';
import { runNextAction, type NextActionPorts } from './next-action';

class CodeError extends Error {
  constructor(
    readonly code: number | string,
    readonly data?: unknown,
  ) {
    super(String(code));
  }
}

const app = (over: Partial<ApplicationView> = {}): ApplicationView =>
  makeApplication({ appId: 'APP123456', applyStepsName: ['HK_IDCARD', 'USERINFO', 'PROOFADDRESS'], ...over });

const CN_STEPS: StepName[] = ['IDCARD', 'BANKCARD', 'JOBSTATUS'];

interface Setup {
  area?: Partial<AreaType>;
  ip?: { country: string; region: string };
  inApp?: boolean;
  version?: string | null;
  location?: () => Promise<{ latitude: number; longitude: number }>;
  city?: string;
  check?: () => Promise<unknown>;
  existing?: ApplicationView | null;
  start?: NextActionPorts['start'];
  switchType?: NextActionPorts['switchType'];
  confirms?: Partial<Record<'switchType' | 'statement', boolean>>;
  esop?: boolean;
  strictMarked?: boolean;
}

function ports(s: Setup = {}) {
  const calls: string[] = [];
  const log = (x: string) => calls.push(x);
  const p: NextActionPorts & { calls: string[] } = {
    calls,
    esop: s.esop ?? false,
    getAreaType: jest.fn(async () => ({ openingLimitType: 0, statementLimitType: 1, statementSkipType: '0', ...s.area })),
    getIpLocation: jest.fn(async () => s.ip ?? { country: 'HK', region: '' }),
    isInApp: () => s.inApp ?? false,
    appVersion: () => (s.version === undefined ? '2.2.0' : s.version),
    getLocation: jest.fn(s.location ?? (async () => ({ latitude: 22.3, longitude: 114.2 }))),
    getCityCode: jest.fn(async () => s.city ?? '15681'),
    markStrict: jest.fn(() => {
      log('markStrict');
    }),
    isStrictMarked: jest.fn(async () => s.strictMarked ?? false),
    applyCheck: jest.fn(s.check ?? (async () => ({ ok: true }))),
    getApplication: jest.fn(async () => (s.existing === undefined ? null : s.existing)),
    start: jest.fn(
      s.start ??
        (async (req) => {
          const steps: StepName[] = req.oaType === 1 ? [...CN_STEPS] : ['HK_IDCARD', 'USERINFO'];
          if (req.withStatement === 'first') steps.unshift('STATEMENT');
          if (req.withStatement === 'last') steps.push('STATEMENT');
          return { nextStep: steps[0], application: app({ oaType: req.oaType, applyStepsName: steps }) };
        }),
    ),
    switchType: jest.fn(
      s.switchType ??
        (async (req) => ({ nextStep: req.data.oaType === 1 ? 'IDCARD' : 'HK_IDCARD', application: app({ oaType: req.data.oaType }) })),
    ),
    insertStatement: jest.fn(async (req) => ({
      application: app({
        oaType: 1,
        applyStepsName: req.position === 'first' ? ['STATEMENT', ...CN_STEPS] : [...CN_STEPS, 'STATEMENT'],
        latestStep: 'IDCARD',
      }),
    })),
    confirm: jest.fn(async (kind) => {
      log(`confirm:${kind}`);
      return s.confirms?.[kind] ?? true;
    }),
    inform: jest.fn((kind, data) => log(`inform:${kind}${data?.url ? `:${data.url}` : ''}`)),
    toast: jest.fn((kind) => log(`toast:${kind}`)),
    navigate: jest.fn((to) => log(`navigate:${to}`)),
    onError: jest.fn((err) => log(`error:${(err as CodeError).code}`)),
  };
  return p;
}

describe('hk', () => {
  test('always continues: starts a new application and goes to its first step', async () => {
    const p = ports({ area: { openingLimitType: 3 } });
    await expect(runNextAction('hk', p)).resolves.toEqual({ kind: 'navigated', to: '/HK_IDcard' });
    expect(p.getAreaType).not.toHaveBeenCalled();
    expect(p.start).toHaveBeenCalledWith({ oaType: 2, esop: false });
  });

  test('the ESOP page starts the application marked as ESOP', async () => {
    const p = ports({ esop: true });
    await runNextAction('hk', p);
    expect(p.start).toHaveBeenCalledWith({ oaType: 2, esop: true });
  });
});

describe('cn area types', () => {
  test.each([
    // [openingLimitType, ip, expected start withStatement or stop]
    [0, { country: 'CN', region: 'GD' }, 'start'],
    [1, { country: 'CN', region: 'GD' }, 'start'],
    [2, { country: 'HK', region: '' }, 'start'],
    [2, { country: 'CN', region: 'HK' }, 'start'],
    [2, { country: 'CN', region: 'GD' }, 'statement'],
    [3, { country: 'HK', region: '' }, 'statement'],
  ])('area type %s with IP %j → %s', async (openingLimitType, ip, expected) => {
    const p = ports({ area: { openingLimitType }, ip });
    const result = await runNextAction('cn', p);
    if (expected === 'start') {
      expect(p.confirm).not.toHaveBeenCalled();
      expect(p.start).toHaveBeenCalledWith({ oaType: 1, esop: false });
      expect(result).toEqual({ kind: 'navigated', to: '/IDcard' });
    } else {
      expect(p.calls[0]).toBe('confirm:statement');
      expect(p.start).toHaveBeenCalledWith({ oaType: 1, esop: false, withStatement: 'first' });
      expect(result).toEqual({ kind: 'navigated', to: '/statement' });
    }
  });

  test('IP is only asked for types 2 and 5', async () => {
    for (const t of [0, 3, 4]) {
      const p = ports({ area: { openingLimitType: t }, inApp: true });
      await runNextAction('cn', p);
      expect(p.getIpLocation).not.toHaveBeenCalled();
    }
  });

  test('type 5 outside mainland goes to the app geolocation limit', async () => {
    const p = ports({ area: { openingLimitType: 5 }, ip: { country: 'US', region: 'CA' }, inApp: false });
    await expect(runNextAction('cn', p)).resolves.toEqual({ kind: 'stopped', reason: 'needApp' });
    expect(p.calls).toEqual(['inform:downloadApp']);
  });

  test('type 5 inside mainland is strict at once (no geolocation)', async () => {
    const p = ports({ area: { openingLimitType: 5 }, ip: { country: 'CN', region: 'BJ' }, inApp: true });
    await runNextAction('cn', p);
    expect(p.getLocation).not.toHaveBeenCalled();
    expect(p.calls[0]).toBe('confirm:statement');
  });
});

describe('app geolocation limit (type 4)', () => {
  test('outside the app → download dialog, nothing started', async () => {
    const p = ports({ area: { openingLimitType: 4 }, inApp: false });
    await expect(runNextAction('cn', p)).resolves.toEqual({ kind: 'stopped', reason: 'needApp' });
    expect(p.start).not.toHaveBeenCalled();
  });

  test('app 2.1.0 → upgrade toast', async () => {
    const p = ports({ area: { openingLimitType: 4 }, inApp: true, version: '2.1.0' });
    await expect(runNextAction('cn', p)).resolves.toEqual({ kind: 'stopped', reason: 'needUpgrade' });
    expect(p.calls).toEqual(['toast:upgradeApp']);
    expect(p.getLocation).not.toHaveBeenCalled();
  });

  test('app 2.2.0 in a mainland city → strict mode stored, statement dialog', async () => {
    const p = ports({ area: { openingLimitType: 4 }, inApp: true, version: '2.2.0', city: '156440300' });
    await runNextAction('cn', p);
    expect(p.getCityCode).toHaveBeenCalledWith('22.3,114.2');
    expect(p.calls.slice(0, 2)).toEqual(['markStrict', 'confirm:statement']);
  });

  test.each(['15681', '15682', '15671', '840'])('city code %s is not mainland: normal flow', async (city) => {
    const p = ports({ area: { openingLimitType: 4 }, inApp: true, version: '2.10.0', city });
    await runNextAction('cn', p);
    expect(p.markStrict).not.toHaveBeenCalled();
    expect(p.start).toHaveBeenCalledWith({ oaType: 1, esop: false });
  });

  test.each([4, 5])('area type %i: a mainland position marked earlier → strict without a new location check', async (type) => {
    const p = ports({ area: { openingLimitType: type }, inApp: true, version: '2.2.0', strictMarked: true, ip: { country: 'HK', region: '' } });
    await runNextAction('cn', p);
    expect(p.getLocation).not.toHaveBeenCalled();
    expect(p.calls[0]).toBe('confirm:statement');
    expect(p.start).toHaveBeenCalledWith({ oaType: 1, esop: false, withStatement: 'first' });
  });

  test('the mark does not matter where no location limit applies (area type 0)', async () => {
    const p = ports({ area: { openingLimitType: 0 }, strictMarked: true });
    await runNextAction('cn', p);
    expect(p.start).toHaveBeenCalledWith({ oaType: 1, esop: false });
  });

  test('151205 on start (the service sees a restricted area) → strict handling → start once more with STATEMENT', async () => {
    const start = jest.fn(async (req: { oaType: 1 | 2; withStatement?: 'first' | 'last' }) => {
      if (!req.withStatement) throw new CodeError(151205);
      return { nextStep: 'STATEMENT', application: app({ oaType: 1, applyStepsName: ['STATEMENT', ...CN_STEPS] }) };
    });
    const p = ports({ area: { openingLimitType: 0 }, start });
    await expect(runNextAction('cn', p)).resolves.toEqual({ kind: 'navigated', to: '/statement' });
    expect(start).toHaveBeenCalledTimes(2);
    expect(start).toHaveBeenLastCalledWith({ oaType: 1, esop: false, withStatement: 'first' });
    expect(p.calls).toEqual(['confirm:statement', 'navigate:/statement']);
  });

  test('location permission denied (1004) → settings dialog', async () => {
    const p = ports({ area: { openingLimitType: 4 }, inApp: true, location: () => Promise.reject({ code: 1004 }) });
    await expect(runNextAction('cn', p)).resolves.toEqual({ kind: 'stopped', reason: 'locationPermission' });
    expect(p.calls).toEqual(['inform:locationSettings']);
  });

  test('other location failure → location toast', async () => {
    const p = ports({ area: { openingLimitType: 4 }, inApp: true, location: () => Promise.reject({ code: 'TIMEOUT' }) });
    await expect(runNextAction('cn', p)).resolves.toEqual({ kind: 'stopped', reason: 'locationFailed' });
    expect(p.calls).toEqual(['toast:locationFailed']);
  });
});

describe('strict handling', () => {
  test('statement limit type 0 → mainland blocked toast', async () => {
    const p = ports({ area: { openingLimitType: 3, statementLimitType: 0 } });
    await expect(runNextAction('cn', p)).resolves.toEqual({ kind: 'stopped', reason: 'mainlandBlocked' });
    expect(p.calls).toEqual(['toast:mainlandBlocked']);
    expect(p.applyCheck).not.toHaveBeenCalled();
  });

  test('skip "1" → no dialog, STATEMENT appended last, first ordinary step next', async () => {
    const p = ports({ area: { openingLimitType: 3, statementSkipType: '1' } });
    await expect(runNextAction('cn', p)).resolves.toEqual({ kind: 'navigated', to: '/IDcard' });
    expect(p.confirm).not.toHaveBeenCalled();
    expect(p.start).toHaveBeenCalledWith({ oaType: 1, esop: false, withStatement: 'last' });
  });

  test('statement dialog cancelled → nothing happens', async () => {
    const p = ports({ area: { openingLimitType: 3 }, confirms: { statement: false } });
    await expect(runNextAction('cn', p)).resolves.toEqual({ kind: 'stopped', reason: 'cancelled' });
    expect(p.applyCheck).not.toHaveBeenCalled();
    expect(p.navigate).not.toHaveBeenCalled();
  });

  test('existing cn application: statement inserted first, then the statement page', async () => {
    const existing = app({ oaType: 1, clientType: 'cn', applyStepsName: CN_STEPS, latestStep: 'IDCARD' });
    const p = ports({ area: { openingLimitType: 3 }, existing });
    await expect(runNextAction('cn', p)).resolves.toEqual({ kind: 'navigated', to: '/statement' });
    expect(p.insertStatement).toHaveBeenCalledWith({ appId: 'APP123456', position: 'first' });
    expect(p.start).not.toHaveBeenCalled();
  });

  test('existing cn application with skip allowed: statement appended, resume where left', async () => {
    const existing = app({ oaType: 1, clientType: 'cn', applyStepsName: CN_STEPS, latestStep: 'IDCARD' });
    const p = ports({ area: { openingLimitType: 3, statementSkipType: '1' }, existing });
    await expect(runNextAction('cn', p)).resolves.toEqual({ kind: 'navigated', to: '/bankCard' });
    expect(p.insertStatement).toHaveBeenCalledWith({ appId: 'APP123456', position: 'last' });
  });

  test('existing application that already has STATEMENT is not changed', async () => {
    const existing = app({ oaType: 1, clientType: 'cn', applyStepsName: ['STATEMENT', ...CN_STEPS], latestStep: 'STATEMENT' });
    const p = ports({ area: { openingLimitType: 3 }, existing });
    await expect(runNextAction('cn', p)).resolves.toEqual({ kind: 'navigated', to: '/IDcard' });
    expect(p.insertStatement).not.toHaveBeenCalled();
  });
});

describe('application check', () => {
  test('151000 stops silently', async () => {
    const p = ports({ check: () => Promise.reject(new CodeError(151000)) });
    await expect(runNextAction('hk', p)).resolves.toEqual({ kind: 'stopped', reason: 'organisation' });
    expect(p.calls).toEqual([]);
    expect(p.start).not.toHaveBeenCalled();
  });

  test('151100 shows the partner dialog with its link', async () => {
    const p = ports({ check: () => Promise.reject(new CodeError(151100, { url: 'https://partner.example/open' })) });
    await expect(runNextAction('hk', p)).resolves.toEqual({ kind: 'stopped', reason: 'partner' });
    expect(p.calls).toEqual(['inform:partner:https://partner.example/open']);
  });

  test('other check failures go to the general handler', async () => {
    const p = ports({ check: () => Promise.reject(new CodeError('NETWORK')) });
    await expect(runNextAction('hk', p)).resolves.toEqual({ kind: 'stopped', reason: 'error' });
    expect(p.calls).toEqual(['error:NETWORK']);
  });
});

describe('start, continue, switch', () => {
  test('same type: continue at the resume step', async () => {
    const p = ports({ existing: app({ latestStep: 'HK_IDCARD' }) });
    await expect(runNextAction('hk', p)).resolves.toEqual({ kind: 'navigated', to: '/UserInfo' });
    expect(p.start).not.toHaveBeenCalled();
    expect(p.confirm).not.toHaveBeenCalled();
  });

  test('oaType 5 counts as hk', async () => {
    const p = ports({ existing: app({ oaType: 5 }) });
    await expect(runNextAction('hk', p)).resolves.toEqual({ kind: 'navigated', to: '/HK_IDcard' });
  });

  test('other type: confirm, then switch, then the new first step', async () => {
    const p = ports({ existing: app() });
    await expect(runNextAction('cn', p)).resolves.toEqual({ kind: 'navigated', to: '/IDcard' });
    expect(p.calls).toEqual(['confirm:switchType', 'navigate:/IDcard']);
    expect(p.switchType).toHaveBeenCalledWith({ appId: 'APP123456', data: { oaType: 1 } });
  });

  test('switch declined → nothing', async () => {
    const p = ports({ existing: app(), confirms: { switchType: false } });
    await expect(runNextAction('cn', p)).resolves.toEqual({ kind: 'stopped', reason: 'cancelled' });
    expect(p.switchType).not.toHaveBeenCalled();
  });

  test('151205 on switch → strict handling, then the switch with the statement first', async () => {
    const switchType = jest
      .fn<ReturnType<NextActionPorts['switchType']>, Parameters<NextActionPorts['switchType']>>()
      .mockRejectedValueOnce(new CodeError(151205))
      .mockResolvedValueOnce({ nextStep: 'STATEMENT', application: app({ oaType: 1 }) });
    const p = ports({ existing: app(), switchType });
    await expect(runNextAction('cn', p)).resolves.toEqual({ kind: 'navigated', to: '/statement' });
    expect(p.calls).toEqual(['confirm:switchType', 'confirm:statement', 'navigate:/statement']);
    expect(switchType).toHaveBeenLastCalledWith({ appId: 'APP123456', data: { oaType: 1 }, withStatement: 'first' });
  });

  test('151205 with statement limit type 0 → mainland blocked', async () => {
    const p = ports({
      existing: app(),
      area: { statementLimitType: 0 },
      switchType: () => Promise.reject(new CodeError(151205)),
    });
    await expect(runNextAction('cn', p)).resolves.toEqual({ kind: 'stopped', reason: 'mainlandBlocked' });
    expect(p.calls).toEqual(['confirm:switchType', 'toast:mainlandBlocked']);
  });

  test('start failure → "application submission failed" toast', async () => {
    const p = ports({ start: () => Promise.reject(new CodeError(100500)) });
    await expect(runNextAction('hk', p)).resolves.toEqual({ kind: 'stopped', reason: 'startFailed' });
    expect(p.calls).toEqual(['toast:startFailed']);
  });

  test('151303 on start (the other type appeared meanwhile) → switch confirm → switch', async () => {
    const getApplication = jest.fn().mockResolvedValueOnce(null).mockResolvedValueOnce(app());
    const p = ports({ start: () => Promise.reject(new CodeError(151303)) });
    p.getApplication = getApplication;
    await expect(runNextAction('cn', p)).resolves.toEqual({ kind: 'navigated', to: '/IDcard' });
    expect(p.calls).toEqual(['confirm:switchType', 'navigate:/IDcard']);
  });

  test('start with an expired login goes to the general handler instead', async () => {
    const p = ports({ start: () => Promise.reject(new CodeError(100008)) });
    await runNextAction('hk', p);
    expect(p.calls).toEqual(['error:100008']);
  });
});

describe('an application past submission (issue 10)', () => {
  test.each([
    ['hk submitted (1200)', app({ clientType: 'hk', oaType: 2, applyStatus: 1200 }), 'hk', '/AccountStatus'],
    ['hk awaiting the verification (1500)', app({ clientType: 'hk', oaType: 2, applyStatus: 1500 }), 'hk', '/AccountStatus'],
    ['cn submitted, the other card chosen', app({ clientType: 'cn', oaType: 1, applyStatus: 1200, applyStepsName: CN_STEPS }), 'hk', '/openStatus'],
    ['cn opened (client status 31)', app({ clientType: 'cn', oaType: 1, applyStatus: 1110, clientStatus: 31, applyStepsName: CN_STEPS }), 'cn', '/openStatus'],
    ['hk sent back with steps: the reason first', app({ clientType: 'hk', oaType: 2, applyStatus: 1900, rejectData: { steps: ['USERINFO'], message: 'x' } }), 'hk', '/AccountStatus'],
  ] as const)('%s → its status page, nothing started, switched or inserted', async (_n, existing, choice, to) => {
    const p = ports({ existing });
    await expect(runNextAction(choice, p)).resolves.toEqual({ kind: 'navigated', to });
    expect(p.start).not.toHaveBeenCalled();
    expect(p.switchType).not.toHaveBeenCalled();
    expect(p.insertStatement).not.toHaveBeenCalled();
    expect(p.confirm).not.toHaveBeenCalled();
  });

  test('an application still being filled in resumes as before', async () => {
    const p = ports({ existing: app({ applyStatus: 1010, latestStep: 'HK_IDCARD' }) });
    await expect(runNextAction('hk', p)).resolves.toEqual({ kind: 'navigated', to: '/UserInfo' });
  });
});
