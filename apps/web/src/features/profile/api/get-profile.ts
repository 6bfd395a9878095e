import type { UserProfile } from '@kyc/contracts';
import { http, type RequestOptions } from '../../../lib/http';
import type { GlobalUser } from '../../../lib/store/global-slice';

export const PROFILE_URL = '/v2/private/user/profile';

/**
 * GET /v2/private/user/profile (spec §7; docs/api.md). Silent: the profile gate tells the user itself
 * (10007 → /login, anything else → the error state with retry, spec §4). spec §4 "fetch the private
 * user profile (cached allowed)": a successful answer is reused for 60 s (failures never are).
 */
export function getProfile(options?: RequestOptions): Promise<UserProfile> {
  return http.get<UserProfile>(PROFILE_URL, undefined, { silent: true, cache: true, ...options });
}

let prefetched: Promise<UserProfile> | null = null;

/**
 * Starts the profile request at page start, so that it runs alongside the screen chunk and the
 * translations instead of after them; the profile gate picks it up.
 */
export function prefetchProfile(): void {
  if (prefetched) return;
  prefetched = getProfile();
  // Handled by whoever takes it; never an unhandled rejection in between.
  prefetched.catch(() => undefined);
}

/** The prefetched request when there is one (taken once), otherwise a new request. */
export function loadProfile(options?: RequestOptions): Promise<UserProfile> {
  const pending = prefetched;
  prefetched = null;
  return pending ?? getProfile(options);
}

/** spec §3 "User profile": an empty currency_code is replaced by USD. */
export function profileToUser(profile: UserProfile): GlobalUser {
  return { ...profile, currency_code: profile.currency_code || 'USD' };
}
