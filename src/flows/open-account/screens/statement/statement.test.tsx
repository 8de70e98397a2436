/**
 * The statement page through the screen: roles and labels only, the api faked at callApi, uploads faked at uploadFile.
 */
jest.mock('@core/api/client');
jest.mock('@core/api/upload', () => ({ uploadFile: jest.fn() }));

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import { uploadFile } from '@core/api/upload';
import type { ApplicationView } from '@core/domain/contract';
import { STEPS_OF, type StepName } from '@core/domain/steps';
import { installFakeApi, type FakeApiHandlers } from '@core/testing/fake-api';
import { makeApplication } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import { toast } from '@core/ui/toast';
import StatementScreen from './StatementScreen';

const upload = uploadFile as jest.MockedFunction<typeof uploadFile>;
let oss = 0;
let app: ApplicationView;

function api(over: FakeApiHandlers = {}) {
  return installFakeApi({
    applyDetail: () => app,
    applyUpdate: (p: { draft?: boolean; currentStep: StepName; data: Record<string, unknown> }) => {
      if (!p.draft) app = { ...app, data: { ...app.data, [p.currentStep]: p.data }, latestStep: p.currentStep };
      return { application: app, nextStep: null };
    },
    applySubmit: () => {
      app = { ...app, applyStatus: 1200 };
      return { application: app };
    },
    ...over,
  });
}

function renderStatement(entries: string[] = ['/statement'], lang: 'en' | 'zh-CN' = 'en') {
  return renderScreenAt('/statement', <StatementScreen />, { initialEntries: entries, lang });
}

const file = (name: string, type = 'image/png') => new File([new Uint8Array(100)], name, { type, lastModified: 1700000000000 + ++oss });
const pick = (input: HTMLElement, ...files: File[]) => act(async () => fireEvent.change(input, { target: { files } }));
const click = (el: HTMLElement) => act(async () => el.click());
const type = (label: string, value: string) => act(async () => fireEvent.change(screen.getByLabelText(label, { selector: 'input,textarea' }), { target: { value } }));

async function chooseBroker(search: string, name: string) {
  await click(screen.getByRole('button', { name: /Bank or broker/ }));
  const picker = await screen.findByRole('dialog', { name: 'Choose a bank or broker' });
  await act(async () => fireEvent.change(within(picker).getByRole('searchbox'), { target: { value: search } }));
  await click(within(picker).getByRole('button', { name }));
}

/** The statement part, complete. */
async function fillStatementPart() {
  await chooseBroker('hsbc', 'HSBC');
  await type('Account holder name', 'ZHANG SAN');
  await type('Account number', '8800 1234');
  await pick(screen.getByLabelText('Statement'), file('statement.pdf', 'application/pdf'));
  await screen.findByRole('button', { name: 'Remove statement.pdf' });
}

async function fillHkDocument(number = 'a1234563') {
  await click(await screen.findByRole('radio', { name: 'Yes' }));
  await type('HK identity card number', number);
  await pick(screen.getByLabelText('Front of the HK identity card'), file('hk.png'));
  await waitFor(() => expect(upload).toHaveBeenCalledWith(expect.anything(), 'hk.png', 'UserInfo', expect.anything()));
}

const updates = (a: ReturnType<typeof api>) => a.calls('applyUpdate') as { currentStep: string; draft?: boolean; data: Record<string, any> }[]; // eslint-disable-line @typescript-eslint/no-explicit-any
const saves = (a: ReturnType<typeof api>) => updates(a).filter((u) => !u.draft);

beforeEach(() => {
  jest.restoreAllMocks();
  toast.clear();
  localStorage.clear();
  upload.mockReset();
  upload.mockImplementation(async (_f, _n, _c, onProgress) => {
    onProgress?.(100, 'uploading');
    const id = `oss${String(++oss).padStart(5, '0')}`;
    return { ossId: id, ossUrl: `/kyc/esop/v1/oss/v1/Download?ossid=${id}&sig=x` };
  });
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:local'), revokeObjectURL: jest.fn() });
  app = makeApplication({ clientType: 'cn', applyStepsName: ['STATEMENT', ...STEPS_OF.cn] });
});

describe('variants', () => {
  test('a fresh application: the new variant asks about the HK identity card; Next saves type 1 and goes on', async () => {
    const a = api();
    renderStatement();
    expect(await screen.findByRole('radiogroup', { name: /Do you hold a Hong Kong identity card/ })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '1 of 5');
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeEnabled();
    await fillHkDocument();
    await fillStatementPart();
    await click(next);
    await waitFor(() => expect(currentLocation()).toBe('/IDcard'));
    expect(saves(a)).toHaveLength(1);
    const sent = saves(a)[0].data;
    expect(sent).toEqual({
      statementInfo: { type: 1, broker: 1, name: 'ZHANG SAN', account: '88001234' },
      documentInfo: {
        statement: [expect.objectContaining({ ossId: expect.any(String), ossCategory: 'UserApply' })],
        idCardHK: { front: expect.objectContaining({ ossId: expect.any(String) }) },
      },
      idExtraInfo: { idcardHK: { idType: 1, idCountry: 'HK', idNumber: 'A1234563' } },
    });
  });

  test('a rejected application without new-variant files: the old variant, statement part only, type 2', async () => {
    app = {
      ...app,
      applyStatus: 1900,
      rejectData: { steps: ['STATEMENT'], message: 'unreadable' },
      data: { STATEMENT: { statementInfo: { type: 2, broker: 5, name: 'LI SI', account: '123' }, documentInfo: { statement: [{ ossId: 'old00001', description: 'old.pdf' }] } } },
    };
    const a = api();
    renderStatement();
    await screen.findByRole('button', { name: /Bank or broker/ });
    expect(screen.queryByRole('radiogroup', { name: /Hong Kong identity card/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Bank or broker/ })).toHaveTextContent('The Bank of East Asia');
    expect(screen.getByLabelText('Account holder name', { selector: 'input' })).toHaveValue('LI SI');
    await click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(saves(a)).toHaveLength(1));
    expect(saves(a)[0].data.statementInfo).toEqual({ type: 2, broker: 5, name: 'LI SI', account: '123' });
  });

  test('a rejected application with overseas proof files keeps the new variant', async () => {
    app = {
      ...app,
      applyStatus: 1900,
      rejectData: { steps: ['STATEMENT'], message: 'x' },
      data: { STATEMENT: { statementInfo: { type: 0 }, documentInfo: { statement: [], idCardForeign: [{ ossId: 'old00002' }] } } },
    };
    api();
    renderStatement();
    expect(await screen.findByRole('radio', { name: 'No' })).toBeChecked();
  });
});

test('the form starts from the draft, else from the saved statement', async () => {
  app = {
    ...app,
    data: {
      STATEMENT: { statementInfo: { type: 1, broker: 2, name: 'SAVED', account: '1' }, documentInfo: { statement: [] } },
      drafts: { STATEMENT: { statementInfo: { type: 0, name: 'DRAFT', account: '22' } } },
    },
  };
  api();
  renderStatement();
  expect(await screen.findByRole('radio', { name: 'No' })).toBeChecked();
  expect(screen.getByLabelText('Account holder name', { selector: 'input' })).toHaveValue('DRAFT');
  expect(screen.getByLabelText('Account number', { selector: 'input' })).toHaveValue('22');
});

test('an application without the statement step goes home', async () => {
  app = makeApplication({ clientType: 'hk' });
  api();
  renderStatement();
  await waitFor(() => expect(currentLocation()).toBe('/account'));
});

describe('the HK identity card question', () => {
  test('no → overseas proof and promise; yes clears them; no again clears the HK ID', async () => {
    const a = api();
    renderStatement();
    await click(await screen.findByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText('HK identity card number')).not.toBeInTheDocument();
    await pick(screen.getByLabelText('Proof of overseas identity'), file('permit.png'));
    await screen.findByRole('button', { name: 'Remove permit.png' });
    await click(screen.getByRole('checkbox', { name: /I confirm that I do not hold/ }));
    expect(screen.getByRole('checkbox', { name: /I confirm/ })).toBeChecked();

    await click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.queryByLabelText('Proof of overseas identity')).not.toBeInTheDocument();
    await type('HK identity card number', 'A123456(3)');
    expect(screen.getByLabelText('HK identity card number', { selector: 'input' })).toHaveValue('A1234563');

    await click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('button', { name: 'Remove permit.png' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I confirm/ })).not.toBeChecked();
    await click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByLabelText('HK identity card number', { selector: 'input' })).toHaveValue('');

    // the whole "no" branch: files and the promise are needed
    await click(screen.getByRole('radio', { name: 'No' }));
    await fillStatementPart();
    await pick(screen.getByLabelText('Proof of overseas identity'), file('visa.png'));
    await screen.findByRole('button', { name: 'Remove visa.png' });
    // Next with the promise unticked: the box is marked and focused, nothing is saved
    await click(screen.getByRole('button', { name: 'Next' }));
    const promise = screen.getByRole('checkbox', { name: /I confirm/ });
    await waitFor(() => expect(promise).toHaveFocus());
    expect(promise).toHaveAccessibleDescription('Please tick to confirm');
    expect(saves(a)).toHaveLength(0);
    await click(promise);
    const later = Date.now() + 5000; // the Next button takes one press a second
    jest.spyOn(Date, 'now').mockReturnValue(later);
    await click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(saves(a)).toHaveLength(1));
    expect(saves(a)[0].data).toEqual(
      expect.objectContaining({ promise: true, documentInfo: expect.objectContaining({ idCardForeign: [expect.objectContaining({ ossCategory: 'UserInfo' })] }) }),
    );
    expect(saves(a)[0].data.idExtraInfo).toBeUndefined();
  });

  test('a 7-character HK ID shows the format error once the field is left', async () => {
    api();
    renderStatement();
    await click(await screen.findByRole('radio', { name: 'Yes' }));
    await type('HK identity card number', 'A123456');
    fireEvent.blur(screen.getByLabelText('HK identity card number', { selector: 'input' }));
    expect(await screen.findByText('Document number format error')).toBeInTheDocument();
  });
});

describe('the broker', () => {
  test('searched in the picker; "Other" asks for the name, required', async () => {
    api();
    renderStatement(['/statement'], 'zh-CN');
    await click(await screen.findByRole('button', { name: /银行或券商/ }));
    const picker = await screen.findByRole('dialog', { name: '选择银行或券商' });
    expect(within(picker).getAllByRole('button').filter((b) => b.textContent && b.textContent !== '关闭').length).toBeGreaterThanOrEqual(46);
    await act(async () => fireEvent.change(within(picker).getByRole('searchbox'), { target: { value: '恒生' } }));
    expect(within(picker).getByRole('button', { name: '恒生银行' })).toBeInTheDocument();
    expect(within(picker).queryByRole('button', { name: '汇丰银行' })).not.toBeInTheDocument();
    await click(within(picker).getByRole('button', { name: '恒生银行' }));
    expect(screen.getByRole('button', { name: /银行或券商/ })).toHaveTextContent('恒生银行');
    expect(screen.queryByLabelText('银行或券商名称')).not.toBeInTheDocument();

    await click(screen.getByRole('button', { name: /银行或券商/ }));
    await click(within(await screen.findByRole('dialog', { name: '选择银行或券商' })).getByRole('button', { name: '其他' }));
    const nameField = screen.getByLabelText('银行或券商名称', { selector: 'input' });
    fireEvent.blur(nameField);
    expect(await screen.findByText('必填')).toBeInTheDocument();
  });
});

describe('supplement mode and the last step', () => {
  test('?supplement: the button reads Submit; Back returns to the previous page', async () => {
    const a = api();
    renderStatement(['/openStatus', '/statement?supplement=supplement']);
    const submit = await screen.findByRole('button', { name: 'Submit' });
    await click(screen.getByRole('button', { name: 'Back' }));
    expect(currentLocation()).toBe('/openStatus');
    expect(submit).not.toBeInTheDocument();
    expect(a.calls('applySubmit')).toHaveLength(0);
  });

  test('?supplement with a complete form: save, then ApplySubmit, then the after-submit page', async () => {
    const a = api();
    renderStatement(['/statement?supplement=supplement']);
    await fillHkDocument();
    await fillStatementPart();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    await click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(a.calls('applySubmit')).toHaveLength(1));
    expect(saves(a)).toHaveLength(1);
    await waitFor(() => expect(currentLocation()).toBe('/openStatus'));
  });

  test('without supplement: Next while STATEMENT is first, Back goes home', async () => {
    api();
    renderStatement(['/IDcard', '/statement']);
    await screen.findByRole('button', { name: 'Next' });
    await click(screen.getByRole('button', { name: 'Back' }));
    expect(currentLocation()).toBe('/account');
  });

  test('STATEMENT last in the list: Submit; tapped while empty it marks the first question and focuses it', async () => {
    app = { ...app, applyStepsName: [...STEPS_OF.cn, 'STATEMENT'] };
    const a = api();
    renderStatement();
    const submit = await screen.findByRole('button', { name: 'Submit' });
    expect(submit).toBeEnabled();
    await click(submit);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Yes' })).toHaveFocus());
    expect(screen.getByRole('radiogroup', { name: /Do you hold a Hong Kong identity card/ })).toHaveAccessibleDescription(expect.stringContaining('Required'));
    expect(saves(a)).toHaveLength(0);
  });
});

describe('submit later (statementSkipType "1")', () => {
  test('incomplete: "Submit later" moves to the first unfinished step without saving; complete: "Submit" saves', async () => {
    localStorage.setItem('statementSkipType', '1');
    app = { ...app, applyStepsName: ['STATEMENT', ...STEPS_OF.cn], latestStep: null };
    const a = api();
    renderStatement();
    const later = await screen.findByRole('button', { name: 'Submit later' });
    expect(later).toBeEnabled();
    await click(later);
    expect(currentLocation()).toBe('/IDcard');
    expect(saves(a)).toHaveLength(0);
  });

  test('the same button reads Submit once the form is complete, and saves', async () => {
    localStorage.setItem('statementSkipType', '1');
    app = { ...app, applyStepsName: [...STEPS_OF.cn, 'STATEMENT'], latestStep: 'BANKCARD' };
    const a = api();
    renderStatement();
    await screen.findByRole('button', { name: 'Submit later' });
    await fillHkDocument();
    await fillStatementPart();
    const submit = await screen.findByRole('button', { name: 'Submit' });
    expect(screen.queryByRole('button', { name: 'Submit later' })).not.toBeInTheDocument();
    await click(submit);
    await waitFor(() => expect(saves(a)).toHaveLength(1));
  });

  test('without the flag no "Submit later"', async () => {
    api();
    renderStatement();
    await screen.findByRole('button', { name: 'Next' });
    expect(screen.queryByRole('button', { name: 'Submit later' })).not.toBeInTheDocument();
  });
});

describe('errors on save', () => {
  test('150204: the already-registered dialog with the masked phone', async () => {
    api({
      applyUpdate: (p: { draft?: boolean }) => {
        if (p.draft) return { application: app, nextStep: null };
        throw new ApiError(150204, 'registered', { phone: '138****5678' }, 400);
      },
    });
    renderStatement();
    await fillHkDocument();
    await fillStatementPart();
    await click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'ID already registered' });
    expect(dialog).toHaveTextContent('138****5678');
    expect(currentLocation()).toBe('/statement');
    await click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'ID already registered' })).not.toBeInTheDocument());
  });

  test('100400 from the service: its issues show on the fields', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api({
      applyUpdate: (p: { draft?: boolean }) => {
        if (p.draft) return { application: app, nextStep: null };
        throw new ApiError(100400, 'Invalid input', { issues: [{ path: 'data.documentInfo.statement.0', message: 'format' }] }, 400);
      },
    });
    renderStatement();
    await fillHkDocument();
    await fillStatementPart();
    await click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The format is not correct')).toBeInTheDocument();
    expect(screen.getByLabelText('Statement')).toHaveAccessibleDescription(expect.stringContaining('The format is not correct'));
  });

  test('another save error is logged and the general toast shows', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api({
      applyUpdate: (p: { draft?: boolean }) => {
        if (p.draft) return { application: app, nextStep: null };
        throw new ApiError(100500, 'Something went wrong', undefined, 500);
      },
    });
    renderStatement();
    await fillHkDocument();
    await fillStatementPart();
    await click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('statement save failed', expect.any(ApiError));
    expect(currentLocation()).toBe('/statement');
  });
});

describe('the sample', () => {
  test('"View sample" opens the sample statement with its highlighted parts', async () => {
    api();
    renderStatement();
    await click(await screen.findByRole('button', { name: 'View sample' }));
    const sample = await screen.findByRole('dialog', { name: 'Sample statement' });
    expect(within(sample).getByRole('img', { name: /monthly statement/ })).toBeInTheDocument();
    expect(within(sample).getByText('Holder name')).toBeInTheDocument();
  });
});
