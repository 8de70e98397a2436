/**
 * What the Hong Kong identity card's photo says (HkIdcardOcr, issue 41), for the applicant to check before it is
 * used: the number as the card prints it, the names, the birth date and the sex, each field not read said so. "Use
 * these" fills the number here and the next step's empty fields; "I'll type them" leaves every field as it is.
 */
import { useRef, type ReactNode } from 'react';
import { displayDate, englishNameOf } from '@core/domain/identity';
import { hkIdAsPrinted } from '@core/domain/hk-id-reading';
import type { HkIdcardOcrResult } from '@core/api/ocr';
import { useT } from '@core/i18n';
import { ConfirmDialog } from '@core/ui';

export interface HkIdReadSheetProps {
  /** the reading to show; null: closed */
  read: HkIdcardOcrResult | null;
  /** the fields are being filled (the next step's draft is saved) */
  busy: boolean;
  onUse: (read: HkIdcardOcrResult) => void;
  onClose: () => void;
}

export function HkIdReadSheet({ read, busy, onUse, onClose }: HkIdReadSheetProps) {
  const t = useT();
  // the last reading stays in the sheet while it closes (its rows do not vanish during the fade)
  const last = useRef(read);
  if (read) last.current = read;
  const shown = read ?? last.current;
  const unread = <span className="esop-hkid__unread">{t('hkid.ocr.unread')}</span>;
  const rows: [string, ReactNode][] = shown
    ? [
        [t('hkid.ocr.number'), hkIdAsPrinted(shown.idNumber)],
        [t('hkid.ocr.englishName'), englishNameOf(shown.lastName, shown.firstName) || unread],
        [t('hkid.ocr.chineseName'), shown.chineseName || unread],
        [t('hkid.ocr.birthday'), shown.birthday ? displayDate(shown.birthday) : unread],
        [t('hkid.ocr.sex'), shown.gender === 1 ? t('userinfo.male') : shown.gender === 2 ? t('userinfo.female') : unread],
      ]
    : [];
  return (
    <ConfirmDialog
      visible={read !== null}
      title={t('hkid.ocr.title')}
      message={t('hkid.ocr.intro')}
      confirmText={t('hkid.ocr.use')}
      cancelText={t('hkid.ocr.typeMyself')}
      confirmLoading={busy}
      onConfirm={() => read && onUse(read)}
      onCancel={onClose}
    >
      <dl className="esop-dialog__facts">
        {rows.map(([label, value]) => (
          <div key={label} className="esop-dialog__fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </ConfirmDialog>
  );
}
