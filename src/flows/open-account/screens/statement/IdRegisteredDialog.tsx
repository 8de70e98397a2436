import { useRef } from 'react';
import { useT } from '@core/i18n';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';

/**
 * 150204 on the statement page: the HK identity card number already belongs to another account or
 * application. Shows the holder's phone as the service masked it (maskPhone) and advises logging in with that
 * account or contacting customer service. `phone` null = closed ('' = no phone given).
 */
export function IdRegisteredDialog({ phone, onClose }: { phone: string | null; onClose: () => void }) {
  const t = useT();
  // the text stays while the dialog closes
  const last = useRef('');
  if (phone !== null) last.current = phone;
  return (
    <ConfirmDialog
      visible={phone !== null}
      title={t('statement.registered.title')}
      message={last.current ? t('statement.registered.message', { phone: last.current }) : t('statement.registered.messageNoPhone')}
      confirmText={t('statement.registered.confirm')}
      showCancel={false}
      onConfirm={onClose}
    />
  );
}
