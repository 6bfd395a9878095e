import { useEffect, useRef, useState } from 'react';

/**
 * Moves focus to an element once the update that shows it is on screen (e.g. a validation message
 * rendered by the same submit): `focusLater(() => ref.current)`.
 */
export function useFocusAfterRender(): (target: () => HTMLElement | null | undefined) => void {
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null);
  const [request, setRequest] = useState(0);

  useEffect(() => {
    const target = pending.current;
    pending.current = null;
    target?.()?.focus();
  }, [request]);

  return (target) => {
    pending.current = target;
    setRequest((n) => n + 1);
  };
}
