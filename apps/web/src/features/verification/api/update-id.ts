import { SECURITY_SCENES, type UpdateIdRequest, type UpdateIdResult } from '@kyc/contracts';
import { http, withIdempotencyKey, withStepUp, type RequestOptions } from '../../../lib/http';
import { UPDATE_ID_ERROR_CODES } from './update-id-errors';

export const UPDATE_ID_PATH = '/v3/private/kyc/update-id';

/**
 * Submits a new identity document for a verified user. The caller keeps `idempotencyKey` across
 * retries of one attempt, so a retried request never creates a second submission. The refusals
 * 1045–1053 and 1062 are shown inline by the screen (spec §8 updateIDError map), not as a toast.
 */
export function postUpdateId(
  body: UpdateIdRequest,
  idempotencyKey: string,
  options: RequestOptions = {},
): Promise<UpdateIdResult> {
  // Issue 15: behind security verification (scene 70029 update).
  return withStepUp(SECURITY_SCENES.update, (headers) =>
    http.post<UpdateIdResult>(
      UPDATE_ID_PATH,
      { ...body },
      withIdempotencyKey(
        { silent: UPDATE_ID_ERROR_CODES, ...options, headers: { ...options.headers, ...headers } },
        idempotencyKey,
      ),
    ),
  );
}
