import { useRef } from 'react';
import { useT } from '@core/i18n';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';

/**
 * 150204 on any identity save (mainland ID, HK/Macau ID or passport, statement): the document already belongs to
 * another account or application. Shows the holder's phone as the service masked it (maskPhone: first 2-3 digits,
 * four stars, the rest) and advises logging in with that account, or contacting customer service / retrieving
 * the password by phone. `phone` null = closed ('' = the service gave no phone).
 */
export function IdRegisteredDialog({ phone, onClose }: { phone: string | null; onClose: () => void }) {
  const t = useT();
  // the text stays while the dialog closes
  const last = useRef('');
  if (phone !== null) last.current = phone;
  return (
    <ConfirmDialog
      visible={phone !== null}
      title={t('registered.title')}
      message={last.current ? t('registered.message', { phone: last.current }) : t('registered.messageNoPhone')}
      confirmText={t('registered.confirm')}
      showCancel={false}
      onConfirm={onClose}
    />
  );
}
