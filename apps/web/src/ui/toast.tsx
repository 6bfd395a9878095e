import { useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageIcon } from './message-icon';
import { liveRoleOf, MESSAGE_KIND_LABEL_KEYS, type ToastKind } from './message-kind';
import {
  createMessageQueue,
  useEscapeDismiss,
  useMessages,
  type MessageState,
  type ShowOptions,
} from './message-queue';
import './toast.css';

export type { ToastKind } from './message-kind';

export interface ToastItem {
  kind: ToastKind;
  message: string;
}

/** spec §9: default 3000 ms, at most 3 at once, newest first. */
export const TOAST_DEFAULT_DURATION_MS = 3000;
export const TOAST_MAX_VISIBLE = 3;
/** spec §4 "Toast: open, closed, removed; removal 3 s after dismissal". */
export const TOAST_REMOVAL_DELAY_MS = 3000;
/** spec §9 "swipe down": how far a toast must be dragged down to go. */
export const TOAST_SWIPE_DISMISS_PX = 40;

const queue = createMessageQueue<ToastItem>({
  maxOpen: TOAST_MAX_VISIBLE,
  defaultDuration: TOAST_DEFAULT_DURATION_MS,
  removeAfterMs: TOAST_REMOVAL_DELAY_MS,
});

export interface ToastOptions extends ShowOptions {
  /** 'info' when absent. */
  kind?: ToastKind;
}

export const toast = {
  /**
   * Shows a toast and returns its id. duration 0 keeps it until dismissed; showing again with the
   * same id replaces it in place (a process toast becoming a success one).
   */
  show: (message: string, { kind = 'info', ...options }: ToastOptions = {}): string =>
    queue.show({ kind, message }, options),
  dismiss: queue.dismiss,
  /** Removes every toast at once (tests). */
  clear: queue.clear,
};

/**
 * The toast half of the Messenger (lib/messages/messenger.ts):
 * `registerMessenger({ toast: showToast, notify: showNotification })`.
 */
export function showToast({
  kind,
  message,
  duration,
}: {
  kind: ToastKind;
  message: string;
  duration?: number;
}) {
  toast.show(message, { kind, duration });
}

export interface ToastViewProps extends ToastItem {
  state?: MessageState;
  /** Accessible name of the dismiss button; the ui translation when absent. */
  dismissLabel?: string;
  /** Without it the toast has no dismiss button and cannot be swiped (a static rendering). */
  onDismiss?: () => void;
  onPause?: () => void;
  onResume?: () => void;
}

/** One toast: kind icon, message, dismiss button; swiping it down dismisses it (spec §9). */
export function ToastView({
  kind,
  message,
  state = 'open',
  dismissLabel,
  onDismiss,
  onPause,
  onResume,
}: ToastViewProps) {
  const { t } = useTranslation();
  const drag = useRef<{ pointer: number; startY: number; distance: number }>(null);
  const closed = state === 'closed';

  const follow = (element: HTMLElement, distance: number) => {
    element.style.transform = distance ? `translateY(${distance}px)` : '';
    element.style.opacity = distance ? String(Math.max(0.3, 1 - distance / 120)) : '';
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // The dismiss button keeps its own click (capturing the pointer here would steal it).
    if (!onDismiss || !event.isPrimary || (event.target as Element).closest('button')) return;
    drag.current = { pointer: event.pointerId, startY: event.clientY, distance: 0 };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    current.distance = Math.max(0, event.clientY - current.startY);
    follow(event.currentTarget, current.distance);
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    drag.current = null;
    if (event.type === 'pointerup' && current.distance >= TOAST_SWIPE_DISMISS_PX) onDismiss?.();
    else follow(event.currentTarget, 0);
  };

  return (
    <div
      className={`toast toast--${kind}`}
      data-state={state}
      role={liveRoleOf(kind)}
      aria-hidden={closed || undefined}
      inert={closed}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onPointerEnter={onPause}
      onPointerLeave={onResume}
      onFocus={onPause}
      onBlur={onResume}
    >
      <MessageIcon name={kind} />
      <p className="toast__message">
        <span className="visually-hidden">{t(MESSAGE_KIND_LABEL_KEYS[kind])}</span>{' '}
        {/* Server texts may be in another script than the page: each keeps its own direction. */}
        <span dir="auto">{message}</span>
      </p>
      {onDismiss ? (
        <button
          type="button"
          className="toast__dismiss"
          aria-label={dismissLabel ?? t('ui.toast.dismiss')}
          onClick={onDismiss}
        >
          <MessageIcon name="close" />
        </button>
      ) : null}
    </div>
  );
}

/**
 * Where toasts appear: top centre, 8 px from the top (spec §9), newest first. Mount once per page;
 * Escape dismisses the newest message.
 */
export function ToastRegion({ dismissLabel }: { dismissLabel?: string }) {
  const items = useMessages(queue);
  useEscapeDismiss();
  return (
    <div className="toast-region">
      {items.map(({ id, state, content }) => (
        <ToastView
          key={id}
          {...content}
          state={state}
          dismissLabel={dismissLabel}
          onDismiss={() => queue.dismiss(id)}
          onPause={() => queue.pause(id)}
          onResume={() => queue.resume(id)}
        />
      ))}
    </div>
  );
}
