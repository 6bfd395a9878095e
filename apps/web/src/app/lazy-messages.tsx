import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { Messenger } from '../lib/messages/messenger';

/**
 * Toasts and notifications (spec §8, §9) appear only when something goes wrong or a step reports
 * back, so their code is not part of the first load (decision D20): the first message loads it, and
 * the regions are mounted from then on. Messages sent while it loads are queued by the module itself
 * once it has loaded, in the order they were sent.
 */
const loadLayer = () => import('./messages-layer');
let layer: ReturnType<typeof loadLayer> | undefined;
const load = () => (layer ??= loadLayer());

/**
 * Fetches the message code once the page has settled (2 s after start-up), so that a message shown
 * later appears at once — also when the page leaves right after it, as logout does — without the code
 * being part of the first load.
 */
export const MESSAGES_PRELOAD_DELAY_MS = 2_000;
export function preloadMessagesLater(delay = MESSAGES_PRELOAD_DELAY_MS): void {
  setTimeout(() => void load(), delay);
}

let requested = false;
const listeners = new Set<() => void>();
function request() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

export const lazyMessenger: Messenger = {
  toast(message) {
    request();
    void load().then((ui) => ui.showToast(message));
  },
  notify(message) {
    request();
    void load().then((ui) => ui.showNotification(message));
  },
};

const LazyRegions = lazy(() => load().then((ui) => ({ default: ui.Messages })));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => requested;

/** The message regions, once the first message asked for them. */
export function MessageRegions() {
  const shown = useSyncExternalStore(subscribe, snapshot, snapshot);
  return shown ? (
    <Suspense fallback={null}>
      <LazyRegions />
    </Suspense>
  ) : null;
}
