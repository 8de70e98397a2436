import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/render-with-providers';
import { W8AddressField } from './W8AddressField';

function Field({ initial = '' }: { initial?: string }) {
  const [v, setV] = useState(initial);
  return <W8AddressField name="w8" label="Permanent residence address" value={v} onChange={setV} hint="Letters, digits and spaces" />;
}

describe('W8AddressField', () => {
  test('cleans as typed and keeps the caret after what was typed, in the middle of the address too', async () => {
    const { user } = renderWithProviders(<Field initial="12 F HARBOUR ROAD" />);
    const box = screen.getByRole('textbox', { name: 'Permanent residence address' });
    await user.type(box, '88, ', { initialSelectionStart: 5, initialSelectionEnd: 5 });
    expect(box).toHaveValue('12 F 88 HARBOUR ROAD');
    await user.type(box, 'w', { skipClick: true });
    expect(box).toHaveValue('12 F 88 WHARBOUR ROAD');
    expect((box as HTMLTextAreaElement).selectionStart).toBe(9);
  });

  test('a normal address is never refused: shown as it will be on the form, nothing said removed', async () => {
    const { user } = renderWithProviders(<Field />);
    const box = screen.getByRole('textbox', { name: 'Permanent residence address' });
    await user.type(box, 'Flat 3-B, Block #2 (East)');
    expect(box).toHaveValue('FLAT 3 B BLOCK 2 EAST ');
    await user.tab();
    expect(box).toHaveValue('FLAT 3 B BLOCK 2 EAST');
    expect(screen.queryByText(/Removed/)).not.toBeInTheDocument();
  });

  test('an input method composition (a Chinese IME) is left as typed until it ends, then cleaned and named', () => {
    renderWithProviders(<Field initial="88 " />);
    const box = screen.getByRole('textbox', { name: 'Permanent residence address' });
    fireEvent.compositionStart(box);
    fireEvent.input(box, { target: { value: '88 wan' }, isComposing: true });
    expect(box).toHaveValue('88 wan');
    fireEvent.input(box, { target: { value: '88 灣仔' }, isComposing: true });
    expect(box).toHaveValue('88 灣仔');
    fireEvent.compositionEnd(box, { data: '灣仔' });
    expect(box).toHaveValue('88 ');
    expect(screen.getByText(/Removed: 灣仔/)).toHaveAttribute('role', 'status');
  });
});
