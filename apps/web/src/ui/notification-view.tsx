import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageIcon } from './message-icon';
import { liveRoleOf, MESSAGE_KIND_LABEL_KEYS, type NotificationItem } from './message-kind';
import type { MessageQueue, MessageState, QueuedMessage } from './message-queue';
import './notification.css';

export interface NotificationViewProps extends NotificationItem {
  state?: MessageState;
  /** Without it there is no close button (a static rendering). */
  onClose?: () => void;
  onPause?: () => void;
  onResume?: () => void;
}

/** One notification: kind icon, title, description and a close button. */
export function NotificationView({
  title,
  description,
  kind,
  state = 'open',
  onClose,
  onPause,
  onResume,
}: NotificationViewProps) {
  const { t } = useTranslation();
  const id = useId();
  const closed = state === 'closed';
  return (
    <div
      className={`notification notification--${kind ?? 'plain'}`}
      data-state={state}
      role={liveRoleOf(kind)}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      aria-hidden={closed || undefined}
      inert={closed}
      onPointerEnter={onPause}
      onPointerLeave={onResume}
      onFocus={onPause}
      onBlur={onResume}
    >
      {kind ? <MessageIcon name={kind} /> : null}
      <div className="notification__body">
        <p id={`${id}-title`} className="notification__title">
          {kind ? <span className="visually-hidden">{t(MESSAGE_KIND_LABEL_KEYS[kind])}</span> : null}{' '}
          <span dir="auto">{title}</span>
        </p>
        <p id={`${id}-description`} className="notification__description">
          <span dir="auto">{description}</span>
        </p>
      </div>
      {onClose ? (
        <button
          type="button"
          className="notification__close"
          aria-label={t('ui.notification.close')}
          onClick={onClose}
        >
          <MessageIcon name="close" />
        </button>
      ) : null}
    </div>
  );
}

/** The region's content, loaded on demand by NotificationRegion (ui/notification.tsx). */
export function NotificationList({
  items,
  queue,
}: {
  items: readonly QueuedMessage<NotificationItem>[];
  queue: MessageQueue<NotificationItem>;
}) {
  return (
    <div className="notification-region">
      {items.map(({ id, state, content }) => (
        <NotificationView
          key={id}
          {...content}
          state={state}
          onClose={() => queue.dismiss(id)}
          onPause={() => queue.pause(id)}
          onResume={() => queue.resume(id)}
        />
      ))}
    </div>
  );
}
