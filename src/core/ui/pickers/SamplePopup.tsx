import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Sheet } from './Sheet';
import './pickers.css';

export interface SamplePopupProps {
  visible: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** A bottom popup for sample images or pages, closed by its button, the overlay or Escape. */
export function SamplePopup({ visible, title, onClose, children }: SamplePopupProps) {
  const intl = useIntl();
  return (
    <Sheet
      visible={visible}
      title={title}
      onClose={onClose}
      footer={
        <button type="button" className="esop-sample__close" onClick={onClose}>
          {intl.formatMessage({ id: 'ui.sample.ok' })}
        </button>
      }
    >
      <div className="esop-sample">{children}</div>
    </Sheet>
  );
}
