import { useCallback, useEffect, useRef, useState } from 'react';

/** What a screen shows while it reads from the API: loading, the answer, or the failure. */
export type Resource<T> =
  | { state: 'loading'; data?: undefined; error?: undefined }
  | { state: 'ready'; data: T; error?: undefined }
  | { state: 'error'; data?: undefined; error: unknown };

/**
 * Loads `load` whenever `key` changes (a screen's query string, a case id), aborting the previous
 * request so that a slow old answer never replaces a newer one. `reload()` asks again; `replace()`
 * shows an answer obtained otherwise (e.g. the case returned by a decision).
 */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [resource, setResource] = useState<Resource<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The latest `load` (re-created on every render); `key` alone says when the request changes.
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    const controller = new AbortController();
    setResource({ state: 'loading' });
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResource({ state: 'ready', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setResource({ state: 'error', error });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((data: T) => setResource({ state: 'ready', data }), []);
  return { resource, reload, replace };
}
