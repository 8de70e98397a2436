import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/render-with-providers';
import { BROKERS } from '../../domain/brokers';
import { CHINA, NATIONALITY_PRIORITY } from '../../domain/countries';
import { CountryPicker, OptionPicker, useCountryName } from './index';

function Opener({ children }: { children: (open: boolean, close: () => void) => React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {children(open, () => setOpen(false))}
    </>
  );
}

describe('OptionPicker', () => {
  test('a dialog named by the title; search filters; picking selects then closes; focus goes back', async () => {
    const onSelect = jest.fn();
    const options = BROKERS.slice(0, 46).map((b) => ({ value: b.code, label: b.en }));
    const { user } = renderWithProviders(
      <Opener>{(open, close) => <OptionPicker visible={open} title="Broker" options={options} onSelect={onSelect} onClose={close} searchable value={options[1].value} />}</Opener>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Broker' });
    expect(dialog).toHaveFocus();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(46);
    expect(within(dialog).getByRole('button', { name: options[1].label })).toHaveAttribute('aria-current', 'true');
    const target = options[10];
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search' }), target.label.slice(0, 6).toUpperCase());
    const shown = within(dialog).getAllByRole('listitem');
    expect(shown.length).toBeLessThan(46);
    expect(shown.length).toBeGreaterThan(0);
    await user.clear(within(dialog).getByRole('searchbox', { name: 'Search' }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search' }), 'zzzz-no-such');
    expect(within(dialog).getByText('No matches')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('searchbox', { name: 'Search' }));
    await user.click(within(dialog).getByRole('button', { name: target.label }));
    expect(onSelect).toHaveBeenCalledWith(target.value);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  test('Escape closes without picking', async () => {
    const onSelect = jest.fn();
    const { user } = renderWithProviders(
      <Opener>
        {(open, close) => (
          <OptionPicker
            visible={open}
            title="Yes or no"
            options={[
              { value: 1, label: 'Yes' },
              { value: 0, label: 'No' },
            ]}
            onSelect={onSelect}
            onClose={close}
          />
        )}
      </Opener>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSelect).not.toHaveBeenCalled();
  });
});

describe('CountryPicker', () => {
  test('priority countries first under "Common", China excluded, search by name or code', async () => {
    const onSelect = jest.fn();
    const { user } = renderWithProviders(
      <Opener>
        {(open, close) => (
          <CountryPicker visible={open} title="Nationality" onClose={close} onSelect={onSelect} priority={NATIONALITY_PRIORITY} exclude={[CHINA]} value="SG" />
        )}
      </Opener>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Nationality' });
    const common = await within(dialog).findByRole('list', { name: 'Common' });
    expect(within(common).getAllByRole('button').map((b) => b.textContent)).toEqual(['Hong Kong, China', 'Macao, China', 'Taiwan, China', 'Singapore', 'United Kingdom']);
    expect(within(common).getByRole('button', { name: 'Singapore' })).toHaveAttribute('aria-current', 'true');
    const all = within(dialog).getByRole('list', { name: 'All' });
    expect(within(all).queryByRole('button', { name: 'China' })).not.toBeInTheDocument();
    expect(within(all).queryByRole('button', { name: 'Singapore' })).not.toBeInTheDocument(); // not twice
    const allNames = within(all).getAllByRole('button').map((b) => b.textContent ?? '');
    expect(allNames.length).toBe(250 - 1 - 5);
    expect(allNames[0]).toBe('Afghanistan');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search' }), 'land');
    const found = within(dialog).getAllByRole('button', { name: /land/i }).map((b) => b.textContent);
    expect(found).toContain('Finland');
    expect(found).not.toContain('Japan');
    await user.clear(within(dialog).getByRole('searchbox', { name: 'Search' }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search' }), 'jp');
    await user.click(within(dialog).getByRole('button', { name: 'Japan' }));
    expect(onSelect).toHaveBeenCalledWith('JP');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('only limits the list', async () => {
    const { user } = renderWithProviders(
      <Opener>{(open, close) => <CountryPicker visible={open} title="Issuing" onClose={close} onSelect={jest.fn()} only={['HK', 'MO']} />}</Opener>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Issuing' });
    await within(dialog).findByRole('button', { name: 'Hong Kong, China' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
  });

  test.each([
    ['zh-CN', '中国香港', '新加坡', '日本'],
    ['zh-TW', '中國香港', '新加坡', '日本'],
    ['en', 'Hong Kong, China', 'Singapore', 'Japan'],
  ] as const)('names in %s; useCountryName', async (lang, hk, sg, jp) => {
    function Names() {
      const name = useCountryName();
      return <p>{`${name('HK')}|${name('SG')}|${name('JP')}|${name('')}`}</p>;
    }
    renderWithProviders(<Names />, { lang });
    expect(await screen.findByText(`${hk}|${sg}|${jp}|`)).toBeInTheDocument();
  });

  test('traditional names are converted (HK wording)', async () => {
    const { user } = renderWithProviders(
      <Opener>{(open, close) => <CountryPicker visible={open} title="國籍" onClose={close} onSelect={jest.fn()} priority={['GB', 'TW']} />}</Opener>,
      { lang: 'zh-TW' },
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const common = await screen.findByRole('list', { name: '常用' });
    expect(within(common).getAllByRole('button').map((b) => b.textContent)).toEqual(['英國', '中國台灣']);
  });
});
