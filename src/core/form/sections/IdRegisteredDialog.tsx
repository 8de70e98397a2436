import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { ErrorCode } from '../../domain/errors';
import { useT } from '../../i18n/use-t';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

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

/**
 * The dialog and an error handler for a step page's useStepPage onError: 150204 (on a save, or on the submit when
 * another application was submitted first with the same number) opens the dialog; anything else is left to the caller.
 */
export function useIdRegisteredDialog() {
  const [phone, setPhone] = useState<string | null>(null);
  const handle = useCallback((err: unknown): boolean => {
    if (!(err instanceof ApiError) || err.code !== ErrorCode.ID_REGISTERED) return false;
    const given = (err.data as { phone?: unknown } | undefined)?.phone;
    setPhone(typeof given === 'string' ? given : '');
    return true;
  }, []);
  const dialog = <IdRegisteredDialog phone={phone} onClose={() => setPhone(null)} />;
  return { handle, dialog };
}
