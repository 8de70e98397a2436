import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useMainlandCities } from '../../api/lookup';
import { Sheet } from './Sheet';
import { fold, PickerList, SearchBox } from './PickerList';

export interface CityPickerProps {
  visible: boolean;
  title: string;
  onClose: () => void;
  /** picking a city calls onSelect({province, city}), then onClose */
  onSelect: (place: { province: string; city: string }) => void;
}

/**
 * Mainland province → city, from MainlandCity (loaded when first opened, cached for the page). Search
 * filters the level shown; the header's back button returns from the cities to the provinces.
 */
export function CityPicker({ visible, title, onClose, onSelect }: CityPickerProps) {
  const intl = useIntl();
  const [opened, setOpened] = useState(visible);
  const [province, setProvince] = useState<string | null>(null);
  const [q, setQ] = useState('');
  useEffect(() => {
    if (visible) {
      setOpened(true);
      setProvince(null);
      setQ('');
    }
  }, [visible]);
  const cities = useMainlandCities({ enabled: opened });
  const data = cities.data;

  const items = useMemo(() => {
    if (!data) return [];
    const query = fold(q);
    const keep = (s: string) => !query || fold(s).includes(query);
    if (province === null) {
      return Object.keys(data)
        .filter(keep)
        .map((p) => ({
          key: p,
          label: p,
          onPick: () => {
            setProvince(p);
            setQ('');
          },
        }));
    }
    return (data[province] ?? []).filter(keep).map((c) => ({
      key: c,
      label: c,
      onPick: () => {
        onSelect({ province, city: c });
        onClose();
      },
    }));
  }, [data, province, q, onSelect, onClose]);

  const body = data ? (
    <>
      {province !== null ? <p className="esop-picker__crumb">{intl.formatMessage({ id: 'ui.picker.chooseCity' }, { province })}</p> : null}
      <PickerList sections={[{ items }]} />
    </>
  ) : cities.isError ? (
    <>
      <p className="esop-picker__empty">{intl.formatMessage({ id: 'ui.loadFailed' })}</p>
      <button type="button" className="esop-picker__retry" onClick={() => void cities.refetch()}>
        {intl.formatMessage({ id: 'common.retry' })}
      </button>
    </>
  ) : (
    <p className="esop-picker__empty">{intl.formatMessage({ id: 'common.loading' })}</p>
  );

  return (
    <Sheet
      visible={visible}
      title={title}
      onClose={onClose}
      variant="full"
      headerStart={
        province !== null ? (
          <button
            type="button"
            className="esop-picker__back"
            aria-label={intl.formatMessage({ id: 'ui.picker.provinces' })}
            onClick={() => {
              setProvince(null);
              setQ('');
            }}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        ) : undefined
      }
    >
      {data ? <SearchBox key={province ?? ''} value={q} onChange={setQ} placeholder={intl.formatMessage({ id: province === null ? 'ui.picker.province' : 'ui.picker.city' })} /> : null}
      {body}
    </Sheet>
  );
}
