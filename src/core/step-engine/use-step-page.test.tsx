/**
 * useStepPage on a small BANKCARD page: where the form starts, when errors show, what Next sends or withholds,
 * the service's field issues, the halfway save.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import type { ApplicationView } from '../domain/contract';
import { bankcardSample } from '../domain/step-samples';
import { createFakeServer, fakeError, type FakeServer } from '../testing/fake-server';
import { makeApplication } from '../testing/factories';
import { currentLocation, renderWithProviders } from '../testing/render-with-providers';
import { resetCipherSession } from '../api/client';
import { useApplyDetail } from '../api/applications';
import { toast } from '../ui/toast';
import { StepPage } from '../ui/StepPage';
import { TextField } from '../ui/form/TextField';
import { useStepPage } from './use-step-page';

interface Form {
  acctNumber: string;
  email: string;
}
const initial = (src: Record<string, unknown> | undefined): Form => ({
  acctNumber: String((src?.bankInfo as { acctNumber?: string } | undefined)?.acctNumber ?? ''),
  email: String(src?.email ?? ''),
});
const toData = (f: Form): Record<string, unknown> => ({
  ...bankcardSample(),
  bankInfo: { acctNumber: f.acctNumber, phone: '13812345678' },
  email: f.email,
});
const LIMITS = { 'bankInfo.acctNumber': 19 };

function Page({ app }: { app: ApplicationView }) {
  const page = useStepPage('BANKCARD', app, { initial, toData, limits: LIMITS });
  const navigate = useNavigate();
  const { form, setForm, errors } = page;
  return (
    <StepPage title="bank card" progress={page.flow.progress} onBack={() => void page.back()} onNext={() => void page.next()}>
      <TextField
        name="acctNumber"
        label="Card number"
        value={form.acctNumber}
        onChange={(v) => {
          setForm((f) => ({ ...f, acctNumber: v }));
          errors.changed('bankInfo.acctNumber');
        }}
        onBlur={() => errors.touch('bankInfo.acctNumber')}
        error={errors.errorOf('bankInfo.acctNumber')}
      />
      <TextField label="E-mail" {...page.bind('email')} />
      <button type="button" onClick={() => navigate('/elsewhere')}>
        leave
      </button>
    </StepPage>
  );
}

function Screen() {
  const { data } = useApplyDetail();
  return data ? <Page app={data} /> : null;
}

let server: FakeServer;
let restore: () => void;
let app: ApplicationView;

const updates = () => server.callsOf('applyUpdate').map((c) => c.payload as { currentStep: string; draft: boolean; data: Record<string, unknown> });
const render = () =>
  renderWithProviders(
    <Routes>
      <Route path="/bankCard" element={<Screen />} />
      <Route path="*" element={<p>other page</p>} />
    </Routes>,
    { route: '/bankCard', lang: 'en' },
  );
const field = (name: string) => screen.getByRole('textbox', { name });
const errorOf = (name: string) => field(name).getAttribute('aria-describedby');

beforeAll(async () => {
  server = await createFakeServer();
});

beforeEach(() => {
  resetCipherSession();
  toast.clear();
  server.calls.length = 0;
  app = makeApplication({
    clientType: 'cn',
    applyStepsName: ['IDCARD', 'BANKCARD', 'JOBSTATUS'],
    data: { BANKCARD: { ...bankcardSample(), email: 'saved@qq.com' } },
  });
  server.handlers = {
    applyDetail: () => app,
    applyUpdate: () => ({ application: app, nextStep: null }),
  };
  restore = server.install();
});

afterEach(() => restore());

describe('useStepPage', () => {
  test('the form starts from the step draft over the saved step', async () => {
    app = { ...app, data: { ...app.data, drafts: { BANKCARD: { email: 'draft@qq.com', bankInfo: { acctNumber: '62220' } } } } };
    render();
    expect(await screen.findByRole('textbox', { name: 'E-mail' })).toHaveValue('draft@qq.com');
    expect(field('Card number')).toHaveValue('62220');
  });

  test('an error shows once its field is left, and every error once Next is pressed; nothing is sent then', async () => {
    app = { ...app, data: {} };
    render();
    await screen.findByRole('textbox', { name: 'E-mail' });
    expect(screen.queryByText('Required')).toBeNull();
    fireEvent.blur(field('E-mail'));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Next' }).click());
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(updates().filter((u) => !u.draft)).toHaveLength(0);
  });

  test('Next saves the data of the form and moves on', async () => {
    render();
    await screen.findByRole('textbox', { name: 'E-mail' });
    await act(async () => screen.getByRole('button', { name: 'Next' }).click());
    await waitFor(() => expect(currentLocation()).toBe('/jobStatus'));
    expect(updates()).toEqual([expect.objectContaining({ currentStep: 'BANKCARD', draft: false, data: expect.objectContaining({ email: 'saved@qq.com' }) })]);
  });

  test("the service's field issue shows under its field until the field changes", async () => {
    server.handlers.applyUpdate = () => {
      throw fakeError(100400, 'invalid', { issues: [{ path: 'data.bankInfo.acctNumber', message: 'tooLong' }] });
    };
    render();
    await screen.findByRole('textbox', { name: 'E-mail' });
    await act(async () => screen.getByRole('button', { name: 'Next' }).click());
    expect(await screen.findByText('At most 19 characters')).toBeInTheDocument();
    expect(errorOf('Card number')).toBeTruthy();
    fireEvent.change(field('Card number'), { target: { value: '6222021234567890129' } });
    await waitFor(() => expect(screen.queryByText('At most 19 characters')).toBeNull());
    expect(currentLocation()).toBe('/bankCard');
  });

  test('leaving the page keeps what was typed as a draft', async () => {
    render();
    await screen.findByRole('textbox', { name: 'E-mail' });
    fireEvent.change(field('E-mail'), { target: { value: 'new@qq.com' } });
    await act(async () => screen.getByRole('button', { name: 'leave' }).click());
    await waitFor(() => expect(updates()).toContainEqual(expect.objectContaining({ draft: true, data: expect.objectContaining({ email: 'new@qq.com' }) })));
  });
});
