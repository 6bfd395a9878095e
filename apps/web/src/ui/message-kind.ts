/** spec §9 toast kinds; notifications use the same, without process. */
export type ToastKind = 'success' | 'fail' | 'info' | 'warn' | 'process';

export type NotificationKind = Exclude<ToastKind, 'process'>;

/** spec §9 notification: title + description, optionally of a kind. */
export interface NotificationItem {
  title: string;
  description: string;
  kind?: NotificationKind;
}

/** The kind's name for assistive technology, which cannot see the icon's colour and shape. */
export const MESSAGE_KIND_LABEL_KEYS = {
  success: 'ui.messageKind.success',
  fail: 'ui.messageKind.fail',
  info: 'ui.messageKind.info',
  warn: 'ui.messageKind.warn',
  process: 'ui.messageKind.process',
} as const satisfies Record<ToastKind, string>;

/** Failures and warnings interrupt (role="alert"); everything else waits its turn (role="status"). */
export function liveRoleOf(kind: ToastKind | undefined): 'alert' | 'status' {
  return kind === 'fail' || kind === 'warn' ? 'alert' : 'status';
}
