/**
 * React.lazy that can be asked again. React.lazy keeps a failed import() for good, so a chunk that
 * failed once (a dropped connection, a deploy that replaced the hashed files) would fail on every
 * render until the page is reloaded. Here the lazy component never settles on the failure: it settles
 * on a stand-in that throws the failure to the nearest error boundary, and retryFailedImports() —
 * what a boundary's Retry calls — imports every failed chunk again; the stand-in suspends on that
 * import and then renders what it loaded. The result is still a React.lazy component.
 */
import {
  createElement,
  lazy,
  use,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';

const failed = new Set<() => void>();

/** Imports again the chunks whose import failed (their components suspend on it, then render it). */
export function retryFailedImports(): void {
  const retries = [...failed];
  failed.clear();
  for (const retry of retries) retry();
}

// React.lazy's own constraint: any component, whatever its props (never and unknown refuse some).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function retryableLazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  let attempt: { error: unknown } | { reloading: Promise<{ default: T } | null> };
  let loaded: T | null = null;

  function fail(error: unknown) {
    attempt = { error };
    failed.add(retry);
  }
  function retry() {
    attempt = {
      reloading: load().then(
        (module) => {
          loaded = module.default;
          return module;
        },
        (error: unknown) => {
          fail(error);
          return null;
        },
      ),
    };
  }

  /** Stands in for the screen once its first import failed. */
  function FailedImport(props: ComponentProps<T>) {
    if ('reloading' in attempt) use(attempt.reloading);
    if (loaded) return createElement(loaded as ComponentType<ComponentProps<T>>, props);
    throw (attempt as { error: unknown }).error;
  }

  return lazy(() =>
    load().catch((error: unknown) => {
      fail(error);
      return { default: FailedImport as unknown as T };
    }),
  );
}
