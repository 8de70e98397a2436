/**
 * The service phone lines, mainland and Hong Kong, each a tap-to-call (tel:) link, from ClientConfig's servicePhones
 * (the one source of the numbers: SERVICE_PHONE_MAINLAND and SERVICE_PHONE_HK on the service). For a dialog or a
 * page that tells the applicant to call (the contact sheet, ContactPopup, is the bottom-sheet form of the same).
 */
import { useClientConfig } from '@core/api/system';
import { useT } from '@core/i18n';
import './service-phones.css';

/** Digits and a leading "+" only: what a tel: link may carry. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function ServicePhones({ className }: { className?: string }) {
  const t = useT();
  const config = useClientConfig();
  const phones = config.data?.servicePhones;
  const lines = phones
    ? [
        { key: 'mainland', label: t('dialogs.contact.mainland'), phone: phones.mainland },
        { key: 'hongKong', label: t('dialogs.contact.hongKong'), phone: phones.hongKong },
      ].filter((l) => l.phone)
    : [];
  if (!lines.length) return <p className="oa-phones__empty">{config.isPending ? t('common.loading') : t('dialogs.contact.unavailable')}</p>;
  return (
    <ul className={`oa-phones${className ? ` ${className}` : ''}`}>
      {lines.map((l) => (
        <li key={l.key} className="oa-phones__line">
          <span className="oa-phones__label">{l.label}</span>
          <a className="oa-phones__phone" href={telHref(l.phone)}>
            {l.phone}
          </a>
        </li>
      ))}
    </ul>
  );
}
