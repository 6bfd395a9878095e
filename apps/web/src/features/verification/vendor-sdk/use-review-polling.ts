/**
 * After the vendor's flow says "submitted", our side only learns the outcome from the vendor's webhook
 * (docs/kyc.md "Verification at a vendor, in the browser"): kyc-info is read every 3 s for up to 2
 * minutes while the level is on its way to or in review (PENDING), then the screen stops asking.
 */
import { useEffect, useState } from 'react';
import type { KycStepLevel, KycStepStatus } from '@kyc/contracts';
import { getKycInfo } from '../api/kyc-info';

export const POLL_INTERVAL_MS = 3_000;
export const POLL_LIMIT_MS = 120_000;

export interface ReviewPolling {
  /** The level's latest status (null before the first answer). */
  status: KycStepStatus | null;
  /** Still asking; false once decided or after the limit. */
  polling: boolean;
}

/** A decided status: asking again changes nothing until the person acts. */
function decided(status: KycStepStatus, seenPending: boolean): boolean {
  if (status === 'SUCCESS' || status === 'FAILED_AND_CAN_NOT_RETRY') return true;
  return seenPending && status !== 'PENDING';
}

export function useReviewPolling(
  level: KycStepLevel,
  enabled: boolean,
  intervalMs = POLL_INTERVAL_MS,
  limitMs = POLL_LIMIT_MS,
): ReviewPolling {
  const [state, setState] = useState<ReviewPolling>({ status: null, polling: enabled });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let seenPending = false;
    const ask = () => {
      getKycInfo({ signal: controller.signal, silent: true }).then(
        (info) => {
          if (controller.signal.aborted) return;
          const status = info.state?.find((entry) => entry.level === level)?.status ?? null;
          if (status === 'PENDING') seenPending = true;
          const more =
            !(status && decided(status, seenPending)) && Date.now() - started + intervalMs <= limitMs;
          setState({ status, polling: more });
          if (more) timer = setTimeout(ask, intervalMs);
        },
        () => {
          if (controller.signal.aborted) return;
          const more = Date.now() - started + intervalMs <= limitMs;
          setState((previous) => ({ ...previous, polling: more }));
          if (more) timer = setTimeout(ask, intervalMs);
        },
      );
    };
    ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [level, enabled, intervalMs, limitMs]);

  return state;
}
