import { useEffect, useSyncExternalStore } from 'react';
import './toast.css';

/** spec §9 toast kinds. */
export type ToastKind = 'success' | 'fail' | 'info' | 'warn' | 'process';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

/** spec §9: default 3000 ms, at most 3 at once, newest first. */
export const TOAST_DEFAULT_DURATION_MS = 3000;
export const TOAST_MAX_VISIBLE = 3;

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function dismiss(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

/** A minimal toast queue; the full behaviour of spec §9 (swipe, process icon, pause) comes later. */
export const toast = {
  show(message: string, options: { kind?: ToastKind; duration?: number } = {}): number {
    const id = nextId++;
    const visible = [{ id, kind: options.kind ?? 'info', message }, ...toasts];
    for (const dropped of visible.slice(TOAST_MAX_VISIBLE)) {
      clearTimeout(timers.get(dropped.id));
      timers.delete(dropped.id);
    }
    emit(visible.slice(0, TOAST_MAX_VISIBLE));
    timers.set(
      id,
      setTimeout(() => dismiss(id), options.duration ?? TOAST_DEFAULT_DURATION_MS),
    );
    return id;
  },
  dismiss,
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => toasts;

/** The live region toasts appear in (role="status"); Escape dismisses the newest. */
export function ToastRegion({ dismissLabel }: { dismissLabel: string }) {
  const items = useSyncExternalStore(subscribe, snapshot, snapshot);

  useEffect(() => {
    if (items.length === 0) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const newest = items[0];
      if (event.key === 'Escape' && newest) dismiss(newest.id);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [items]);

  return (
    <div className="toast-region" role="status" aria-live="polite">
      {items.map((item) => (
        <div key={item.id} className={`toast toast--${item.kind}`}>
          <span className="toast__message">{item.message}</span>
          <button
            type="button"
            className="toast__dismiss"
            aria-label={dismissLabel}
            onClick={() => dismiss(item.id)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
