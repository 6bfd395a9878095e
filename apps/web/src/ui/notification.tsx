import { useEffect, useState } from 'react';
import type { NotificationItem } from './message-kind';
import { createMessageQueue, useEscapeDismiss, useMessages, type ShowOptions } from './message-queue';
import type * as NotificationViewModule from './notification-view';

export type { NotificationItem, NotificationKind } from './message-kind';

/** spec §9: default 4.5 s, at most 4 at once. */
export const NOTIFICATION_DEFAULT_DURATION_MS = 4500;
export const NOTIFICATION_MAX_VISIBLE = 4;
/** Long enough for the exit animation; the spec's 3 s removal delay is the toast's. */
export const NOTIFICATION_REMOVAL_DELAY_MS = 300;
/** The view is fetched this long after start-up, or at once when a notification comes first. */
export const NOTIFICATION_VIEW_PREFETCH_MS = 2000;

const queue = createMessageQueue<NotificationItem>({
  maxOpen: NOTIFICATION_MAX_VISIBLE,
  defaultDuration: NOTIFICATION_DEFAULT_DURATION_MS,
  removeAfterMs: NOTIFICATION_REMOVAL_DELAY_MS,
});

export const notification = {
  /** Opens a notification and returns its id (duration 0: until closed; same id: replaces it). */
  open: ({ duration, id, ...item }: NotificationItem & ShowOptions): string =>
    queue.show(item, { duration, id }),
  close: queue.dismiss,
  /** Removes every notification at once (tests). */
  clear: queue.clear,
};

/**
 * The notification half of the Messenger (lib/messages/messenger.ts):
 * `registerMessenger({ toast: showToast, notify: showNotification })`.
 */
export function showNotification(message: NotificationItem & { duration?: number }) {
  notification.open(message);
}

type ViewModule = typeof NotificationViewModule;
let view: ViewModule | undefined;
let loading: Promise<ViewModule> | undefined;

/**
 * Notifications are rare (spec §8: only when a caller asks for a notification reminder), so their view
 * and styles stay out of the first load (the bench's JS budget); the queue above is always there.
 */
export function loadNotificationView(): Promise<ViewModule> {
  loading ??= import('./notification-view').then(
    (module) => (view = module),
    (error: unknown) => {
      loading = undefined; // try again with the next notification
      throw error;
    },
  );
  return loading;
}

/**
 * Where notifications appear: bottom right (bottom left in right-to-left), 320 px wide, the newest
 * nearest the corner (spec §9). Mount once per page next to the ToastRegion.
 */
export function NotificationRegion() {
  const items = useMessages(queue);
  const [, setLoaded] = useState(view !== undefined);
  const wanted = items.length > 0;
  useEscapeDismiss();

  useEffect(() => {
    if (view) return;
    let mounted = true;
    const timer = setTimeout(
      () => loadNotificationView().then(() => mounted && setLoaded(true), console.error),
      wanted ? 0 : NOTIFICATION_VIEW_PREFETCH_MS,
    );
    return () => {
      mounted = false;
      clearTimeout(timer);
    };
  }, [wanted]);

  return view ? <view.NotificationList items={items} queue={queue} /> : null;
}
