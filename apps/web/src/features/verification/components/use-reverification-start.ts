import { useCallback, useEffect, useRef, useState } from 'react';
import { browserLocation } from '../../../lib/browser/location';
import { messenger } from '../../../lib/messages/messenger';
import { postSdkAccess } from '../api/sdk-access';
import { reverificationSdkHref } from './reverification-link';

/** The two starts of spec §4: 'verify' (Needed) and 'resubmit' (Rejected). */
export type ReverificationAction = 'verify' | 'resubmit';

/**
 * Starts a re-verification session (spec §4): sdk-access for level 1 with the reason UPDATE_KYC, then
 * a full page load of the SDK page (SDK mode is decided when a page starts). While a start runs the
 * action is `starting` (the button shows its loading state) and further starts are ignored, so
 * repeated clicks send one request. A failure is reported by the HTTP client (spec §8 toast) and
 * the button can be used again.
 */
export function useReverificationStart(
  lang: string,
  failedMessage: string,
): { starting: ReverificationAction | null; start: (action: ReverificationAction) => void } {
  const [starting, setStarting] = useState<ReverificationAction | null>(null);
  const running = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const start = useCallback(
    (action: ReverificationAction) => {
      if (running.current) return;
      running.current = true;
      setStarting(action);
      const finish = () => {
        running.current = false;
        if (mounted.current) setStarting(null);
      };
      postSdkAccess({
        level: 1,
        isSecondary: false,
        from: 'web',
        action,
        lang,
        // After the SDK flow the person comes back to this screen (spec §2: the session's redirect URL).
        extraParams: { reason: 'UPDATE_KYC', redirect_url: `/user/accounts/${lang}/auth/personal` },
      }).then(({ accessToken }) => {
        if (!accessToken) {
          messenger.toast({ kind: 'fail', message: failedMessage });
          finish();
          return;
        }
        // The page is being replaced: the button keeps its loading state until it is.
        browserLocation.assign(reverificationSdkHref(lang, accessToken));
      }, finish);
    },
    [lang, failedMessage],
  );

  return { starting, start };
}
