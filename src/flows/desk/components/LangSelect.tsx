/** The desk's language choice (remembered in this browser), through Refine's i18n provider. */
import { useSetLocale } from '@refinedev/core';
import { Select } from 'antd';
import { useIntl } from 'react-intl';
import { LANGS } from '@core/domain/calls';

const NAMES: Record<(typeof LANGS)[number], string> = { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', en: 'English' };

export function LangSelect() {
  const intl = useIntl();
  const changeLocale = useSetLocale();
  return (
    <Select
      aria-label={intl.formatMessage({ id: 'desk.lang' })}
      value={intl.locale}
      onChange={(v: string) => changeLocale(v)}
      options={LANGS.map((l) => ({ value: l, label: <span lang={l}>{NAMES[l]}</span> }))}
      style={{ width: 120 }}
    />
  );
}
