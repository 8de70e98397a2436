/** Pieces the update screens share: the W-8BEN as held or saved, the "not corrected" and "save your changes?" dialogs. */
import { useId } from 'react';
import { TOAST_MS } from '@core/domain/errors';
import { useT } from '@core/i18n';
import { useToast } from '@core/ui/toast';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';
import { useCountryName } from '@core/ui/pickers/country-names';

/** The W-8BEN's country and permanent residence address, or "nothing on file". */
export function W8Details({ w8 }: { w8: { country?: string; residenceAddress?: string } | null }) {
  const t = useT();
  const country = useCountryName();
  if (!w8) return <p className="oa-upd__muted">{t('accountUpdate.info.none')}</p>;
  return (
    <dl className="oa-upd__dl">
      <dt>{t('accountUpdate.w8.country')}</dt>
      <dd>{country(w8.country ?? '')}</dd>
      <dt>{t('accountUpdate.w8.address')}</dt>
      <dd>{w8.residenceAddress}</dd>
    </dl>
  );
}

/** Submitting while a returned module was not saved again asks first. */
export function UnrevisedDialog({ visible, busy, onSubmit, onCancel }: { visible: boolean; busy: boolean; onSubmit: () => void; onCancel: () => void }) {
  const t = useT();
  return (
    <ConfirmDialog
      visible={visible}
      title={t('accountUpdate.status.unrevisedTitle')}
      message={t('accountUpdate.status.unrevisedMessage')}
      confirmText={t('accountUpdate.status.submitAnyway')}
      confirmLoading={busy}
      onConfirm={onSubmit}
      onCancel={onCancel}
    />
  );
}

/** Leaving an editor with changes: save them, or leave without. */
export function LeaveDialog({ visible, busy, onSave, onLeave }: { visible: boolean; busy: boolean; onSave: () => void; onLeave: () => void }) {
  const t = useT();
  return (
    <ConfirmDialog
      visible={visible}
      title={t('accountUpdate.leaveTitle')}
      message={t('accountUpdate.leaveMessage')}
      confirmText={t('accountUpdate.save')}
      cancelText={t('accountUpdate.leaveWithout')}
      confirmLoading={busy}
      onConfirm={onSave}
      onCancel={onLeave}
    />
  );
}

/**
 * "Submit the update": never a grey button that says nothing. Until a module is saved (again, after a send-back) it
 * reads as unavailable, says why under it, and a press says it again (as the flow's Next does).
 */
export function SubmitUpdateButton({ ready, busy, onSubmit }: { ready: boolean; busy: boolean; onSubmit: () => void }) {
  const t = useT();
  const toast = useToast();
  const hint = useId();
  return (
    <>
      <button
        type="button"
        className={`oa-upd__primary${ready ? '' : ' oa-upd__primary--waiting'}`}
        disabled={busy}
        aria-disabled={ready ? undefined : true}
        aria-describedby={ready ? undefined : hint}
        onClick={() => (ready ? onSubmit() : toast.show(t('accountUpdate.info.submitWhy'), TOAST_MS))}
      >
        {t('accountUpdate.info.submit')}
      </button>
      {ready ? null : (
        <p className="oa-upd__submit-why" id={hint}>
          {t('accountUpdate.info.submitWhy')}
        </p>
      )}
    </>
  );
}
