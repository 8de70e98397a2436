import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { companySearchQuery, useCompanySearch, companyInfo, companyInfoQuery, translateAddress, useBirthplace, useNamePinyin, useMainlandCities } from './lookup';
import { currentLang, setCurrentLang } from '../i18n/lang';
import { installFakeApi } from '../testing/fake-api';
import { renderWithProviders } from '../testing/render-with-providers';

jest.mock('./client');

/** Shows a hook's state for the input the buttons choose (rerender() would drop the providers). */
function Inputs({ values, show }: { values: string[]; show: (value: string) => React.ReactNode }) {
  const [value, setValue] = useState(values[0]);
  return (
    <div>
      {values.map((v) => (
        <button key={v} onClick={() => setValue(v)}>{`use ${v}`}</button>
      ))}
      {show(value)}
    </div>
  );
}

function Pinyin({ name }: { name: string }) {
  const q = useNamePinyin(name);
  return <p>{q.data ? `${q.data.surnamePinyin}/${q.data.namePinyin}/${q.data.surnameIsPolyphone}` : q.fetchStatus}</p>;
}

function Birthplace({ code }: { code: string }) {
  const q = useBirthplace(code);
  return <p>{q.isSuccess ? `place:${q.data}` : q.fetchStatus}</p>;
}

const choose = (value: string) => act(() => screen.getByRole('button', { name: `use ${value.trim()}` }).click());

test('useNamePinyin asks only for a Chinese name, with the name normalised', async () => {
  const api = installFakeApi({ kycKeyValue: () => ({ namePinyin: { surnamePinyin: 'SHAN', namePinyin: 'TIANFANG', surnameIsPolyphone: true, nameIsPolyphone: false } }) });
  renderWithProviders(<Inputs values={['Zhang San', ' 单 田芳 ']} show={(v) => <Pinyin name={v} />} />);
  expect(screen.getByText('idle')).toBeInTheDocument();
  choose(' 单 田芳 ');
  expect(await screen.findByText('SHAN/TIANFANG/true')).toBeInTheDocument();
  expect(api.calls('kycKeyValue')).toEqual([{ type: 3, key: '单田芳' }]);
});

test('useBirthplace asks only for six digits; an unknown code answers ""', async () => {
  const api = installFakeApi({ kycKeyValue: (p) => ({ value: p.key === '440305' ? '广东省深圳市' : '' }) });
  renderWithProviders(<Inputs values={['44030', '440305', '999999']} show={(v) => <Birthplace code={v} />} />);
  expect(screen.getByText('idle')).toBeInTheDocument();
  choose('440305');
  expect(await screen.findByText('place:广东省深圳市')).toBeInTheDocument();
  choose('999999');
  expect(await screen.findByText('place:')).toBeInTheDocument();
  expect(api.calls('kycKeyValue')).toEqual([{ type: 2, key: '440305' }, { type: 2, key: '999999' }]);
});

test('translateAddress sends the address URI-encoded as type 4', async () => {
  const api = installFakeApi({ kycKeyValue: () => ({ value: 'NO 1 DONGCHANGAN STREET DONGCHENG DISTRICT BEIJING' }) });
  await expect(translateAddress(' 北京市东城区东长安街1号 ')).resolves.toBe('NO 1 DONGCHANGAN STREET DONGCHENG DISTRICT BEIJING');
  expect(api.calls('kycKeyValue')).toEqual([{ type: 4, key: encodeURIComponent('北京市东城区东长安街1号') }]);
});

function Search() {
  const [word, setWord] = useState('腾');
  const [page, setPage] = useState(1);
  const q = useCompanySearch(word, page);
  return (
    <div>
      <button onClick={() => setWord('银行')}>word</button>
      <button onClick={() => setPage(2)}>page 2</button>
      <p>{q.data ? `${q.data.items.map((i) => i.name).join(',')}|${q.data.total}|${q.isPlaceholderData ? 'previous' : 'fresh'}` : q.fetchStatus}</p>
    </div>
  );
}

test('useCompanySearch starts at 2 characters, pages of 10, and keeps the previous page while the next loads', async () => {
  let release: () => void = () => undefined;
  const api = installFakeApi({
    companySearch: (p) =>
      p.pageNum === 1
        ? { items: [{ id: 'C1', name: '招商银行股份有限公司', regLocation: '深圳' }], total: 11, vendor: 'local' }
        : new Promise((resolve) => {
            release = () => resolve({ items: [{ id: 'C2', name: '北京银行股份有限公司', regLocation: '北京' }], total: 11, vendor: 'local' });
          }),
  });
  renderWithProviders(<Search />);
  expect(screen.getByText('idle')).toBeInTheDocument();
  act(() => screen.getByRole('button', { name: 'word' }).click());
  expect(await screen.findByText('招商银行股份有限公司|11|fresh')).toBeInTheDocument();
  act(() => screen.getByRole('button', { name: 'page 2' }).click());
  expect(await screen.findByText('招商银行股份有限公司|11|previous')).toBeInTheDocument();
  act(() => release());
  expect(await screen.findByText('北京银行股份有限公司|11|fresh')).toBeInTheDocument();
  expect(api.calls('companySearch')).toEqual([
    { word: '银行', pageNum: 1, pageSize: 10 },
    { word: '银行', pageNum: 2, pageSize: 10 },
  ]);
});

test('company answers are cached per language (the service answers in the request\'s language)', () => {
  const before = currentLang();
  try {
    setCurrentLang('en');
    const en = [companySearchQuery('腾讯', 1).queryKey, companyInfoQuery('C0001').queryKey];
    setCurrentLang('zh-TW');
    const tw = [companySearchQuery('腾讯', 1).queryKey, companyInfoQuery('C0001').queryKey];
    expect(en.map((k) => k.at(-1))).toEqual(['en', 'en']);
    expect(tw.map((k) => k.at(-1))).toEqual(['zh-TW', 'zh-TW']);
  } finally {
    setCurrentLang(before);
  }
});

test('companyInfo asks by id; useMainlandCities loads the map', async () => {
  const api = installFakeApi({
    companyInfo: (p) => ({ id: p.keyword, name: '比亚迪股份有限公司', regLocation: '广东省深圳市坪山区', vendor: 'local' }),
    mainlandCity: () => ({ 广东省: ['广州市', '深圳市'] }),
  });
  await expect(companyInfo('C0162')).resolves.toMatchObject({ regLocation: '广东省深圳市坪山区' });
  expect(api.calls('companyInfo')).toEqual([{ keyword: 'C0162' }]);
  function Cities() {
    const q = useMainlandCities();
    return <p>{q.data ? q.data['广东省'].join(',') : 'loading'}</p>;
  }
  renderWithProviders(<Cities />);
  expect(await screen.findByText('广州市,深圳市')).toBeInTheDocument();
});
