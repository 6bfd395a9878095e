import { useCallback, useEffect, useState } from 'react';
import type { KycInfo } from '@kyc/contracts';
import { getKycInfo } from './kyc-info';

export type KycInfoLoad = { status: 'loading' } | { status: 'error' } | { status: 'ready'; info: KycInfo };

/** kyc-info for a screen: loads on mount, cancels on unmount; `reload` asks again (after a retry or a change). */
export function useKycInfo(): { load: KycInfoLoad; reload: () => void } {
  const [load, setLoad] = useState<KycInfoLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getKycInfo({ signal: controller.signal }).then(
      (info) => {
        if (!controller.signal.aborted) setLoad({ status: 'ready', info });
      },
      () => {
        if (!controller.signal.aborted) setLoad({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { load, reload };
}
