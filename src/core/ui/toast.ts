/**
 * Declarative toasts: `toast.show(message, ms)` from anywhere (hooks, the api error handler), rendered by
 * one <ToastHost/> in a polite live region. One toast at a time; a new one replaces the old.
 */
import { TOAST_MS } from '../domain/errors';

export interface ToastState {
  id: number;
  message: string;
  durationMs: number;
}

let state: ToastState | null = null;
let seq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const toast = {
  show(message: string, durationMs: number = TOAST_MS): void {
    if (!message) return;
    if (timer) clearTimeout(timer);
    state = { id: ++seq, message, durationMs };
    emit();
    if (durationMs > 0) {
      timer = setTimeout(() => {
        timer = undefined;
        state = null;
        emit();
      }, durationMs);
    }
  },
  clear(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (state) {
      state = null;
      emit();
    }
  },
  /** current toast (for the host and tests) */
  current(): ToastState | null {
    return state;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export type Toast = typeof toast;

/** The toast API for components (the same object as `toast`). */
export function useToast(): Toast {
  return toast;
}
