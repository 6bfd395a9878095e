import { useEffect, useSyncExternalStore } from 'react';

/**
 * The queue behind toasts and notifications. spec §4 "Toast: open, closed, removed; removal 3 s after
 * dismissal": a dismissed message stays in the list as `closed` (its exit animation plays) and is
 * removed `removeAfterMs` later. spec §9: at most `maxOpen` open at once, newest first; a message
 * closes by itself after its duration (0: stays until dismissed or replaced). While the pointer or
 * focus is on a message its timer pauses, so it can be read and acted on (WCAG 2.2.1).
 */
export type MessageState = 'open' | 'closed';

export interface QueuedMessage<T> {
  id: string;
  /** Creation order across every queue: Escape closes the newest open message of all. */
  seq: number;
  state: MessageState;
  content: T;
}

export interface ShowOptions {
  /** Milliseconds until it closes by itself; 0 keeps it until dismissed or replaced. */
  duration?: number;
  /** Showing again with the id of a message still listed replaces it in place (e.g. process → success). */
  id?: string;
}

export interface MessageQueue<T> {
  show(content: T, options?: ShowOptions): string;
  dismiss(id: string): void;
  pause(id: string): void;
  resume(id: string): void;
  /** Removes everything at once, timers included (tests, page teardown). */
  clear(): void;
  subscribe(listener: () => void): () => void;
  snapshot(): readonly QueuedMessage<T>[];
}

interface Countdown {
  timer?: ReturnType<typeof setTimeout>;
  remaining: number;
  startedAt: number;
}

let lastSeq = 0;
const queues: MessageQueue<unknown>[] = [];

export function createMessageQueue<T>(config: {
  maxOpen: number;
  defaultDuration: number;
  removeAfterMs: number;
}): MessageQueue<T> {
  let items: readonly QueuedMessage<T>[] = [];
  const listeners = new Set<() => void>();
  const countdowns = new Map<string, Countdown>();
  const removals = new Map<string, ReturnType<typeof setTimeout>>();

  const emit = (next: readonly QueuedMessage<T>[]) => {
    items = next;
    listeners.forEach((listener) => listener());
  };

  const stopCountdown = (id: string) => {
    clearTimeout(countdowns.get(id)?.timer);
    countdowns.delete(id);
  };

  const run = (id: string, countdown: Countdown) => {
    countdown.startedAt = Date.now();
    countdown.timer = setTimeout(() => queue.dismiss(id), countdown.remaining);
  };

  const queue: MessageQueue<T> = {
    show(content, { duration = config.defaultDuration, id } = {}) {
      const seq = ++lastSeq;
      const key = id ?? `message-${seq}`;
      clearTimeout(removals.get(key));
      removals.delete(key);
      stopCountdown(key);
      emit(
        items.some((m) => m.id === key)
          ? items.map((m) => (m.id === key ? { ...m, state: 'open', content } : m))
          : [{ id: key, seq, state: 'open', content }, ...items],
      );
      if (duration > 0) {
        const countdown: Countdown = { remaining: duration, startedAt: 0 };
        countdowns.set(key, countdown);
        run(key, countdown);
      }
      items
        .filter((m) => m.state === 'open')
        .slice(config.maxOpen)
        .forEach((m) => queue.dismiss(m.id));
      return key;
    },

    dismiss(id) {
      if (!items.some((m) => m.id === id && m.state === 'open')) return;
      stopCountdown(id);
      emit(items.map((m) => (m.id === id ? { ...m, state: 'closed' } : m)));
      removals.set(
        id,
        setTimeout(() => {
          removals.delete(id);
          emit(items.filter((m) => m.id !== id));
        }, config.removeAfterMs),
      );
    },

    pause(id) {
      const countdown = countdowns.get(id);
      if (!countdown?.timer) return;
      clearTimeout(countdown.timer);
      countdown.timer = undefined;
      countdown.remaining = Math.max(0, countdown.remaining - (Date.now() - countdown.startedAt));
    },

    resume(id) {
      const countdown = countdowns.get(id);
      if (countdown && !countdown.timer) run(id, countdown);
    },

    clear() {
      for (const id of countdowns.keys()) stopCountdown(id);
      removals.forEach(clearTimeout);
      removals.clear();
      emit([]);
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    snapshot: () => items,
  };
  queues.push(queue);
  return queue;
}

/** The messages of a queue, re-rendering on every change. */
export function useMessages<T>(queue: MessageQueue<T>): readonly QueuedMessage<T>[] {
  return useSyncExternalStore(queue.subscribe, queue.snapshot, queue.snapshot);
}

/** spec §9 "Escape dismisses": one Escape closes the newest open toast or notification. */
function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  let newest: { queue: MessageQueue<unknown>; message: QueuedMessage<unknown> } | undefined;
  for (const queue of queues)
    for (const message of queue.snapshot())
      if (message.state === 'open' && message.seq > (newest?.message.seq ?? 0)) newest = { queue, message };
  newest?.queue.dismiss(newest.message.id);
}

let escapeListeners = 0;

/** Listens for Escape while at least one message region is mounted (one listener for all of them). */
export function useEscapeDismiss(): void {
  useEffect(() => {
    if (escapeListeners++ === 0) document.addEventListener('keydown', onKeyDown);
    return () => {
      if (--escapeListeners === 0) document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
