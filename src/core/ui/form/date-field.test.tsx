import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/render-with-providers';
import { LONG_TERM } from '../../domain/identity';
import { DateField } from './index';

const seen: string[] = [];
function Field({ initial = '', longTerm, lang }: { initial?: string; longTerm?: boolean; lang?: string }) {
  const [v, setV] = useState(initial);
  return (
    <DateField
      name="birthday"
      label={lang === 'zh' ? '出生日期' : 'Date of birth'}
      value={v}
      longTerm={longTerm}
      error={v ? undefined : 'Please choose a date'}
      onChange={(next) => {
        seen.push(next);
        setV(next);
      }}
    />
  );
}

beforeEach(() => {
  seen.length = 0;
});
// the year wheel has 223 options: role queries over it are slow in jsdom
jest.setTimeout(20000);

describe('DateField', () => {
  test('a button named by the label and the value; the error describes it; shows YYYY/MM/DD', () => {
    const { unmount } = renderWithProviders(<Field />);
    const button = screen.getByRole('button', { name: 'Date of birth Select a date' });
    expect(screen.getByLabelText('Date of birth')).toBe(button);
    expect(button).toHaveAccessibleDescription('Please choose a date');
    unmount();
    renderWithProviders(<Field initial="1990-05-12" />);
    expect(screen.getByRole('button', { name: 'Date of birth 1990/05/12' })).toBeInTheDocument();
  });

  test('picks a date on the wheels and sends it as YYYY-MM-DD; cancel keeps the old value; focus returns', async () => {
    const { user } = renderWithProviders(<Field initial="2000-01-31" />);
    const opener = screen.getByRole('button', { name: 'Date of birth 2000/01/31' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Date of birth' });
    // quick taps on the three wheels, then Confirm at once: the date shown on the wheels is the one sent
    await user.click(within(await within(dialog).findByRole('listbox', { name: 'Year' }, { timeout: 4000 })).getByRole('option', { name: '1990' }));
    await user.click(within(within(dialog).getByRole('listbox', { name: 'Month' })).getByRole('option', { name: 'May' }));
    await user.click(within(within(dialog).getByRole('listbox', { name: 'Day' })).getByRole('option', { name: '12' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(seen).toEqual(['1990-05-12']);
    expect(screen.getByRole('button', { name: 'Date of birth 1990/05/12' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Date of birth 1990/05/12' }));
    await user.click(within(await screen.findByRole('listbox', { name: 'Year' }, { timeout: 4000 })).getByRole('option', { name: '1980' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(seen).toEqual(['1990-05-12']);
  });

  test('each wheel is a named listbox with one tab stop; arrow keys move the choice', async () => {
    const { user } = renderWithProviders(<Field initial="1990-05-12" />);
    await user.click(screen.getByRole('button', { name: 'Date of birth 1990/05/12' }));
    const years = await screen.findByRole('listbox', { name: 'Year' }, { timeout: 4000 });
    await waitFor(() => expect(within(years).getByRole('option', { name: '1990' })).toHaveAttribute('aria-selected', 'true'), { timeout: 4000 });
    expect(screen.getByRole('listbox', { name: 'Month' })).toBeInTheDocument();
    expect(screen.getByRole('listbox', { name: 'Day' })).toBeInTheDocument();
    expect(years.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    within(years).getByRole('option', { name: '1990' }).focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(within(years).getByRole('option', { name: '1991' })).toHaveAttribute('aria-selected', 'true'), { timeout: 4000 });
  });

  test('the wheels stay inside 1900-01-01 … 2122-02-01', async () => {
    const { user } = renderWithProviders(<Field />);
    await user.click(screen.getByRole('button', { name: /Date of birth/ }));
    expect(await screen.findByRole('option', { name: '1900' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '2122' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: '1899' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: '2123' })).not.toBeInTheDocument();
  });

  test('a day past the end of the chosen month is clamped (31 May → June gives 30 June)', async () => {
    const { user } = renderWithProviders(<Field initial="2001-05-31" />);
    await user.click(screen.getByRole('button', { name: 'Date of birth 2001/05/31' }));
    await user.click(within(await screen.findByRole('listbox', { name: 'Month' }, { timeout: 4000 })).getByRole('option', { name: 'Jun' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(seen).toEqual(['2001-06-30']);
  });

  test('long-term sets LONG_TERM, shown translated', async () => {
    const { user, unmount } = renderWithProviders(<Field longTerm initial="2030-01-01" />);
    await user.click(screen.getByRole('button', { name: 'Date of birth 2030/01/01' }));
    await user.click(screen.getByRole('button', { name: 'Long-term' }));
    expect(seen).toEqual([LONG_TERM]);
    expect(screen.getByRole('button', { name: 'Date of birth Long-term' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<Field longTerm initial={LONG_TERM} lang="zh" />, { lang: 'zh-TW' });
    expect(screen.getByRole('button', { name: '出生日期 長期' })).toBeInTheDocument();
  });

  test('Chinese wheels carry the units', async () => {
    const { user } = renderWithProviders(<Field initial="1990-05-12" lang="zh" />, { lang: 'zh-CN' });
    await user.click(screen.getByRole('button', { name: '出生日期 1990/05/12' }));
    expect(await screen.findByRole('option', { name: '1990年' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '5月' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '12日' })).toBeInTheDocument();
  });
});
