/**
 * The case read in words (issue 36), with the desk's calls faked: every step's fields labelled and every coded answer
 * as its text for a cn and an hk application in the three languages, no field name or JSON on the screen; what a
 * resubmission changed; the verification proofs and their decision; the keyboard shortcuts.
 */
jest.mock('@core/api/staff', () => ({ ...jest.requireActual('@core/api/staff'), staffApi: jest.fn() }));

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Lang } from '@core/domain/calls';
import { sampleApplicationData } from '@core/testing/application-samples';
import { makeApplication } from '@core/testing/factories';
import { callsOf, caseOf, fake, open, rita } from './desk-testing';

// a loaded machine (the whole suite on two cores) takes the desk's screens past the default 5 s per test
// the desk renders antd tables and forms in jsdom: several seconds a test on a busy 2-core machine, 60 s at most
jest.setTimeout(60000);

beforeEach(() => {
  window.location.hash = '';
});

const CASE = 'APP00000000000000001';

async function fullCase(clientType: 'cn' | 'hk', over: Record<string, unknown> = {}) {
  const { data, steps } = await sampleApplicationData(clientType);
  const files = [
    { ossId: 'oss000001', step: clientType === 'cn' ? 'IDCARD' : 'HK_IDCARD', path: clientType === 'cn' ? 'documentInfo.idCard.front' : 'documentInfo.nonMainlandDocument.front', mime: 'image/png', size: 10, createdAt: '2026-11-28T02:00:00.000Z' },
    { ossId: 'oss000002', step: clientType === 'cn' ? 'IDCARD' : 'PROOFADDRESS', path: clientType === 'cn' ? 'documentInfo.idCard.back' : 'documentInfo.proofOfAddress[0]', mime: 'image/png', size: 10, createdAt: '2026-11-28T02:00:00.000Z' },
  ];
  return caseOf({
    application: makeApplication({ appId: CASE, clientType, clientStatus: 0, applyStatus: 1200, name: 'CHAN Tai Man', applyStepsName: steps, latestStep: steps[steps.length - 1], data }),
    files,
    fourEyes: false,
    resubmission: null,
    sinceLastView: null,
    witness: null,
    ...over,
  });
}

/** the words every language must show instead of codes, by language: an option, a band, a document type */
const EXPECTED: Record<Lang, { hk: string[]; cn: string[] }> = {
  en: { hk: ['Education', 'University', 'Net assets', 'HK$1,000,000 – HK$5,000,000', 'Hong Kong identity card', 'Hong Kong stocks'], cn: ['Mainland China resident identity card', 'RMB 1,000,000 – RMB 5,000,000', 'Real estate'] },
  'zh-TW': { hk: ['教育程度', '大學', '資產淨值', '100萬-500萬港元', '香港身份證'], cn: ['大學', '中華人民共和國居民身份證'] },
  'zh-CN': { hk: ['学历', '本科', '香港身份证'], cn: ['本科', '中华人民共和国居民身份证', '100万-500万元'] },
};

describe.each(['en', 'zh-TW', 'zh-CN'] as Lang[])('the case in %s', (lang) => {
  test.each(['hk', 'cn'] as const)('a %s application: every field in words, no field names, codes or JSON', async (clientType) => {
    fake({ staffMe: () => rita, staffCase: async () => fullCase(clientType) });
    open(`#/queue/${CASE}`, lang);
    await waitFor(() => expect(document.querySelectorAll('.desk-case__main .ant-descriptions-item-content').length).toBeGreaterThan(30));
    const text = document.querySelector('.desk-case__main')?.textContent ?? '';
    for (const words of EXPECTED[lang][clientType]) expect(text).toContain(words);
    expect(text).not.toMatch(/[{}]|"[a-z]+"\s*:/);
    expect(text).not.toMatch(/\b(idType|employmentInfo|financialInfo|documentInfo|marketOpen|identityExposureInfo|zhTc)\b/);
    // a value that is only a code (a lone number where a word belongs) is a bug: labels with only digits are too
    const cells = Array.from(document.querySelectorAll('.desk-case__main .ant-descriptions-item-content')).map((c) => c.textContent?.trim() ?? '');
    expect(cells.filter((c) => /^\d{1,2}$/.test(c))).toEqual([]);
  });
});

test('a resubmission: the changed fields before and after, in words, and the documents named', async () => {
  const c = await fullCase('hk', {
    resubmission: {
      previousAt: '2026-11-28T02:00:00.000Z',
      at: '2026-11-29T02:00:00.000Z',
      rows: [
        { step: 'FINANCE', key: 'financialInfo.netAsset', label: { id: 'finance.netAssetLabel' }, before: [{ msg: { id: 'finance.asset.HKD.2' } }], after: [{ msg: { id: 'finance.asset.HKD.3' } }], newFiles: [] },
        { step: 'PROOFADDRESS', key: 'documentInfo.proofOfAddress', label: { id: 'address.proof' }, before: [], after: [{ file: 'oss000002' }], newFiles: ['oss000002'] },
      ],
    },
  });
  fake({ staffMe: () => rita, staffCase: () => c });
  const user = userEvent.setup({ delay: null });
  open(`#/queue/${CASE}`);
  expect(await screen.findByText('Resubmitted: 2 fields changed since the last submission.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Show the changes' }));
  const table = await screen.findByRole('table');
  const rows = within(table).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('Net assets');
  expect(rows[1]).toHaveTextContent('HK$1,000,000 – HK$5,000,000');
  expect(rows[1]).toHaveTextContent('HK$5,000,000 – HK$10,000,000');
  expect(rows[2]).toHaveTextContent('Proof of address 1new');
  // the changed field is marked in the data too
  await user.click(screen.getByRole('tab', { name: 'Data' }));
  expect(screen.getAllByText('changed').length).toBeGreaterThan(0);
});

test('proofs to verify: named first among the documents, accepted after confirming', async () => {
  const c = await fullCase('cn', {
    application: { ...(await fullCase('cn')).application, applyStatus: 1500 },
    witness: { at: '2026-11-29T02:00:00.000Z', idFiles: 1, addressFiles: 1, refusal: null },
    files: [
      { ossId: 'w1', step: 'WITNESS', path: 'idFiles[0]', mime: 'image/png', size: 10, createdAt: '2026-11-29T02:00:00.000Z' },
      { ossId: 'w2', step: 'WITNESS', path: 'addressFiles[0]', mime: 'application/pdf', size: 10, createdAt: '2026-11-29T02:00:00.000Z' },
    ],
  });
  fake({ staffMe: () => rita, staffCase: () => c, staffDecide: () => ({ application: { ...c.application, applyStatus: 1200 }, waitingForSecond: false }) });
  const user = userEvent.setup({ delay: null });
  open(`#/queue/${CASE}`);
  expect(await screen.findByText('Professional-person verification: proofs to check')).toBeInTheDocument();
  expect(screen.getAllByText('Proofs to verify').length).toBeGreaterThan(0);
  const docs = screen.getByRole('list', { name: 'Documents' });
  expect(within(docs).getAllByRole('button').map((b) => b.textContent)).toEqual(['Verification: identity document 1', 'Verification: proof of address 1']);
  expect(screen.getByRole('tab', { name: 'Verification proofs', selected: true })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Accept the proofs' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Accept the proofs and put the application back under review?');
  await act(async () => {
    await user.click(within(dialog).getByRole('button', { name: 'Accept the proofs' }));
  });
  await waitFor(() => expect(callsOf('staffDecide')).toEqual([{ appId: CASE, action: 'witness', outcome: 'accept' }]));
});

test('by keyboard: ? lists the shortcuts, j opens the next document, a asks to approve; after the decision, the next case', async () => {
  const c = await fullCase('hk');
  fake({ staffMe: () => rita, staffCase: () => c, staffDecide: () => ({ application: { ...c.application, applyStatus: 4000 }, waitingForSecond: false }), staffQueue: () => ({ rows: [], total: 0, counts: {}, expectedHours: {} }) });
  open(`#/queue/${CASE}`);
  const first = await screen.findByRole('button', { name: 'HKID card, front', pressed: true });
  expect(first).toBeInTheDocument();
  fireEvent.keyDown(window, { key: '?' });
  const list = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
  expect(within(list).getByText('Next document')).toBeInTheDocument();
  fireEvent.click(within(list).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
  fireEvent.keyDown(window, { key: 'j' });
  expect(await screen.findByRole('button', { name: 'Proof of address 1', pressed: true })).toBeInTheDocument();
  fireEvent.keyDown(window, { key: 'a' });
  const confirm = await screen.findByRole('dialog');
  expect(confirm).toHaveTextContent('Approve and open the account?');
  await act(async () => {
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
  });
  await waitFor(() => expect(callsOf('staffDecide')).toEqual([{ appId: CASE, action: 'approve' }]));
  // the case ended in the reviewer's hands: the next one is looked for (none left: back to the queue)
  await waitFor(() => expect(callsOf('staffQueue')[0]).toEqual(expect.objectContaining({ free: 'true', status: '1200' })));
  expect(await screen.findByRole('heading', { name: 'Applications to review' })).toBeInTheDocument();
});
