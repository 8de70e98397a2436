import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Sheet } from './Sheet';
import { fold, PickerList, SearchBox, type ListItem } from './PickerList';
import { useCountryNames } from './country-names';

export interface CountryPickerProps {
  visible: boolean;
  title: string;
  onClose: () => void;
  /** picking calls onSelect(ISO alpha-2 code), then onClose */
  onSelect: (code: string) => void;
  /** shown first, in this order, under "Common" */
  priority?: readonly string[];
  /** never offered (e.g. CN for nationality on the overseas route) */
  exclude?: readonly string[];
  /** only these are offered */
  only?: readonly string[];
  /** the current value, marked in the list */
  value?: string;
}

/** A full-height country list with search, names in the page's language, the priority countries first. */
export function CountryPicker({ visible, title, onClose, onSelect, priority = [], exclude = [], only, value }: CountryPickerProps) {
  const intl = useIntl();
  const names = useCountryNames();
  const [q, setQ] = useState('');
  useEffect(() => {
    if (visible) setQ('');
  }, [visible]);

  const sections = useMemo(() => {
    if (!names) return [];
    const collator = new Intl.Collator(intl.locale);
    const allowed = (only ?? Object.keys(names)).filter((c) => names[c] && !exclude.includes(c));
    const query = fold(q);
    const matches = (c: string) => !query || fold(names[c]).includes(query) || c.toLowerCase() === query;
    const item = (c: string): ListItem => ({
      key: c,
      label: names[c],
      selected: c === value,
      onPick: () => {
        onSelect(c);
        onClose();
      },
    });
    const first = priority.filter((c) => allowed.includes(c) && matches(c));
    const rest = allowed
      .filter((c) => !priority.includes(c) && matches(c))
      .sort((a, b) => collator.compare(names[a], names[b]));
    return first.length
      ? [
          { title: intl.formatMessage({ id: 'ui.picker.common' }), items: first.map(item) },
          { title: intl.formatMessage({ id: 'ui.picker.all' }), items: rest.map(item) },
        ]
      : [{ items: rest.map(item) }];
  }, [names, intl, only, exclude, priority, q, value, onSelect, onClose]);

  return (
    <Sheet visible={visible} title={title} onClose={onClose} variant="full">
      <SearchBox value={q} onChange={setQ} />
      {names ? <PickerList sections={sections} /> : <p className="esop-picker__empty">{intl.formatMessage({ id: 'common.loading' })}</p>}
    </Sheet>
  );
}
