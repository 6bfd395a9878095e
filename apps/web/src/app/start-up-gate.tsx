import { Suspense } from 'react';
import { retryableLazy } from '../lib/lazy/retryable-lazy';
import { useLocation } from '../lib/router';
import { ProfileGate } from '../features/profile/components/profile-gate';
import { enterSdkMode, pageMode, readSdkLink } from '../lib/navigation/page-mode';
import { PageSpinner } from '../ui/spinner';

/**
 * SDK mode is the exception: its start-up is a chunk of its own, loaded only there (a failed load is
 * retried by the screen's error boundary, app-shell.tsx).
 */
const SdkGate = retryableLazy(() =>
  import('../features/sdk/components/sdk-gate').then((module) => ({ default: module.SdkGate })),
);

/**
 * The wrapper of every /auth screen (spec §2, §4 "Start-up"): in SDK mode (the page opened with
 * /auth/sdk or a token, or arrives there inside the SPA) the SDK token info, otherwise the profile.
 */
export function StartUpGate() {
  const location = useLocation();
  const link = pageMode().sdk ?? readSdkLink(location.pathname, location.search);
  if (!link) return <ProfileGate />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <SdkGate link={enterSdkMode(link).sdk ?? link} />
    </Suspense>
  );
}
