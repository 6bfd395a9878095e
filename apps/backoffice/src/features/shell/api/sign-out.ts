import { api } from '../../../lib/api-client.ts';

/** POST /backoffice/api/logout: ends the staff session (the client adds the CSRF header). */
export function signOut(): Promise<null> {
  return api.post<null>('/logout');
}
