import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/render-with-providers';
import { installFakeApi } from '../../testing/fake-api';
import { ApiError } from '../../api/api-error';
import { CityPicker } from './index';

jest.mock('../../api/client');

const CITIES = { 北京市: ['北京市'], 广东省: ['广州市', '深圳市', '珠海市'], 浙江省: ['杭州市', '宁波市'] };

function Harness({ onSelect }: { onSelect: (p: { province: string; city: string }) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Birthplace
      </button>
      <CityPicker visible={open} title="Place of birth" onClose={() => setOpen(false)} onSelect={onSelect} />
    </>
  );
}

describe('CityPicker', () => {
  test('province then city; search filters; back returns to the provinces; picking closes', async () => {
    const api = installFakeApi({ mainlandCity: () => CITIES });
    const onSelect = jest.fn();
    const { user } = renderWithProviders(<Harness onSelect={onSelect} />);
    expect(api.calls('mainlandCity')).toHaveLength(0); // loaded when first opened
    await user.click(screen.getByRole('button', { name: 'Birthplace' }));
    const dialog = screen.getByRole('dialog', { name: 'Place of birth' });
    await within(dialog).findByRole('button', { name: '广东省' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search' }), '浙');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    await user.clear(within(dialog).getByRole('searchbox', { name: 'Search' }));
    await user.click(within(dialog).getByRole('button', { name: '广东省' }));
    expect(within(dialog).getByText('Choose a city in 广东省')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Back to provinces' }));
    await user.click(within(dialog).getByRole('button', { name: '浙江省' }));
    await user.click(within(dialog).getByRole('button', { name: '宁波市' }));
    expect(onSelect).toHaveBeenCalledWith({ province: '浙江省', city: '宁波市' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('mainlandCity')).toHaveLength(1);
  });

  test('a failed load offers a retry', async () => {
    let fail = true;
    installFakeApi({
      mainlandCity: () => {
        if (fail) throw new ApiError(100500, 'busy', undefined, 500);
        return CITIES;
      },
    });
    const { user } = renderWithProviders(<Harness onSelect={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Birthplace' }));
    expect(await screen.findByText('Could not load the list.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: '北京市' })).toBeInTheDocument();
  });
});
