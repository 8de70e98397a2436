/**
 * The desk's screen tests' fakes (each test file mocks @core/api/staff's staffApi with jest.mock first): the calls
 * answered by handlers and recorded, staff members, a queue row and a case as the service gives them, the desk opened
 * at an address.
 */
import { configure, render } from '@testing-library/react';
import { ApiError, staffApi } from '@core/api/staff';
import { makeApplication } from '@core/testing/factories';
import type { Lang } from '@core/domain/calls';
import { DeskApp } from './DeskApp';

// the desk boots (its texts, the session check, the first list) before the first thing a test waits for: on a busy
// machine that is more than Testing Library's default second
configure({ asyncUtilTimeout: 5000 });

// jsdom has no pseudo-element styles (rc-util measures the scrollbar with one): the element's own
const computed = window.getComputedStyle.bind(window);
window.getComputedStyle = (el: Element) => computed(el);

type Handler = (payload: any) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
const calls: { name: string; payload: unknown }[] = [];

export function fake(handlers: Record<string, Handler>) {
  calls.length = 0;
  (staffApi as jest.Mock).mockImplementation(async (name: string, payload?: unknown) => {
    calls.push({ name, payload });
    const h = handlers[name];
    if (!h) throw new ApiError(100404, `no fake for ${name}`, undefined, 404);
    return h(payload);
  });
}
export const callsOf = (name: string) => calls.filter((c) => c.name === name).map((c) => c.payload);

export const rita = { staffId: 's1', login: 'rita', displayName: 'Rita Reviewer', role: 'reviewer' as const };
export const alan = { staffId: 's2', login: 'alan', displayName: 'Alan Approver', role: 'approver' as const };

export const row = (over: Record<string, unknown> = {}) => ({
  appId: 'APP00000000000000001',
  name: 'CHAN Tai Man',
  phone: '+852 6****001',
  clientType: 'hk',
  oaType: 2,
  accountType: 2,
  applyStatus: 1200,
  submittedAt: '2026-11-28T02:00:00.000Z',
  amlHit: false,
  faceScore: 91,
  claimedBy: null,
  firstApprovalBy: null,
  ...over,
});

export const queueOf = (rows: unknown[]) => () => ({ rows, total: rows.length, counts: { '1200': rows.length }, expectedHours: { '1200': 6 } });

export const caseOf = (over: Record<string, unknown> = {}) => ({
  application: makeApplication({
    appId: 'APP00000000000000001',
    clientStatus: 0,
    applyStatus: 1200,
    name: 'CHAN Tai Man',
    applyStepsName: ['STATEMENT', 'HK_IDCARD', 'USERINFO', 'FINANCE', 'SELECTACCOUNT'],
    latestStep: 'SELECTACCOUNT',
    data: { HK_IDCARD: { idNumber: 'K1234567' }, USERINFO: { lastName: 'CHAN', email: 'tm@example.com' }, SELECTACCOUNT: { accountType: 2 } },
  }),
  applicant: { phone: '+852 61230001', userId: 'u1' },
  submittedAt: '2026-11-28T02:00:00.000Z',
  files: [],
  aml: [],
  face: [],
  duplicates: [],
  ocr: [],
  claimedBy: { staffId: 's1', displayName: 'Rita Reviewer', at: '2026-11-28T03:00:00.000Z' },
  firstApproval: null,
  fourEyes: true,
  history: [],
  staffNames: {},
  activity: [],
  ...over,
});

export function open(hash: string, lang: Lang = 'en') {
  window.location.hash = hash;
  return render(<DeskApp initialLang={lang} />);
}

