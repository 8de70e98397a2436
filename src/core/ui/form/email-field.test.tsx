import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/render-with-providers';
import { EmailField } from './index';

function Field({ onBlur }: { onBlur: (v: string) => void }) {
  const [v, setV] = useState('');
  return (
    <>
      <EmailField name="email" label="E-mail" value={v} onChange={setV} onBlur={() => onBlur(v)} error={v.includes('@') ? undefined : 'Enter a correct e-mail'} required />
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('EmailField', () => {
  test('labelled, error described, spaces and Chinese dropped as typed', async () => {
    const { user } = renderWithProviders(<Field onBlur={jest.fn()} />);
    const input = screen.getByLabelText('E-mail');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAccessibleDescription('Enter a correct e-mail');
    await user.type(input, 'li 明 lei');
    expect(input).toHaveValue('lilei');
  });

  test('suggests the domains for what is typed; picking one fills the field and ends the editing', async () => {
    const onBlur = jest.fn();
    const { user } = renderWithProviders(<Field onBlur={onBlur} />);
    const input = screen.getByLabelText('E-mail');
    await user.type(input, 'lilei@1');
    const list = screen.getByRole('list', { name: 'E-mail suggestions' });
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['lilei@126.com', 'lilei@163.com', 'lilei@139.com']);
    await user.click(within(list).getByRole('button', { name: 'lilei@163.com' }));
    expect(input).toHaveValue('lilei@163.com');
    expect(screen.queryByRole('list', { name: 'E-mail suggestions' })).not.toBeInTheDocument();
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  test('no suggestions once a listed domain is complete, or when the field is left', async () => {
    const onBlur = jest.fn();
    const { user } = renderWithProviders(<Field onBlur={onBlur} />);
    const input = screen.getByLabelText('E-mail');
    await user.type(input, 'a@qq.com');
    expect(screen.queryByRole('list', { name: 'E-mail suggestions' })).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'abc');
    expect(screen.getByRole('list', { name: 'E-mail suggestions' })).toBeInTheDocument();
    // Tab moves to the first suggestion: still inside the field, no blur yet
    await user.tab();
    expect(onBlur).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onBlur).toHaveBeenCalledWith('abc');
    expect(screen.queryByRole('list', { name: 'E-mail suggestions' })).not.toBeInTheDocument();
  });
});
