/**
 * What the photo of the identity document says (HkIdcardOcr for a Hong Kong identity card's front, PassportOcr for a
 * passport's machine-readable zone; issue 41), for the applicant to check before it is used: the number as the
 * document prints it, the names, the birth date and the sex (a passport also its issuing country, nationality and
 * expiry), each field not read said so. "Use these" fills the number here and the next step's empty fields; "I'll
 * type them" leaves every field as it is.
 */
import { useRef, type ReactNode } from 'react';
import { displayDate, englishNameOf } from '@core/domain/identity';
import { hkIdAsPrinted } from '@core/domain/hk-id-reading';
import { passportNationality } from '@core/domain/hk-identity';
import type { HkIdcardOcrResult, PassportOcrResult } from '@core/api/ocr';
import { useT } from '@core/i18n';
import { ConfirmDialog, useCountryName } from '@core/ui';

/** A reading of the document's photo: which call read it, and what it answered. */
export type DocReading = { kind: 'hkid'; read: HkIdcardOcrResult } | { kind: 'passport'; read: PassportOcrResult };

export interface HkIdReadSheetProps {
  /** the reading to show; null: closed */
  reading: DocReading | null;
  /** the nationality chosen on the page: a passport that says another is pointed out */
  nationality: string;
  /** the fields are being filled (the next step's draft is saved) */
  busy: boolean;
  onUse: (reading: DocReading) => void;
  onClose: () => void;
}

export function HkIdReadSheet({ reading, nationality, busy, onUse, onClose }: HkIdReadSheetProps) {
  const t = useT();
  const countryName = useCountryName();
  // the last reading stays in the sheet while it closes (its rows do not vanish during the fade)
  const last = useRef(reading);
  if (reading) last.current = reading;
  const shown = reading ?? last.current;
  const unread = <span className="esop-hkid__unread">{t('hkid.ocr.unread')}</span>;
  const person = (r: { lastName: string; firstName: string; birthday: string; gender: 0 | 1 | 2 }): [string, ReactNode][] => [
    [t('hkid.ocr.englishName'), englishNameOf(r.lastName, r.firstName) || unread],
    [t('hkid.ocr.birthday'), r.birthday ? displayDate(r.birthday) : unread],
    [t('hkid.ocr.sex'), r.gender === 1 ? t('userinfo.male') : r.gender === 2 ? t('userinfo.female') : unread],
  ];
  const rows: [string, ReactNode][] = !shown
    ? []
    : shown.kind === 'hkid'
      ? [[t('hkid.ocr.number'), hkIdAsPrinted(shown.read.idNumber)], [t('hkid.ocr.chineseName'), shown.read.chineseName || unread], ...person(shown.read)]
      : [
          [t('hkid.ocr.passportNumber'), shown.read.idNumber],
          [t('hkid.ocr.issuingCountry'), shown.read.issuingCountry ? countryName(shown.read.issuingCountry) : unread],
          [t('hkid.ocr.nationality'), shown.read.nationality ? countryName(passportNationality(shown.read.issuingCountry, shown.read.nationality)) : unread],
          ...person(shown.read),
          [t('hkid.ocr.expiry'), displayDate(shown.read.expiry)],
        ];
  const passport = shown?.kind === 'passport';
  const otherNationality =
    shown?.kind === 'passport' && shown.read.nationality !== '' && nationality !== '' && passportNationality(shown.read.issuingCountry, shown.read.nationality) !== nationality;
  return (
    <ConfirmDialog
      visible={reading !== null}
      title={t(passport ? 'hkid.ocr.passportTitle' : 'hkid.ocr.title')}
      message={t(passport ? 'hkid.ocr.passportIntro' : 'hkid.ocr.intro')}
      confirmText={t('hkid.ocr.use')}
      cancelText={t('hkid.ocr.typeMyself')}
      confirmLoading={busy}
      onConfirm={() => reading && onUse(reading)}
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
      {otherNationality ? (
        <p className="esop-hkid__differs" role="note">
          {t('hkid.ocr.nationalityDiffers')}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
