import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/render-with-providers';
import { LONG_TERM } from '../../domain/identity';
import { DateField } from './index';

const seen: string[] = [];
function Field({ initial = '', longTerm, lang, min, max, start }: { initial?: string; longTerm?: boolean; lang?: string; min?: string; max?: string; start?: string }) {
  const [v, setV] = useState(initial);
  return (
    <DateField
      name="birthday"
      label={lang === 'zh' ? '出生日期' : 'Date of birth'}
      value={v}
      longTerm={longTerm}
      min={min}
      max={max}
      start={start}
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

  test('taps with pauses of any length between them (react-vant reported a change 100 ms late): the date sent is the one picked and shown', async () => {
    const { user } = renderWithProviders(<Field initial="2000-01-31" />);
    const pause = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));
    let shown = '2000/01/31';
    for (const [gap, y, mon, d, iso] of [
      [0, '1990', 'May', '12', '1990-05-12'],
      [60, '1985', 'Aug', '03', '1985-08-03'],
      [110, '1979', 'Feb', '28', '1979-02-28'],
      [160, '2001', 'Nov', '30', '2001-11-30'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: `Date of birth ${shown}` }));
      const dialog = await screen.findByRole('dialog', { name: 'Date of birth' });
      await user.click(within(await within(dialog).findByRole('listbox', { name: 'Year' }, { timeout: 4000 })).getByRole('option', { name: y }));
      await pause(gap);
      await user.click(within(within(dialog).getByRole('listbox', { name: 'Month' })).getByRole('option', { name: mon }));
      await pause(gap);
      await user.click(within(within(dialog).getByRole('listbox', { name: 'Day' })).getByRole('option', { name: d }));
      for (const [wheel, text] of [['Year', y], ['Month', mon], ['Day', d]]) {
        expect(within(within(dialog).getByRole('listbox', { name: wheel })).getByRole('option', { selected: true })).toHaveTextContent(text);
      }
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      expect(seen.at(-1)).toBe(iso);
      shown = iso.replace(/-/g, '/');
      expect(screen.getByRole('button', { name: `Date of birth ${shown}` })).toBeInTheDocument();
    }
    expect(seen).toEqual(['1990-05-12', '1985-08-03', '1979-02-28', '2001-11-30']);
  });

  test('a wheel swiped and confirmed before it comes to rest sends the option under the frame; at rest that option is chosen', async () => {
    const { user } = renderWithProviders(<Field initial="1990-05-12" />);
    await user.click(screen.getByRole('button', { name: 'Date of birth 1990/05/12' }));
    const months = await screen.findByRole('listbox', { name: 'Month' });
    // the finger moves the month wheel to its 8th row (August) and lets go: Confirm at once
    months.scrollTop = 7 * 44;
    fireEvent.scroll(months);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(seen).toEqual(['1990-08-12']);

    await user.click(screen.getByRole('button', { name: 'Date of birth 1990/08/12' }));
    const days = await screen.findByRole('listbox', { name: 'Day' });
    days.scrollTop = 2 * 44;
    fireEvent.scroll(days);
    fireEvent(days, new Event('scrollend'));
    await waitFor(() => expect(within(days).getByRole('option', { selected: true })).toHaveTextContent('03'));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(seen).toEqual(['1990-08-12', '1990-08-03']);
  });

  test('min, max and start: the wheels offer only the dates of the range, an empty field opens at start', async () => {
    const { user } = renderWithProviders(<Field min="1950-06-15" max="2008-03-10" start="1996-03-10" />);
    await user.click(screen.getByRole('button', { name: 'Date of birth Select a date' }));
    const years = await screen.findByRole('listbox', { name: 'Year' });
    const options = (name: string) => within(screen.getByRole('listbox', { name })).getAllByRole('option').map((o) => o.textContent);
    expect(within(years).getByRole('option', { selected: true })).toHaveTextContent('1996');
    expect(options('Year')[0]).toBe('1950');
    expect(options('Year').at(-1)).toBe('2008');
    // in the range's last year the months stop at March, in its last month the days at the 10th
    await user.click(within(years).getByRole('option', { name: '2008' }));
    expect(options('Month')).toEqual(['Jan', 'Feb', 'Mar']);
    expect(options('Day').at(-1)).toBe('10');
    await user.click(within(years).getByRole('option', { name: '1950' }));
    expect(options('Month')[0]).toBe('Jun');
    expect(within(screen.getByRole('listbox', { name: 'Month' })).getByRole('option', { selected: true })).toHaveTextContent('Jun');
    expect(options('Day')[0]).toBe('15');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(seen).toEqual(['1950-06-15']);
  });
});
