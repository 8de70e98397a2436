/**
 * The derivatives questionnaire (both versions), its data and DerivativeDialog: roles and labels only.
 */
jest.mock('@core/api/upload', () => ({ uploadFile: jest.fn() }));

import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { uploadFile } from '@core/api/upload';
import { DERIVATIVE_VERSION, type DerivativeVersion } from '@core/domain/profile';
import { renderWithProviders } from '@core/testing/render-with-providers';
import { DerivativeQuestionnaire } from './DerivativeQuestionnaire';
import { DerivativeDialog, type DerivativeDialogProps } from './DerivativeDialog';
import {
  answerNo,
  answerYes,
  setBox,
  toDerivativeEvidence,
  withEvidence,
  emptyDerivativeForm,
  fitDerivativeForm,
  fromDerivativeInfo,
  openDerivativeOf,
  toDerivativeInfo,
  type DerivativeForm,
  type DerivativeInfo,
} from './derivative-data';

jest.setTimeout(20000);

const { FULL, SIMPLE } = DERIVATIVE_VERSION;
const PRODUCTS = ['warrants', 'cbbc', 'futuresOptions', 'eln', 'forwards', 'swaps'] as const;
const items = (...ticked: string[]) => PRODUCTS.map((title) => ({ title, checked: (ticked.includes(title) ? 1 : 0) as 1 | 0 }));

/** The full answer of someone intending, with every box and sub-choice. */
const FULL_YES: DerivativeInfo = {
  version: 2,
  derivative: { title: 'intend', checked: 1 },
  risk: 1,
  trainingCourse: { checked: 1, selectIndex: '2', selectContent: 'course' },
  experienceRelated: { checked: 1 },
  workExperience: { selectIndex: '3', selectContent: 'fund' },
  yearsParticipation: { selectIndex: '2', selectContent: 'y1to3' },
  derivativeProducts: { checked: 1, items: items('cbbc', 'swaps') },
};
const FULL_NO: DerivativeInfo = {
  version: 2,
  derivative: { title: 'intend', checked: 0 },
  risk: 0,
  trainingCourse: { checked: 0, selectIndex: '', selectContent: '' },
  experienceRelated: { checked: 0 },
  workExperience: { selectIndex: '', selectContent: '' },
  yearsParticipation: { selectIndex: '', selectContent: '' },
  derivativeProducts: { checked: 0, items: items() },
};

describe('derivative data', () => {
  test('a full form becomes the version 2 shape; unticked boxes and "not intend" write ""/0', () => {
    const form = fromDerivativeInfo(FULL_YES, FULL);
    expect(form).toEqual({
      answer: 'yes',
      risk: true,
      training: true,
      trainingSource: '2',
      related: true,
      institution: '3',
      years: '2',
      products: true,
      items: ['cbbc', 'swaps'],
      evidence: { training: [], related: [], products: [] },
    });
    expect(toDerivativeInfo(form, FULL, false)).toEqual(FULL_YES);
    expect(toDerivativeInfo({ ...form, related: false }, FULL, false)).toEqual({
      ...FULL_YES,
      experienceRelated: { checked: 0 },
      workExperience: { selectIndex: '', selectContent: '' },
      yearsParticipation: { selectIndex: '', selectContent: '' },
    });
    expect(toDerivativeInfo({ ...form, answer: 'no' }, FULL, false)).toEqual(FULL_NO);
    expect(toDerivativeInfo(answerNo(), FULL, false)).toEqual(FULL_NO);
    expect(openDerivativeOf(FULL_YES)).toBe(1);
    expect(openDerivativeOf(FULL_NO)).toBe(0);
  });

  test('unanswered writes nothing; a student never ticks the related-job box', () => {
    expect(toDerivativeInfo(emptyDerivativeForm(), FULL, false)).toBeUndefined();
    expect(toDerivativeInfo(emptyDerivativeForm(), SIMPLE, false)).toBeUndefined();
    expect(openDerivativeOf(undefined)).toBe(0);
    const student = toDerivativeInfo(fromDerivativeInfo(FULL_YES, FULL), FULL, true);
    expect(student).toMatchObject({ experienceRelated: { checked: 0 }, workExperience: { selectIndex: '' }, yearsParticipation: { selectIndex: '' } });
    expect(answerYes(emptyDerivativeForm(), true)).toMatchObject({ answer: 'yes', training: true, related: false, products: true });
    expect(answerYes(emptyDerivativeForm(), false)).toMatchObject({ answer: 'yes', training: true, related: true, products: true });
  });

  test('the simple version: yes with its boxes, no with none', () => {
    const yes = answerYes(emptyDerivativeForm(), false);
    expect(toDerivativeInfo({ ...yes, related: false }, SIMPLE, false)).toEqual({
      version: 1,
      derivative: { title: 'experience', checked: 1 },
      trainingCourse: { checked: 1 },
      experienceRelated: { checked: 0 },
      derivativeProducts: { checked: 1 },
    });
    expect(toDerivativeInfo(answerNo(), SIMPLE, false)).toEqual({
      version: 1,
      derivative: { title: 'experience', checked: 0 },
      trainingCourse: { checked: 0 },
      experienceRelated: { checked: 0 },
      derivativeProducts: { checked: 0 },
    });
    expect(fromDerivativeInfo(toDerivativeInfo(yes, SIMPLE, false), SIMPLE)).toEqual({ ...emptyDerivativeForm(), answer: 'yes', training: true, related: true, products: true });
  });

  test('an answer of the other version, or nothing, starts unanswered; years beyond the age are dropped', () => {
    expect(fromDerivativeInfo(FULL_YES, SIMPLE)).toEqual(emptyDerivativeForm());
    expect(fromDerivativeInfo(undefined, FULL)).toEqual(emptyDerivativeForm());
    expect(fromDerivativeInfo({ version: 2, derivative: { checked: 'x' } }, FULL)).toEqual(emptyDerivativeForm());
    const form = fromDerivativeInfo({ ...FULL_YES, yearsParticipation: { selectIndex: '4', selectContent: 'over5' } }, FULL);
    expect(fitDerivativeForm(form, false, 30).years).toBe('4');
    expect(fitDerivativeForm(form, false, 29).years).toBe('');
    expect(fitDerivativeForm(form, true, 20)).toMatchObject({ related: false, institution: '', years: '' });
  });
});

function Harness({ version, student = false, age, initial = emptyDerivativeForm() }: { version: DerivativeVersion; student?: boolean; age?: number; initial?: DerivativeForm }) {
  const [form, setForm] = useState(initial);
  return (
    <>
      <DerivativeQuestionnaire value={form} onChange={setForm} version={version} student={student} age={age} />
      <output aria-label="answer">{JSON.stringify(toDerivativeInfo(form, version, student) ?? null)}</output>
    </>
  );
}
const answer = () => JSON.parse(screen.getByRole('status', { name: 'answer' }).textContent ?? 'null') as DerivativeInfo | null;

describe('evidence files of the ticked boxes (issue 41)', () => {
  const file = (id: string) => ({ ossId: `ev_${id}_abcdef`, url: '/x', description: `${id}.pdf`, ossCategory: 'UserApply' });
  test("kept for ticked boxes only; an unticked box drops its files; the rule off or 'no' writes none", () => {
    const form = withEvidence(fromDerivativeInfo(FULL_YES, FULL), { trainingCourse: [file('a')], derivativeProducts: [file('b'), 'not a file'], payslip: [file('c')] });
    expect(form.evidence).toEqual({ training: [file('a')], related: [], products: [file('b')] });
    expect(toDerivativeEvidence(form, false, 'optional')).toEqual({ trainingCourse: [file('a')], derivativeProducts: [file('b')] });
    expect(toDerivativeEvidence(setBox(form, 'products', false), false, 'required')).toEqual({ trainingCourse: [file('a')] });
    expect(toDerivativeEvidence(form, false, 'off')).toBeUndefined();
    expect(toDerivativeEvidence({ ...form, answer: 'no' }, false, 'optional')).toBeUndefined();
    // a box not ticked in the answer brings no files back
    expect(withEvidence(fromDerivativeInfo(FULL_NO, FULL), { trainingCourse: [file('a')] }).evidence.training).toEqual([]);
  });
});

describe('DerivativeQuestionnaire, full', () => {
  test('intend shows the risk box and ticks the three boxes, each with its sub-choices', async () => {
    const { user } = renderWithProviders(<Harness version={FULL} age={40} />);
    const question = screen.getByRole('radiogroup', { name: 'Do you intend to trade derivatives?' });
    expect(within(question).getByRole('radio', { name: 'Yes' })).not.toBeChecked();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(question).getByRole('radio', { name: 'Yes' }));

    expect(screen.getByRole('checkbox', { name: /I understand the features and risks/ })).not.toBeChecked();
    const boxes = screen.getByRole('group', { name: 'Tick what applies to you (at least one):' });
    expect(within(boxes).getByRole('checkbox', { name: 'I have received training or attended courses on derivatives' })).toBeChecked();
    expect(within(boxes).getByRole('checkbox', { name: 'I have work experience related to derivatives' })).toBeChecked();
    expect(within(boxes).getByRole('checkbox', { name: 'I have traded derivative products' })).toBeChecked();
    expect(within(screen.getByRole('radiogroup', { name: 'Where did you learn about derivatives?' })).getAllByRole('radio')).toHaveLength(2);
    expect(within(screen.getByRole('radiogroup', { name: 'Type of institution' })).getAllByRole('radio')).toHaveLength(5);
    expect(within(screen.getByRole('radiogroup', { name: 'Years in the job' })).getAllByRole('radio')).toHaveLength(4);
    expect(within(screen.getByRole('group', { name: 'Products traded (at least one)' })).getAllByRole('checkbox')).toHaveLength(6);

    await user.click(screen.getByRole('checkbox', { name: /I understand the features and risks/ }));
    await user.click(screen.getByRole('radio', { name: 'An online or classroom course' }));
    await user.click(screen.getByRole('radio', { name: 'Fund, asset management or family office' }));
    await user.click(screen.getByRole('radio', { name: '1 to 3 years' }));
    await user.click(screen.getByRole('checkbox', { name: 'Callable bull/bear contracts (CBBCs)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Swaps' }));
    expect(answer()).toEqual(FULL_YES);

    // unticking a box hides and drops its sub-choices
    await user.click(screen.getByRole('checkbox', { name: 'I have received training or attended courses on derivatives' }));
    expect(screen.queryByRole('radiogroup', { name: 'Where did you learn about derivatives?' })).not.toBeInTheDocument();
    expect(answer()).toMatchObject({ trainingCourse: { checked: 0, selectIndex: '', selectContent: '' } });
  });

  test.each([
    [24, ['Under 1 year', '1 to 3 years']],
    [25, ['Under 1 year', '1 to 3 years', '3 to 5 years']],
    [29, ['Under 1 year', '1 to 3 years', '3 to 5 years']],
    [30, ['Under 1 year', '1 to 3 years', '3 to 5 years', 'Over 5 years']],
  ])('aged %i the years options are %j', async (age, years) => {
    const { user } = renderWithProviders(<Harness version={FULL} age={age} />);
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    const group = screen.getByRole('radiogroup', { name: 'Years in the job' });
    expect(within(group).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(years);
  });

  test('a student does not see the related-job box', async () => {
    const { user } = renderWithProviders(<Harness version={FULL} student age={20} />);
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    const boxes = screen.getByRole('group', { name: 'Tick what applies to you (at least one):' });
    expect(within(boxes).getByRole('checkbox', { name: 'I have received training or attended courses on derivatives' })).toBeChecked();
    expect(within(boxes).getByRole('checkbox', { name: 'I have traded derivative products' })).toBeChecked();
    expect(within(boxes).queryByRole('checkbox', { name: 'I have work experience related to derivatives' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Type of institution' })).not.toBeInTheDocument();
  });

  test('not intend asks for a confirmation: cancel keeps the answer, confirm clears the questionnaire', async () => {
    const { user } = renderWithProviders(<Harness version={FULL} age={40} initial={fromDerivativeInfo(FULL_YES, FULL)} />);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    let dialog = await screen.findByRole('dialog', { name: 'Not trading derivatives?' });
    expect(dialog).toHaveAccessibleDescription('No derivatives trading permission will be opened for your account, and options cannot be selected.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(answer()).toEqual(FULL_YES);

    await user.click(screen.getByRole('radio', { name: 'No' }));
    dialog = await screen.findByRole('dialog', { name: 'Not trading derivatives?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(answer()).toEqual(FULL_NO);
  });

  test('not intend as the first answer also asks; Escape keeps it unanswered', async () => {
    const { user } = renderWithProviders(<Harness version={FULL} age={40} />);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await screen.findByRole('dialog', { name: 'Not trading derivatives?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'No' })).not.toBeChecked();
    expect(answer()).toBeNull();
  });
});

describe('DerivativeQuestionnaire, simple', () => {
  test('yes ticks the three boxes without sub-choices; no needs no confirmation', async () => {
    const { user } = renderWithProviders(<Harness version={SIMPLE} age={40} />);
    const question = screen.getByRole('radiogroup', { name: 'Do you have knowledge of or experience with derivatives?' });
    await user.click(within(question).getByRole('radio', { name: 'Yes' }));
    const boxes = screen.getByRole('group', { name: 'Tick what applies to you (at least one):' });
    expect(within(boxes).getAllByRole('checkbox')).toHaveLength(3);
    for (const b of within(boxes).getAllByRole('checkbox')) expect(b).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /risks/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Where did you learn about derivatives?' })).not.toBeInTheDocument();
    await user.click(within(boxes).getByRole('checkbox', { name: 'I have traded derivative products' }));
    expect(answer()).toEqual({
      version: 1,
      derivative: { title: 'experience', checked: 1 },
      trainingCourse: { checked: 1 },
      experienceRelated: { checked: 1 },
      derivativeProducts: { checked: 0 },
    });

    await user.click(within(question).getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(answer()).toMatchObject({ version: 1, derivative: { checked: 0 }, trainingCourse: { checked: 0 } });
  });

  test('a student answering yes gets the two offered boxes', async () => {
    const { user } = renderWithProviders(<Harness version={SIMPLE} student age={22} />);
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(answer()).toMatchObject({ trainingCourse: { checked: 1 }, experienceRelated: { checked: 0 }, derivativeProducts: { checked: 1 } });
  });
});

describe('DerivativeDialog', () => {
  afterEach(() => jest.restoreAllMocks());
  function renderDialog(over: Partial<DerivativeDialogProps> = {}) {
    const onDone = jest.fn();
    const onCancel = jest.fn();
    const r = renderWithProviders(<DerivativeDialog visible student={false} age={40} onDone={onDone} onCancel={onCancel} {...over} />);
    return { ...r, onDone, onCancel };
  }
  const confirm = () => within(screen.getByRole('dialog', { name: 'Derivatives information' })).getByRole('button', { name: 'Confirm' });

  test('opens with intend chosen; Confirm takes only a complete answer (else marks and focuses what is missing), which it hands over', async () => {
    const { user, onDone, onCancel } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Derivatives information' });
    expect(within(dialog).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(confirm()).toBeEnabled();
    await user.click(confirm());
    const risk = within(dialog).getByRole('checkbox', { name: /I understand the features and risks/ });
    await waitFor(() => expect(risk).toHaveFocus());
    expect(risk).toHaveAccessibleDescription('Please tick to confirm');
    expect(onDone).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('checkbox', { name: /I understand the features and risks/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'An online or classroom course' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Fund, asset management or family office' }));
    expect(within(dialog).getByRole('radiogroup', { name: 'Years in the job' })).toHaveAccessibleDescription(/./); // years still missing
    await user.click(within(dialog).getByRole('radio', { name: '1 to 3 years' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Callable bull/bear contracts (CBBCs)' }));
    expect(confirm()).toBeEnabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Swaps' }));
    const later = Date.now() + 5000; // the button takes one press a second
    jest.spyOn(Date, 'now').mockReturnValue(later);
    await user.click(confirm());
    // no evidence files given: none handed over
    expect(onDone).toHaveBeenCalledWith(FULL_YES, undefined);
    expect(onCancel).not.toHaveBeenCalled();
  });

  test('the risk box is required; an emptied box list says choose at least one', async () => {
    const { user, onDone } = renderDialog({ initial: FULL_YES });
    const dialog = screen.getByRole('dialog', { name: 'Derivatives information' });
    expect(confirm()).toBeEnabled();
    const risk = within(dialog).getByRole('checkbox', { name: /I understand the features and risks/ });
    await user.click(risk);
    expect(risk).toHaveAccessibleDescription('Please tick to confirm');
    await user.click(risk);
    for (const name of ['I have received training or attended courses on derivatives', 'I have work experience related to derivatives', 'I have traded derivative products']) {
      await user.click(within(dialog).getByRole('checkbox', { name }));
    }
    expect(within(dialog).getByRole('group', { name: 'Tick what applies to you (at least one):' })).toHaveAccessibleDescription('Choose at least one');
    await user.click(confirm());
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: 'I have received training or attended courses on derivatives' })).toHaveFocus());
    expect(onDone).not.toHaveBeenCalled();
  });

  test('a student answers without the related-job box', async () => {
    const { user, onDone } = renderDialog({ student: true, age: 22 });
    const dialog = screen.getByRole('dialog', { name: 'Derivatives information' });
    expect(within(dialog).queryByRole('checkbox', { name: 'I have work experience related to derivatives' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /I understand the features and risks/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have received training or attended courses on derivatives' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Warrants' }));
    await user.click(confirm());
    expect(onDone).toHaveBeenCalledWith({ ...FULL_NO, derivative: { title: 'intend', checked: 1 }, risk: 1, derivativeProducts: { checked: 1, items: items('warrants') } }, undefined);
  });

  test('closing calls onCancel', async () => {
    const { user, onCancel, onDone } = renderDialog();
    await user.click(within(screen.getByRole('dialog', { name: 'Derivatives information' })).getByRole('button', { name: 'Close' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  test('confirming "not intend" calls onCancel; cancelling that confirmation keeps the dialog', async () => {
    const { user, onCancel } = renderDialog({ initial: FULL_YES });
    const dialog = screen.getByRole('dialog', { name: 'Derivatives information' });
    await user.click(within(dialog).getByRole('radio', { name: 'No' }));
    let confirmNo = await screen.findByRole('dialog', { name: 'Not trading derivatives?' });
    await waitFor(() => expect(confirmNo).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Not trading derivatives?' })).not.toBeInTheDocument());
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Derivatives information' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'No' }));
    confirmNo = await screen.findByRole('dialog', { name: 'Not trading derivatives?' });
    await user.click(within(confirmNo).getByRole('button', { name: 'Confirm' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  test('required evidence: Confirm marks a ticked box without its file; with every box\'s file it hands them over', async () => {
    let seq = 0;
    (uploadFile as jest.MockedFunction<typeof uploadFile>).mockImplementation(async (_file, _name, _cat, onProgress) => {
      onProgress?.(100, 'uploading');
      const id = `evdlg${String(++seq).padStart(4, '0')}`;
      return { ossId: id, ossUrl: `/x?ossid=${id}` };
    });
    const { user, onDone } = renderDialog({ initial: FULL_YES, evidenceRule: 'required' });
    const dialog = screen.getByRole('dialog', { name: 'Derivatives information' });
    await user.click(confirm());
    const training = within(dialog).getByLabelText(/^Training certificate/);
    await waitFor(() => expect(training).toHaveAccessibleDescription(/Please upload a file/));
    expect(onDone).not.toHaveBeenCalled();
    for (const [label, name] of [
      ['Training certificate', 'course.pdf'],
      ["Employer's letter", 'employer.pdf'],
      ['Trade statements', 'statements.pdf'],
    ]) {
      fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { files: [new File([new Uint8Array(500)], name, { type: 'application/pdf', lastModified: 1700000000000 + seq })] } });
      await within(dialog).findByText(name);
    }
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 5000); // the button takes one press a second
    await user.click(confirm());
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const [info, evidence] = onDone.mock.calls[0] as [unknown, Record<string, Array<{ description: string }>>];
    expect(info).toEqual(FULL_YES);
    expect(Object.fromEntries(Object.entries(evidence).map(([k, v]) => [k, v.map((f) => f.description)]))).toEqual({
      trainingCourse: ['course.pdf'],
      experienceRelated: ['employer.pdf'],
      derivativeProducts: ['statements.pdf'],
    });
  });

  test('the texts are translated', async () => {
    renderWithProviders(<DerivativeDialog visible student={false} age={40} onDone={jest.fn()} onCancel={jest.fn()} />, { lang: 'zh-TW' });
    const dialog = screen.getByRole('dialog', { name: '衍生產品資料' });
    expect(within(dialog).getByRole('radiogroup', { name: '您是否有意買賣衍生產品？' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '確定' })).toBeEnabled();
  });
});
