/** The industry list in a bottom sheet, under the headers of its six groups (INDUSTRY_GROUPS). */
import { useMemo } from 'react';
import { INDUSTRY_GROUPS } from '../../domain/profile';
import { useT } from '../../i18n/use-t';
import { PickerList, type ListSection } from '../../ui/pickers/PickerList';
import { Sheet } from '../../ui/pickers/Sheet';

export interface IndustryPickerProps {
  visible: boolean;
  value: string;
  onSelect: (code: string) => void;
  onClose: () => void;
}

export function IndustryPicker({ visible, value, onSelect, onClose }: IndustryPickerProps) {
  const t = useT();
  const sections = useMemo<ListSection[]>(
    () =>
      INDUSTRY_GROUPS.map((g) => ({
        title: t(`job.industryGroup.${g.group}`),
        items: g.codes.map((code) => ({
          key: code,
          label: t(`job.industry.${code}`),
          selected: code === value,
          onPick: () => {
            onSelect(code);
            onClose();
          },
        })),
      })),
    [t, value, onSelect, onClose],
  );
  return (
    <Sheet visible={visible} title={t('job.industryPicker')} onClose={onClose}>
      <PickerList sections={sections} />
    </Sheet>
  );
}
