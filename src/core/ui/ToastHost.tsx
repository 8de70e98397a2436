import { useSyncExternalStore } from 'react';
import { toast } from './toast';
import './toast.css';

/** Renders the current toast in a polite live region. Mount once, near the root. */
export function ToastHost() {
  const current = useSyncExternalStore(toast.subscribe, toast.current, toast.current);
  return (
    <div className="esop-toast-region" role="status" aria-live="polite" aria-atomic="true">
      {current ? (
        <div key={current.id} className="esop-toast">
          {current.message}
        </div>
      ) : null}
    </div>
  );
}
