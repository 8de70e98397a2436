import {
  afterIpCheck, cnEntryCheck, cnNeedsStatement, compareVersions, geoGate, isMainlandCityCode, isMainlandIp, strictOutcome,
} from './area';

describe('cn entry check by opening-limit (area) type', () => {
  test.each([
    [2, 'ipThenNormal'],
    [3, 'strict'],
    [4, 'geo'],
    [5, 'ipThenGeo'],
    [0, 'normal'],
    [1, 'normal'],
    [6, 'normal'],
    [-1, 'normal'],
  ])('type %i → %s', (type, kind) => {
    expect(cnEntryCheck(type).kind).toBe(kind);
  });

  test.each([
    ['ipThenNormal', true, 'strict'],
    ['ipThenNormal', false, 'normal'],
    ['ipThenGeo', true, 'strict'],
    ['ipThenGeo', false, 'geo'],
  ] as const)('%s with mainland IP %s → %s', (kind, mainland, outcome) => {
    expect(afterIpCheck({ kind }, mainland)).toBe(outcome);
  });
});

describe('mainland IP rule', () => {
  test.each([
    [{ country: 'CN', region: '' }, true],
    [{ country: 'cn', region: 'GD' }, true],
    [{ country: 'CN', region: 'HK' }, false],
    [{ country: 'CN', region: 'MO' }, false],
    [{ country: 'CN', region: 'TW' }, false],
    [{ country: 'HK', region: '' }, false],
    [{ country: 'US', region: 'CA' }, false],
  ])('%o → %s', (loc, mainland) => {
    expect(isMainlandIp(loc)).toBe(mainland);
  });
});

describe('city code rule', () => {
  test.each([
    ['156440300', true],
    ['156110000', true],
    ['156', true],
    ['15681', false],
    ['156810000', false],
    ['15682', false],
    ['156820000', false],
    ['15671', false],
    ['156710000', false],
    ['15683', true],
    ['344', false],
    ['840', false],
    ['1156', false],
  ])('%s → mainland %s', (code, mainland) => {
    expect(isMainlandCityCode(code)).toBe(mainland);
  });
});

describe('app version gate for geolocation', () => {
  test.each([
    [false, '9.9.9', 'needApp'],
    [true, null, 'needUpgrade'],
    [true, '2.1.9', 'needUpgrade'],
    [true, '2.1.10', 'needUpgrade'],
    [true, '2.2', 'ok'],
    [true, '2.2.0', 'ok'],
    [true, '2.10.0', 'ok'],
    [true, '10.0.0', 'ok'],
  ] as const)('in app %s, version %s → %s', (inApp, version, gate) => {
    expect(geoGate(inApp, version)).toBe(gate);
  });

  test('compareVersions is numeric, not lexical', () => {
    expect(compareVersions('2.10.0', '2.9.9')).toBe(1);
    expect(compareVersions('2.2.0', '2.2')).toBe(0);
    expect(compareVersions('1.0', '1.0.1')).toBe(-1);
  });
});

describe('strict handling', () => {
  test.each([
    [1, '1', 'continue'],
    [1, '0', 'statementDialog'],
    [1, '', 'statementDialog'],
    [0, '1', 'mainlandBlocked'],
    [2, '0', 'mainlandBlocked'],
  ])('limit %i, skip %s → %s', (statementLimitType, statementSkipType, kind) => {
    expect(strictOutcome({ statementLimitType, statementSkipType }).kind).toBe(kind);
  });
});

describe('service-side statement requirement for cn', () => {
  test.each([
    [3, false, true],
    [3, true, true],
    [2, true, true],
    [5, true, true],
    [2, false, false],
    [5, false, false],
    [4, true, false],
    [0, true, false],
  ])('limit %i, mainland IP %s → needs statement %s', (type, mainland, needs) => {
    expect(cnNeedsStatement(type, mainland)).toBe(needs);
  });
});
