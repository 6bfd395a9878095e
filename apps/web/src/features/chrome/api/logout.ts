import { http } from '../../../lib/http';

/** POST /logout (docs/api.md): always succeeds and clears the session cookie. */
export function logout(): Promise<null> {
  return http.post<null>('/logout');
}
