import { useEffect, useMemo, useState } from 'react';
import { Sheet } from './Sheet';
import { fold, PickerList, SearchBox } from './PickerList';

export interface OptionPickerProps<T> {
  visible: boolean;
  title: string;
  options: { value: T; label: string }[];
  /** picking calls onSelect, then onClose */
  onSelect: (value: T) => void;
  onClose: () => void;
  searchable?: boolean;
  searchPlaceholder?: string;
  /** the current value, marked in the list */
  value?: T;
}

/** A list of options in a bottom sheet, with an optional search (the broker list). */
export function OptionPicker<T>({ visible, title, options, onSelect, onClose, searchable, searchPlaceholder, value }: OptionPickerProps<T>) {
  const [q, setQ] = useState('');
  useEffect(() => {
    if (visible) setQ('');
  }, [visible]);
  const items = useMemo(() => {
    const query = fold(q);
    return options
      .filter((o) => !query || fold(o.label).includes(query))
      .map((o, i) => ({
        key: `${i}-${String(o.value)}`,
        label: o.label,
        selected: value !== undefined && o.value === value,
        onPick: () => {
          onSelect(o.value);
          onClose();
        },
      }));
  }, [options, q, value, onSelect, onClose]);
  return (
    <Sheet visible={visible} title={title} onClose={onClose} variant={searchable ? 'full' : 'bottom'}>
      {searchable ? <SearchBox value={q} onChange={setQ} placeholder={searchPlaceholder} /> : null}
      <PickerList sections={[{ items }]} />
    </Sheet>
  );
}
