/**
 * The channel-change confirmation (part 3 §2, §4 "Channel change"): the link the applicant opened carries another agent
 * code or channel than the application's. "Use the new one" submits with them (the service checks them: 151212);
 * "Keep current" submits without. Loaded only when it is needed (ChannelChangeGate).
 */
import { useT } from '@core/i18n/use-t';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';
import type { ChannelPair } from '@core/domain/channel';
import './channel-change.css';

export interface ChannelChangeDialogProps {
  visible: boolean;
  stored: ChannelPair;
  change: Partial<ChannelPair>;
  onChange: () => void;
  onKeep: () => void;
}

export default function ChannelChangeDialog({ visible, stored, change, onChange, onKeep }: ChannelChangeDialogProps) {
  const t = useT();
  const shown = (v: string | null) => v ?? t('submit.channel.none');
  return (
    <ConfirmDialog
      visible={visible}
      title={t('submit.channel.title')}
      message={t('submit.channel.message')}
      confirmText={t('submit.channel.change')}
      cancelText={t('submit.channel.keep')}
      onConfirm={onChange}
      onCancel={onKeep}
    >
      <ul className="esop-channel-change">
        {change.aeCode ? <li>{t('submit.channel.aeCode', { from: shown(stored.aeCode), to: change.aeCode })}</li> : null}
        {change.channel ? <li>{t('submit.channel.channel', { from: shown(stored.channel), to: change.channel })}</li> : null}
      </ul>
    </ConfirmDialog>
  );
}
