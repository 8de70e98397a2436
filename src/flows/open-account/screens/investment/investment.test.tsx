/**
 * /Investment through the screen: roles and labels only, the api faked at callApi.
 */
jest.mock('@core/api/client');
jest.mock('@core/api/upload', () => ({ uploadFile: jest.fn() }));

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { uploadFile } from '@core/api/upload';
import { ApiError } from '@core/api/api-error';
import type { ApplicationView } from '@core/domain/contract';
import type { ClientType } from '@core/domain/client-type';
import { todayInHongKong } from '@core/domain/identity';
import { installFakeApi, type FakeApiHandlers } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import { toast } from '@core/ui';
import InvestmentScreen from './InvestmentScreen';

jest.setTimeout(30000);

const CONFIG = makeClientConfig();

/** The birthday of someone `age` years old today in Hong Kong (the birthday was yesterday). */
function birthdayAged(age: number): string {
  const [y, m, d] = todayInHongKong().split('-').map(Number);
  return new Date(Date.UTC(y - age, m - 1, d - 1)).toISOString().slice(0, 10);
}

const PRODUCTS = ['warrants', 'cbbc', 'futuresOptions', 'eln', 'forwards', 'swaps'];
const items = (...ticked: string[]) => PRODUCTS.map((title) => ({ title, checked: ticked.includes(title) ? 1 : 0 }));
const NOT_INTENDING = {
  version: 2,
  derivative: { title: 'intend', checked: 0 },
  risk: 0,
  trainingCourse: { checked: 0, selectIndex: '', selectContent: '' },
  experienceRelated: { checked: 0 },
  workExperience: { selectIndex: '', selectContent: '' },
  yearsParticipation: { selectIndex: '', selectContent: '' },
  derivativeProducts: { checked: 0, items: items() },
};

function app({ clientType = 'hk', age = 40, degree = '4', data = {} }: { clientType?: ClientType; age?: number; degree?: string; data?: Record<string, unknown> } = {}): ApplicationView {
  const birthday = birthdayAged(age);
  const identity = clientType === 'cn' ? { IDCARD: { birthday } } : { USERINFO: { birthday } };
  return makeApplication({ clientType, data: { ...identity, JOBSTATUS: { employmentInfo: { degree, employment: '1' } }, ...data } });
}

function api(application: ApplicationView, over: FakeApiHandlers = {}, config = CONFIG) {
  return installFakeApi({
    clientConfig: () => config,
    applyDetail: () => application,
    applyUpdate: (p: { currentStep: string; data: Record<string, unknown> }) => ({
      application: { ...application, data: { ...application.data, [p.currentStep]: p.data } },
      nextStep: 'SELECTACCOUNT',
    }),
    ...over,
  });
}

const renderPage = (lang: 'en' | 'zh-CN' | 'zh-TW' = 'en') => renderScreenAt('/Investment', <InvestmentScreen />, { lang });
const next = () => screen.getByRole('button', { name: 'Next' });
const savesOf = (a: ReturnType<typeof api>) =>
  (a.calls('applyUpdate') as { currentStep: string; draft?: boolean; data: Record<string, unknown> }[]).filter((c) => !c.draft);
const selector = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name} `) });
const EXPERIENCE = ['Hong Kong stocks', 'Precious metals', 'Foreign exchange or commodities', 'A-shares', 'Funds'];

const upload = uploadFile as jest.MockedFunction<typeof uploadFile>;
let ossSeq = 0;

beforeEach(() => {
  toast.clear();
  upload.mockReset();
  upload.mockImplementation(async (_file, _name, _cat, onProgress) => {
    onProgress?.(100, 'uploading');
    const id = `ev${String(++ossSeq).padStart(6, '0')}`;
    return { ossId: id, ossUrl: `/kyc/esop/v1/oss/v1/Download?ossid=${id}&sig=x` };
  });
});

/** A PDF chosen in the uploader labelled `label`, its upload finished. */
async function attach(label: string, name: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { files: [new File([new Uint8Array(900)], name, { type: 'application/pdf', lastModified: 1700000000000 + ossSeq })] } });
  await waitFor(() => expect(screen.getByText(name)).toBeInTheDocument());
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: new RegExp(label) })).not.toBeInTheDocument());
}

/** Experience as it starts, one objective, intending with the risk box and the seminar (the other boxes, ticked by "Yes", unticked). */
async function intendWithTraining(user: ReturnType<typeof renderPage>['user']) {
  await user.click(await screen.findByRole('checkbox', { name: 'Speculation' }));
  await user.click(screen.getByRole('radio', { name: 'Yes' }));
  await user.click(screen.getByRole('checkbox', { name: /I understand the features and risks/ }));
  await user.click(screen.getByRole('radio', { name: 'A seminar held by a financial institution' }));
  await user.click(screen.getByRole('checkbox', { name: 'I have work experience related to derivatives' }));
  await user.click(screen.getByRole('checkbox', { name: 'I have traded derivative products' }));
}

describe('/Investment', () => {
  test('4 of 6; every experience starts at under 1 year; Next marks a missing objective and derivatives answer', async () => {
    const a = api(app());
    const { user } = renderPage();
    expect(await screen.findByRole('radiogroup', { name: 'Do you intend to trade derivatives?' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Investment experience', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuetext', '4 of 6');
    for (const name of EXPERIENCE) expect(selector(name)).toHaveAccessibleName(`${name} Under 1 year`);
    expect(screen.getByRole('radiogroup', { name: 'Do you intend to trade derivatives?' })).toBeInTheDocument();
    expect(next()).toBeEnabled();
    // Next with no objective and no derivatives answer: both marked, the first objective focused, nothing saved
    await user.click(next());
    const goals = screen.getByRole('group', { name: /Investment objectives/ });
    await waitFor(() => expect(within(goals).getAllByRole('checkbox')[0]).toHaveFocus());
    expect(goals).toHaveAccessibleDescription('Choose at least one');
    expect(screen.getByRole('radiogroup', { name: 'Do you intend to trade derivatives?' })).toHaveAttribute('aria-invalid', 'true');
    expect(toast.current()?.message).toMatch(/need your attention/);
    await user.click(screen.getByRole('checkbox', { name: 'Capital growth' }));
    expect(goals).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('checkbox', { name: 'Capital growth' }));
    expect(goals).toHaveAccessibleDescription('Choose at least one');
    expect(savesOf(a)).toHaveLength(0);
  });

  test.each([
    [24, ['Under 1 year', '1 to 5 years']],
    [25, ['Under 1 year', '1 to 5 years', '6 to 10 years']],
    [29, ['Under 1 year', '1 to 5 years', '6 to 10 years']],
    [30, ['Under 1 year', '1 to 5 years', '6 to 10 years', 'Over 10 years']],
  ])('aged %i (hk) the experience options are %j', async (age, levels) => {
    api(app({ age }));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Funds / }));
    const sheet = await screen.findByRole('dialog', { name: 'Funds' });
    expect(within(sheet).getAllByRole('button').filter((b) => b.className.includes('esop-picker__item')).map((o) => o.textContent)).toEqual(levels);
  });

  test.each([
    [24, 2],
    [25, 3],
    [29, 3],
    [30, 4],
  ])('aged %i (cn, age from the ID card) the related-job years offer %i options', async (age, count) => {
    api(app({ clientType: 'cn', age }));
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Yes' }));
    expect(within(screen.getByRole('radiogroup', { name: 'Years in the job' })).getAllByRole('radio')).toHaveLength(count);
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuetext', '3 of 5');
  });

  test.each([
    ['2', 24, false],
    ['1', 20, false],
    ['3', 24, true],
    ['2', 25, true],
  ])('degree %s aged %i: the related-job box is shown: %s', async (degree, age, shown) => {
    api(app({ degree, age }));
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Yes' }));
    expect(screen.queryAllByRole('checkbox', { name: 'I have work experience related to derivatives' })).toHaveLength(shown ? 1 : 0);
  });

  test('a complete intending answer saves the exact INVESTMENT data and goes on', async () => {
    const a = api(app());
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Hong Kong stocks / }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Hong Kong stocks' })).getByRole('button', { name: 'Over 10 years' }));
    await user.click(screen.getByRole('button', { name: /^A-shares / }));
    await user.click(within(await screen.findByRole('dialog', { name: 'A-shares' })).getByRole('button', { name: '1 to 5 years' }));
    expect(selector('Hong Kong stocks')).toHaveAccessibleName('Hong Kong stocks Over 10 years');
    await user.click(screen.getByRole('checkbox', { name: 'Speculation' }));
    await user.click(screen.getByRole('checkbox', { name: 'Capital preservation' }));

    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(next()).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /I understand the features and risks/ }));
    await user.click(screen.getByRole('radio', { name: 'A seminar held by a financial institution' }));
    await user.click(screen.getByRole('checkbox', { name: 'I have work experience related to derivatives' }));
    await user.click(screen.getByRole('checkbox', { name: 'Futures and options' }));
    await user.click(screen.getByRole('checkbox', { name: 'Warrants' }));
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    await waitFor(() => expect(currentLocation()).toBe('/selectAccount'));
    expect(savesOf(a)).toHaveLength(1);
    expect(savesOf(a)[0]).toMatchObject({ currentStep: 'INVESTMENT' });
    expect(savesOf(a)[0].data).toEqual({
      investmentInfo: { hkStock: '4', preciousMetals: '1', foreignExchange: '1', aShares: '2', fund: '1', investGoal: '1,6' },
      openDerivative: 1,
      derivativeInfo: {
        version: 2,
        derivative: { title: 'intend', checked: 1 },
        risk: 1,
        trainingCourse: { checked: 1, selectIndex: '1', selectContent: 'seminar' },
        experienceRelated: { checked: 0 },
        workExperience: { selectIndex: '', selectContent: '' },
        yearsParticipation: { selectIndex: '', selectContent: '' },
        derivativeProducts: { checked: 1, items: items('warrants', 'futuresOptions') },
      },
    });
  });

  test('intending with a sub-choice missing: Next marks it and says what is missing', async () => {
    api(app());
    const { user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Hedging' }));
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('checkbox', { name: /I understand the features and risks/ }));
    await user.click(screen.getByRole('checkbox', { name: 'I have received training or attended courses on derivatives' }));
    await user.click(screen.getByRole('checkbox', { name: 'I have traded derivative products' }));
    await user.click(screen.getByRole('radio', { name: 'Bank or trust company' }));
    await user.click(next()); // the years: marked and focused
    await waitFor(() => expect(within(screen.getByRole('radiogroup', { name: 'Years in the job' })).getAllByRole('radio')[0]).toHaveFocus());
    await user.click(screen.getByRole('radio', { name: 'Over 5 years' }));
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(screen.getByRole('checkbox', { name: 'I have work experience related to derivatives' }));
    expect(next()).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Tick what applies to you (at least one):' })).toHaveAccessibleDescription('Choose at least one');
  });

  test('not intend asks first; once confirmed it saves the not-intending data with openDerivative 0', async () => {
    const a = api(app());
    const { user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Dividend income' }));
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('radio', { name: 'No' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not trading derivatives?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Not trading derivatives?' })).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(next()).toBeEnabled());
    expect(screen.queryByRole('checkbox', { name: /risks/ })).not.toBeInTheDocument();
    await user.click(next());
    await waitFor(() => expect(savesOf(a)).toHaveLength(1));
    expect(savesOf(a)[0].data).toEqual({
      investmentInfo: { hkStock: '1', preciousMetals: '1', foreignExchange: '1', aShares: '1', fund: '1', investGoal: '3' },
      openDerivative: 0,
      derivativeInfo: NOT_INTENDING,
    });
  });

  test('the simple version: yes ticks the three boxes and saves version 1', async () => {
    const a = api(app(), {}, { ...CONFIG, derivativeForm: 'simple' });
    const { user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Arbitrage' }));
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    const boxes = screen.getByRole('group', { name: 'Tick what applies to you (at least one):' });
    expect(within(boxes).getAllByRole('checkbox')).toHaveLength(3);
    for (const b of within(boxes).getAllByRole('checkbox')) expect(b).toBeChecked();
    await user.click(within(boxes).getByRole('checkbox', { name: 'I have received training or attended courses on derivatives' }));
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    await waitFor(() => expect(savesOf(a)).toHaveLength(1));
    expect(savesOf(a)[0].data).toEqual({
      investmentInfo: { hkStock: '1', preciousMetals: '1', foreignExchange: '1', aShares: '1', fund: '1', investGoal: '5' },
      openDerivative: 1,
      derivativeInfo: {
        version: 1,
        derivative: { title: 'experience', checked: 1 },
        trainingCourse: { checked: 0 },
        experienceRelated: { checked: 1 },
        derivativeProducts: { checked: 1 },
      },
    });
  });

  test('the simple version: unticking every box after yes blocks Next; no saves all boxes 0', async () => {
    const a = api(app({ degree: '2', age: 22 }), {}, { ...CONFIG, derivativeForm: 'simple' });
    const { user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Capital growth' }));
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    const boxes = screen.getByRole('group', { name: 'Tick what applies to you (at least one):' });
    expect(within(boxes).getAllByRole('checkbox')).toHaveLength(2); // a student
    for (const b of within(boxes).getAllByRole('checkbox')) await user.click(b);
    expect(next()).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    await waitFor(() => expect(savesOf(a)).toHaveLength(1));
    expect(savesOf(a)[0].data).toMatchObject({
      openDerivative: 0,
      derivativeInfo: { version: 1, derivative: { title: 'experience', checked: 0 }, trainingCourse: { checked: 0 }, experienceRelated: { checked: 0 }, derivativeProducts: { checked: 0 } },
    });
  });

  test('a draft comes back as it was left; an unanswered draft leaves the derivatives out', async () => {
    const draft = {
      investmentInfo: { hkStock: '2', preciousMetals: '3', foreignExchange: '1', aShares: '1', fund: '4', investGoal: '2,4' },
      openDerivative: 0,
      derivativeInfo: NOT_INTENDING,
    };
    api(app({ data: { drafts: { INVESTMENT: draft } } }));
    renderPage();
    expect(await screen.findByRole('button', { name: /^Funds / })).toHaveAccessibleName('Funds Over 10 years');
    expect(selector('Precious metals')).toHaveAccessibleName('Precious metals 6 to 10 years');
    expect(screen.getByRole('checkbox', { name: 'Capital growth' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Hedging' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    await waitFor(() => expect(next()).toBeEnabled());
  });

  test('a level no longer offered at this age is cleared and flagged', async () => {
    const saved = {
      investmentInfo: { hkStock: '4', preciousMetals: '1', foreignExchange: '1', aShares: '1', fund: '1', investGoal: '2' },
      openDerivative: 0,
      derivativeInfo: NOT_INTENDING,
    };
    api(app({ age: 26, data: { INVESTMENT: saved } }));
    renderPage();
    const hk = await screen.findByRole('button', { name: /^Hong Kong stocks / });
    expect(hk).toHaveAccessibleName('Hong Kong stocks Please select');
    await waitFor(() => expect(hk).toHaveAccessibleDescription('Required'));
    expect(next()).toBeEnabled();
  });

  test('a refused save shows the service message as a toast and its field issue', async () => {
    const saved = {
      investmentInfo: { hkStock: '1', preciousMetals: '1', foreignExchange: '1', aShares: '1', fund: '1', investGoal: '2' },
      openDerivative: 0,
      derivativeInfo: NOT_INTENDING,
    };
    api(app({ data: { INVESTMENT: saved } }), {
      applyUpdate: () => {
        throw new ApiError(100400, 'Some fields are not valid', { issues: [{ path: 'data.investmentInfo.fund', message: 'notOffered' }] }, 400);
      },
    });
    const { user } = renderPage();
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    expect(await screen.findByText('Some fields are not valid')).toBeInTheDocument();
    expect(selector('Funds')).toHaveAccessibleDescription('This option is not available');
    expect(currentLocation()).toBe('/Investment');
    // choosing again clears the service's issue
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    await user.click(selector('Funds'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Funds' })).getByRole('button', { name: '1 to 5 years' }));
    expect(selector('Funds')).not.toHaveAccessibleDescription();
  });

  test('the page in traditional Chinese', async () => {
    api(app());
    renderPage('zh-TW');
    expect(await screen.findByRole('radiogroup', { name: '您是否有意買賣衍生產品？' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '投資經驗', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^港股 / })).toHaveAccessibleName('港股 1 年以下');
    expect(screen.getByRole('checkbox', { name: '對沖' })).toBeInTheDocument();
  });
});

describe('evidence of derivatives knowledge (issue 41)', () => {
  test("optional (the broker's default): an upload under each ticked box, saved beside the questionnaire; an unticked box's files go with it", async () => {
    const a = api(app());
    const { user } = renderPage();
    await intendWithTraining(user);
    expect(screen.getByLabelText('Training certificate')).toHaveAccessibleDescription(/A certificate of the course or seminar.*Optional: it helps us approve derivatives trading sooner/);
    await attach('Training certificate', 'seminar-certificate.pdf');
    await user.click(screen.getByRole('checkbox', { name: 'I have traded derivative products' }));
    await user.click(screen.getByRole('checkbox', { name: 'Warrants' }));
    await attach('Trade statements', 'statement-2025.pdf');
    // unticked: its statements go; ticked again, the upload is empty
    await user.click(screen.getByRole('checkbox', { name: 'I have traded derivative products' }));
    expect(screen.queryByLabelText('Trade statements')).not.toBeInTheDocument();
    await user.click(next());
    await waitFor(() => expect(savesOf(a)).toHaveLength(1));
    expect(savesOf(a)[0].data.derivativeEvidence).toEqual({ trainingCourse: [expect.objectContaining({ description: 'seminar-certificate.pdf', ossCategory: 'UserApply' })] });
  });

  test('required: Next marks a ticked box without its evidence and saves nothing; with it, it saves', async () => {
    const a = api(app(), {}, makeClientConfig({ derivativeEvidence: 'required' }));
    const { user } = renderPage();
    await intendWithTraining(user);
    expect(screen.getByLabelText(/^Training certificate/)).toHaveAccessibleDescription(/Please attach at least one file/);
    await user.click(next());
    await waitFor(() => expect(screen.getByLabelText(/^Training certificate/)).toHaveAccessibleDescription(/Please upload a file/));
    expect(savesOf(a)).toHaveLength(0);
    await attach('Training certificate', 'course.pdf');
    await act(async () => new Promise((r) => setTimeout(r, 1100)));
    await user.click(next());
    await waitFor(() => expect(savesOf(a)).toHaveLength(1));
    expect(savesOf(a)[0].data.derivativeEvidence).toEqual({ trainingCourse: [expect.objectContaining({ description: 'course.pdf' })] });
  });

  test('off: no upload is offered and none is saved', async () => {
    const a = api(app(), {}, makeClientConfig({ derivativeEvidence: 'off' }));
    const { user } = renderPage();
    await intendWithTraining(user);
    expect(screen.queryByLabelText('Training certificate')).not.toBeInTheDocument();
    await user.click(next());
    await waitFor(() => expect(savesOf(a)).toHaveLength(1));
    expect(savesOf(a)[0].data).not.toHaveProperty('derivativeEvidence');
  });

  test('a draft with evidence comes back with its files', async () => {
    const draft = {
      investmentInfo: { hkStock: '1', preciousMetals: '1', foreignExchange: '1', aShares: '1', fund: '1', investGoal: '1' },
      openDerivative: 1,
      derivativeInfo: { ...NOT_INTENDING, derivative: { title: 'intend', checked: 1 }, risk: 1, trainingCourse: { checked: 1, selectIndex: '1', selectContent: 'seminar' } },
      derivativeEvidence: { trainingCourse: [{ ossId: 'draftev0001', url: '/x', description: 'kept-certificate.pdf', ossCategory: 'UserApply' }] },
    };
    const a = api(app({ data: { drafts: { INVESTMENT: draft } } }));
    renderPage();
    expect(await screen.findByText('kept-certificate.pdf')).toBeInTheDocument();
    expect(a.calls('applyUpdate')).toHaveLength(0);
  });
});
