import { CODE_NOT_LOGGED_IN, type UserProfile } from '@kyc/contracts';
import { http, type RequestOptions } from '../../../lib/http';
import type { GlobalUser } from '../../../lib/store/global-slice';

export const PROFILE_URL = '/v2/private/user/profile';

/**
 * GET /v2/private/user/profile (spec §7; docs/api.md). 10007 is silent: the profile gate sends the
 * browser to /login (spec §4); any other failure is reported as every call's is (spec §8: e.g. the 2 s
 * 50016 toast on a timeout) and the gate shows its error state with retry. spec §4 "fetch the private
 * user profile (cached allowed)": a successful answer is reused for 60 s (failures never are).
 */
export function getProfile(options?: RequestOptions): Promise<UserProfile> {
  return http.get<UserProfile>(PROFILE_URL, undefined, {
    silent: [CODE_NOT_LOGGED_IN],
    cache: true,
    ...options,
  });
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
