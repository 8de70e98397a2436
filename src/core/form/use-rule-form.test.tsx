/**
 * The form kit on a small form: errors show when touched, the action marks every missing field, scrolls to the
 * first one in page order (not the validator's order) and focuses it, and says how many are marked; a form's own
 * texts; a field kept under another name than its key; nothing marked once the form is whole.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { FieldIssue } from '../domain/step-rules/types';
import { renderWithProviders } from '../testing/render-with-providers';
import { TextField } from '../ui/form/TextField';
import { useRuleForm } from './use-rule-form';

interface Form {
  name: string;
  code: string;
}
// the validator lists `code` first: the page shows `name` first, and the focus goes by the page
const validate = (f: Form): FieldIssue[] => [
  ...(f.code ? [] : [{ field: 'stock.code', rule: 'required' as const }]),
  ...(f.name.length >= 2 ? [] : [{ field: 'name', rule: f.name ? ('tooShort' as const) : ('required' as const) }]),
];
const own = (rule: string, field: string) => (field === 'stock.code' ? `code rule: ${rule}` : undefined);

function Demo({ onSend }: { onSend: (f: Form) => void }) {
  const kit = useRuleForm<Form>({ initial: { name: '', code: '' }, validate, limits: { name: { min: 2 } }, message: own });
  return (
    <div>
      <TextField label="Name" {...kit.bind('name')} />
      <TextField label="Code" {...kit.bind('code', { field: 'stock.code', map: (v) => v.toUpperCase() })} />
      <button type="button" onClick={() => kit.check() && onSend(kit.form)}>
        Send
      </button>
    </div>
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('an untouched form shows no error; a blurred empty field shows its own', () => {
  renderWithProviders(<Demo onSend={jest.fn()} />, { lang: 'en' });
  expect(screen.queryByText(/required|code rule/i)).toBeNull();
  fireEvent.blur(screen.getByLabelText('Name'));
  expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(/.+/);
  expect(screen.queryByText('code rule: required')).toBeNull();
});

test('the action marks every missing field, focuses the first on the page and says how many', async () => {
  const onSend = jest.fn();
  renderWithProviders(<Demo onSend={onSend} />, { lang: 'en' });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  act(() => jest.runOnlyPendingTimers());
  expect(onSend).not.toHaveBeenCalled();
  expect(screen.getByText('code rule: required')).toBeInTheDocument();
  expect(screen.getByLabelText('Name')).toHaveFocus();
  expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(/.+/);
  expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('code rule: required');
  expect(screen.getByRole('status')).toHaveTextContent('2 fields need your attention');
});

test('a field kept under another name clears its mark on change, and a whole form goes on', async () => {
  const onSend = jest.fn();
  renderWithProviders(<Demo onSend={onSend} />, { lang: 'en' });
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Li' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  act(() => jest.runOnlyPendingTimers());
  expect(screen.getByLabelText('Code')).toHaveFocus();
  expect(screen.getByRole('status')).toHaveTextContent('1 field needs your attention');
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'ab' } });
  await waitFor(() => expect(screen.queryByText('code rule: required')).toBeNull());
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(onSend).toHaveBeenCalledWith({ name: 'Li', code: 'AB' });
});

test('the marks read in Chinese too', () => {
  renderWithProviders(<Demo onSend={jest.fn()} />, { lang: 'zh-TW' });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  act(() => jest.runOnlyPendingTimers());
  expect(screen.getByRole('status')).toHaveTextContent('有 2 項需要填寫或修改');
});
