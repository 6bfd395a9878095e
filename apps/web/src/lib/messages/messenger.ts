/**
 * The seam between code that needs to tell the user something (the HTTP client's error handling,
 * spec §8) and the components that show it (ui/toast, ui/notification). lib/ never imports ui/: the
 * app registers the real implementation at start-up; until then (and in unit tests that do not
 * register one) messages go to the console.
 */
export type ToastKind = 'success' | 'fail' | 'info' | 'warn' | 'process';

export interface ToastMessage {
  kind: ToastKind;
  message: string;
  /** Milliseconds; the toast's own default (3000, spec §9) when absent. */
  duration?: number;
}

export interface NotificationMessage {
  title: string;
  description: string;
  kind?: Exclude<ToastKind, 'process'>;
  /** Milliseconds; the notification's own default (4500, spec §9) when absent. */
  duration?: number;
}

export interface Messenger {
  toast(message: ToastMessage): void;
  notify(message: NotificationMessage): void;
}

const consoleMessenger: Messenger = {
  toast: ({ kind, message }) => console.info(`[toast:${kind}] ${message}`),
  notify: ({ title, description }) => console.info(`[notification] ${title}: ${description}`),
};

let current: Messenger = consoleMessenger;

export function registerMessenger(messenger: Messenger): () => void {
  current = messenger;
  return () => {
    if (current === messenger) current = consoleMessenger;
  };
}

export const messenger: Messenger = {
  toast: (message) => current.toast(message),
  notify: (message) => current.notify(message),
};
