import { createPath, parsePath, type Path } from './path';

/** The current entry: a full path (basename included), the state given to navigate() and a key. */
export interface Location extends Path {
  state: unknown;
  key: string;
}

/** The history a router drives: the browser's (window.history) or an in-memory list for tests. */
export interface History {
  readonly location: Location;
  push(path: Path, state?: unknown): void;
  replace(path: Path, state?: unknown): void;
  go(delta: number): void;
  /** One listener at a time, called after every change; returns the unsubscribe function. */
  listen(listener: (location: Location) => void): () => void;
}

const createKey = () => Math.random().toString(36).slice(2, 10);

/**
 * window.history with the entry state React Router writes ({ usr: state, key }); a change made by the
 * browser (back, forward) is reported on popstate.
 */
export function createBrowserHistory(): History {
  let listener: ((location: Location) => void) | undefined;
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const entry = window.history.state as { usr?: unknown; key?: string } | null;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key || 'default' };
  };
  const onPop = () => listener?.(read());
  const write =
    (replace: boolean) =>
    (path: Path, state: unknown = null) => {
      window.history[replace ? 'replaceState' : 'pushState'](
        { usr: state, key: createKey() },
        '',
        createPath(path),
      );
      listener?.(read());
    };
  return {
    get location() {
      return read();
    },
    push: write(false),
    replace: write(true),
    go: (delta) => window.history.go(delta),
    listen(fn) {
      listener = fn;
      window.addEventListener('popstate', onPop);
      return () => {
        window.removeEventListener('popstate', onPop);
        listener = undefined;
      };
    },
  };
}

/** An in-memory list of entries (MemoryRouter): back and forward are synchronous. */
export function createMemoryHistory(initialEntries: string[] = ['/']): History {
  const entry = (path: Partial<Path>, state: unknown, key = createKey()): Location => ({
    pathname: '/',
    search: '',
    hash: '',
    ...path,
    state,
    key,
  });
  const entries = initialEntries.map((path, i) => entry(parsePath(path), null, i ? undefined : 'default'));
  let index = entries.length - 1;
  let listener: ((location: Location) => void) | undefined;
  const current = () => entries[index] as Location;
  return {
    get location() {
      return current();
    },
    push(path, state = null) {
      entries.splice(++index, entries.length, entry(path, state));
      listener?.(current());
    },
    replace(path, state = null) {
      entries[index] = entry(path, state);
      listener?.(current());
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      listener?.(current());
    },
    listen(fn) {
      listener = fn;
      return () => {
        listener = undefined;
      };
    },
  };
}
