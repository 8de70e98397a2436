import { useCallback, useRef } from 'react';

/**
 * A callback ref for a scroll area: while its content overflows it, it gets tabindex 0, so that a keyboard user can
 * focus it and scroll with the arrow keys (axe: scrollable-region-focusable); otherwise it stays out of the Tab order.
 * A callback ref, because dialogs mount their content after the first render.
 */
export function useScrollFocusable(): (el: HTMLElement | null) => void {
  const stop = useRef<(() => void) | null>(null);
  return useCallback((el: HTMLElement | null) => {
    stop.current?.();
    stop.current = null;
    if (!el) return;
    const update = () => {
      if (el.scrollHeight > el.clientHeight + 1) el.setAttribute('tabindex', '0');
      else el.removeAttribute('tabindex');
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    stop.current = () => observer.disconnect();
  }, []);
}
