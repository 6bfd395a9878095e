import { lazy, Suspense, useEffect, useState } from 'react';
import { setStepUpHandler } from '../../../lib/http';

const StepUpDialog = lazy(() => import('./step-up-dialog'));

interface Pending {
  scene: number;
  resolve: (token: string | null) => void;
}

/**
 * Mounted once by the app shell: answers every `withStepUp` call (lib/http/step-up.ts) by opening the
 * security-verification dialog for its scene (loaded on first use) and resolving with the risk token,
 * or null when the person cancels.
 */
export function StepUpHost() {
  const [pending, setPending] = useState<Pending | null>(null);
  useEffect(
    () =>
      setStepUpHandler(
        (scene) =>
          new Promise<string | null>((resolve) => {
            setPending((current) => {
              current?.resolve(null);
              return { scene, resolve };
            });
          }),
      ),
    [],
  );
  if (!pending) return null;
  const finish = (token: string | null) => {
    pending.resolve(token);
    setPending(null);
  };
  return (
    <Suspense fallback={null}>
      <StepUpDialog key={pending.scene} scene={pending.scene} onDone={finish} />
    </Suspense>
  );
}
