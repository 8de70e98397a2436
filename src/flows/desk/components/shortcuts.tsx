/**
 * The case's keyboard shortcuts: single keys, never while typing in a field, with a modifier held or in a dialog; `?` lists them. Each has its label in the desk's texts (desk.keys.*).
 */
import { useEffect, useRef } from 'react';
import { Modal } from 'antd';
import { useIntl } from 'react-intl';

export interface Shortcut {
  /** KeyboardEvent.key values that run it */
  keys: readonly string[];
  /** desk.keys.<name>: what it does */
  name: string;
  run: () => void;
  /** off: listed greyed out, not run */
  off?: boolean;
}

const typing = (el: EventTarget | null): boolean => {
  if (!(el instanceof HTMLElement)) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.getAttribute('role') === 'combobox';
};

/** the key was pressed in a dialog (an open dialog holds the focus) */
const inDialog = (el: EventTarget | null) => el instanceof Element && !!el.closest('[role="dialog"], .ant-modal-wrap');

export function useShortcuts(list: readonly Shortcut[]): void {
  const current = useRef(list);
  current.current = list;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || inDialog(e.target) || inDialog(document.activeElement)) return;
      const s = current.current.find((x) => x.keys.includes(e.key));
      if (!s || s.off) return;
      e.preventDefault();
      s.run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** How a key reads in the list. */
const keyText = (k: string) => (k === ' ' ? 'Space' : k);

export function ShortcutsHelp({ open, onClose, list }: { open: boolean; onClose: () => void; list: readonly Shortcut[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Modal open={open} onCancel={onClose} onOk={onClose} title={t('desk.keys.title')} okText={t('desk.ok')} cancelButtonProps={{ style: { display: 'none' } }}>
      <table className="desk-keys">
        <caption className="desk-sr">{t('desk.keys.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('desk.keys.key')}</th>
            <th scope="col">{t('desk.keys.does')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((s) => (
            <tr key={s.name} className={s.off ? 'desk-keys__off' : undefined}>
              <td>
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 ? ' / ' : null}
                    <kbd>{keyText(k)}</kbd>
                  </span>
                ))}
              </td>
              <td>{t(`desk.keys.${s.name}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
