/**
 * /risk through the screen: roles and labels only, the api faked at callApi, the audio element's played ranges
 * and duration set by the test (jsdom plays nothing).
 */
jest.mock('@core/api/client');

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi, type FakeApiHandlers } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import { toast } from '@core/ui/toast';
import RiskScreen from './RiskScreen';

jest.setTimeout(30000);

const TRACK = { id: 'risk-yue-1', lang: 'yue', name: '陳美玲', license: 'CE No. BQX218', avatarOssId: 'risk-avatar', audioOssId: 'risk-audio-yue', durationMs: 88_000 };
const AGREED = ['riskHeard', 'riskUnderstood', 'riskOwnDecision'];

function api(application: ApplicationView, over: FakeApiHandlers = {}, config = makeClientConfig()) {
  return installFakeApi({
    clientConfig: () => config,
    applyDetail: () => application,
    riskAudioList: () => ({ items: [TRACK] }),
    applyRiskConfirm: (p: { disclosureId: string }) => ({ disclosureId: p.disclosureId, confirmedAt: new Date().toISOString() }),
    applyUpdate: (p: { currentStep: string; data: Record<string, unknown> }) => ({
      application: { ...application, data: { ...application.data, [p.currentStep]: p.data } },
      nextStep: 'SIGN',
    }),
    ...over,
  });
}

const renderPage = (lang: 'en' | 'zh-CN' | 'zh-TW' = 'en') => renderScreenAt('/risk', <RiskScreen />, { lang });
const saves = (a: ReturnType<typeof api>) => (a.calls('applyUpdate') as { draft?: boolean; data: Record<string, unknown> }[]).filter((c) => !c.draft);

/** Makes the page's <audio> report these played ranges and duration, then a timeupdate. */
function played(ranges: Array<[number, number]>, duration = 88) {
  const el = document.querySelector('audio')!;
  Object.defineProperty(el, 'duration', { configurable: true, get: () => duration });
  Object.defineProperty(el, 'played', {
    configurable: true,
    get: () => ({ length: ranges.length, start: (i: number) => ranges[i][0], end: (i: number) => ranges[i][1] }),
  });
  Object.defineProperty(el, 'currentTime', { configurable: true, writable: true, value: ranges.length ? ranges[ranges.length - 1][1] : 0 });
  fireEvent.timeUpdate(el);
}

const tickAll = async (user: ReturnType<typeof renderPage>['user']) => {
  for (const box of screen.getAllByRole('checkbox')) await user.click(box);
};

beforeEach(() => toast.clear());

describe('/risk', () => {
  test('the speaker, the remaining time, speeds with 10x outside production, three agreements; 5 of 6', async () => {
    api(makeApplication());
    renderPage();
    expect(await screen.findByText('陳美玲')).toBeInTheDocument();
    expect(screen.getByText('Licensed representative, CE No. BQX218')).toBeInTheDocument();
    expect(screen.getByText('1:28 left')).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((r) => r.textContent)).toEqual(['1x', '1.25x', '1.5x', '10x']);
    expect(screen.getByRole('radio', { name: '1x' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuetext', '5 of 6');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  test('Next with boxes unticked: each unticked box is marked, the first is focused, nothing is confirmed or saved', async () => {
    const a = api(makeApplication());
    const { user } = renderPage();
    const boxes = await screen.findAllByRole('checkbox');
    await user.click(boxes[0]);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(boxes[1]).toHaveFocus());
    expect(boxes[1]).toHaveAccessibleDescription('Please tick to confirm');
    expect(boxes[2]).toHaveAccessibleDescription('Please tick to confirm');
    expect(boxes[0]).not.toHaveAccessibleDescription();
    expect(toast.current()?.message).toBe('2 fields need your attention');
    expect(a.calls('applyRiskConfirm')).toHaveLength(0);
    await user.click(boxes[1]);
    expect(boxes[1]).not.toHaveAccessibleDescription();
  });

  test('in production no 10x; a listed channel adds the customer authorisation agreement first', async () => {
    api(makeApplication({ aecode: 'W090' }), {}, makeClientConfig({ production: true, riskAuthChannels: ['W090'] }));
    renderPage();
    await screen.findByText('陳美玲');
    expect(screen.getAllByRole('radio').map((r) => r.textContent)).toEqual(['1x', '1.25x', '1.5x']);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(4);
    expect(boxes[0]).toHaveAccessibleName(/Customer Authorisation Agreement/);
  });

  test('ticked but not heard: Next says to listen to the whole audio, nothing is saved', async () => {
    const a = api(makeApplication());
    const { user } = renderPage();
    await screen.findByText('陳美玲');
    await tickAll(user);
    played([[0, 10]]);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(toast.current()?.message).toBe('Please listen to the whole risk disclosure audio');
    expect(a.calls('applyRiskConfirm')).toHaveLength(0);
    expect(saves(a)).toHaveLength(0);
  });

  test('a seek to the end does not count as heard', async () => {
    const a = api(makeApplication());
    const { user } = renderPage();
    await screen.findByText('陳美玲');
    await tickAll(user);
    played([[0, 3], [87.5, 88]]);
    expect(screen.getByText('Heard 3%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(a.calls('applyRiskConfirm')).toHaveLength(0);
  });

  test('heard wholly (ranges split by a speed change) and ticked: confirms, then saves RISK and goes on to /sign', async () => {
    const a = api(makeApplication());
    const { user } = renderPage();
    await screen.findByText('陳美玲');
    await user.click(screen.getByRole('radio', { name: '1.5x' }));
    expect(document.querySelector('audio')!.playbackRate).toBe(1.5);
    played([[0, 40], [40.1, 88]]);
    expect(screen.getByText('Listened in full')).toBeInTheDocument();
    await tickAll(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(saves(a)).toHaveLength(1));
    expect(a.calls('applyRiskConfirm')).toEqual([{ appId: expect.any(String), disclosureId: 'risk-yue-1' }]);
    expect(saves(a)[0].data).toEqual({ disclosureId: 'risk-yue-1', agreements: AGREED });
    await waitFor(() => expect(currentLocation()).toBe('/sign'));
  });

  test('the service refusing the confirmation (too soon) shows the listening message', async () => {
    const a = api(makeApplication(), {
      applyRiskConfirm: () => {
        throw new ApiError(100400, 'invalid', { issues: [{ path: 'disclosureId', message: 'mustListen' }] }, 400);
      },
    });
    const { user } = renderPage();
    await screen.findByText('陳美玲');
    played([[0, 88]]);
    await tickAll(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(toast.current()?.message).toBe('Please listen to the whole risk disclosure audio'));
    expect(saves(a)).toHaveLength(0);
  });

  test('an audio error reloads up to 3 times, then shows the failure text with a retry', async () => {
    api(makeApplication());
    renderPage('zh-TW');
    await screen.findByText('陳美玲');
    const el = document.querySelector('audio')!;
    const load = jest.spyOn(el, 'load').mockImplementation(() => undefined);
    for (let i = 0; i < 3; i++) fireEvent.error(el);
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.queryByText('狀態：音頻載入失敗。')).not.toBeInTheDocument();
    fireEvent.error(el);
    expect(await screen.findByText(/狀態：音頻載入失敗。/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '播放風險披露' })).toBeDisabled();
    act(() => screen.getByRole('button', { name: '重試' }).click());
    expect(load).toHaveBeenCalledTimes(4);
  });

  test('coming back after saving: the confirmed track counts, the boxes stay ticked', async () => {
    const a = api(makeApplication({ data: { RISK: { disclosureId: 'risk-yue-1', agreements: AGREED } } }));
    const { user } = renderPage('zh-CN');
    await screen.findByText('陳美玲');
    expect(screen.getByText('已完整收听')).toBeInTheDocument();
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeChecked();
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(saves(a)).toHaveLength(1));
  });

  test('en with the Cantonese recording: the text of the statement in English is open beside the player, with a note', async () => {
    api(makeApplication());
    const { user } = renderPage('en');
    await screen.findByText('陳美玲');
    expect(screen.getByText('The recording is in Cantonese. Below is the same statement in English.')).toBeInTheDocument();
    // open: the button says it hides it
    expect(screen.getByRole('button', { name: "Hide the statement's text" })).toHaveAttribute('aria-expanded', 'true');
    // the confirmation names the text above, which is there
    expect(screen.getByRole('checkbox', { name: 'I have listened to the whole risk disclosure statement and have had it in a language I understand (the recording or its text above).' })).toBeInTheDocument();
    const text = screen.getByRole('region', { name: 'Text of the risk disclosure statement' });
    expect(text).toHaveTextContent('Risk disclosure statement. Before opening a securities account, please listen to all of the following.');
    expect(text).toHaveTextContent("An option buyer may lose the whole premium, and an option seller's losses may be unlimited.");
    expect(within(text).getAllByText(/./)).toHaveLength(7);
    // the listening rule stays: the text does not count as heard
    await tickAll(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(toast.current()?.message).toBe('Please listen to the whole risk disclosure audio');
  });

  test('zh-TW with the Cantonese recording: the transcript in Cantonese is folded under its button; zh-CN gets the Mandarin text, open', async () => {
    api(makeApplication());
    const { user, unmount } = renderPage('zh-TW');
    await screen.findByText('陳美玲');
    const show = screen.getByRole('button', { name: '閱讀聲明文字' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: '風險披露聲明文字' })).not.toBeInTheDocument();
    // folded: the confirmation speaks of the recording only (no "text above" that is not shown)
    expect(screen.getByRole('checkbox', { name: '本人已完整收聽風險披露聲明，並明白其內容。' })).toBeInTheDocument();
    expect(screen.queryByText(/上方文字/)).not.toBeInTheDocument();
    await user.click(show);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    expect(show).toHaveAccessibleName('收起聲明文字');
    await user.click(show);
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(show).toHaveAccessibleName('閱讀聲明文字');
    await user.click(show);
    expect(screen.getByRole('region', { name: '風險披露聲明文字' })).toHaveTextContent('期權交易嘅風險非常高。期權買方可能會損失全部期權金，期權賣方嘅損失可能係無限嘅。');
    unmount();

    renderPage('zh-CN');
    await screen.findByText('陳美玲');
    expect(screen.getByText('录音为粤语，以下为同一声明的文字。')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '风险披露声明文字' })).toHaveTextContent('期权交易的风险非常高。期权买方可能会损失全部期权金，期权卖方的损失可能是无限的。');
    expect(screen.getByRole('button', { name: '收起声明文字' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('checkbox', { name: '本人已完整收听风险披露声明，并已以本人明白的语言（录音或上方文字）了解其内容。' })).toBeInTheDocument();
  });

  test('zh-CN with the Mandarin recording: the text is folded, so the confirmation names only the recording', async () => {
    api(makeApplication(), { riskAudioList: () => ({ items: [{ ...TRACK, id: 'risk-zh-1', lang: 'zh' }] }) });
    const { user } = renderPage('zh-CN');
    await screen.findByText('陳美玲');
    const show = screen.getByRole('button', { name: '阅读声明文字' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('checkbox', { name: '本人已完整收听风险披露声明，并明白其内容。' })).toBeInTheDocument();
    expect(screen.queryByText(/上方文字/)).not.toBeInTheDocument();
    await user.click(show);
    expect(screen.getByRole('button', { name: '收起声明文字' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('a track heard to its end: 0:00 left and the knob at the end; playback goes on from its start (one track)', async () => {
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    try {
      api(makeApplication());
      renderPage();
      await screen.findByText('陳美玲');
      const position = screen.getByRole('progressbar', { name: 'Position in the recording' });
      played([[0, 44]]);
      expect(screen.getByText('0:44 left')).toBeInTheDocument();
      expect(position).toHaveAttribute('aria-valuenow', '50');
      played([[0, 88]]);
      fireEvent.ended(document.querySelector('audio')!);
      expect(screen.getByText('Listened in full')).toBeInTheDocument();
      expect(screen.getByText('0:00 left')).toBeInTheDocument();
      expect(position).toHaveAttribute('aria-valuenow', '100');
      expect(position).toHaveAttribute('aria-valuetext', '0:00 left');
      expect(play).toHaveBeenCalledTimes(1);
      expect(document.querySelector('audio')!.currentTime).toBe(0);
    } finally {
      play.mockRestore();
    }
  });

  test('two tracks: when one ends the next plays, after the last the first', async () => {
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    try {
      const second = { ...TRACK, id: 'risk-yue-2', name: '李志明', audioOssId: 'risk-audio-yue-2' };
      api(makeApplication(), { riskAudioList: () => ({ items: [TRACK, second] }) });
      renderPage();
      await screen.findByText('陳美玲');
      expect(screen.getByText('Track 1 of 2')).toBeInTheDocument();
      played([[0, 88]]);
      fireEvent.ended(document.querySelector('audio')!);
      expect(await screen.findByText('李志明')).toBeInTheDocument();
      expect(screen.getByText('Track 2 of 2')).toBeInTheDocument();
      fireEvent.loadedMetadata(document.querySelector('audio')!);
      expect(play).toHaveBeenCalledTimes(1);
      played([[0, 88]]);
      fireEvent.ended(document.querySelector('audio')!);
      expect(await screen.findByText('陳美玲')).toBeInTheDocument();
      expect(screen.getByText('Track 1 of 2')).toBeInTheDocument();
      fireEvent.loadedMetadata(document.querySelector('audio')!);
      expect(play).toHaveBeenCalledTimes(2);
    } finally {
      play.mockRestore();
    }
  });

  test('coming back after it was confirmed: shown as heard, 0:00 left with the knob at the end', async () => {
    api(makeApplication({ data: { RISK: { disclosureId: 'risk-yue-1', agreements: AGREED } } }));
    renderPage();
    await screen.findByText('陳美玲');
    expect(screen.getByText('0:00 left')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Position in the recording' })).toHaveAttribute('aria-valuenow', '100');
  });
});
