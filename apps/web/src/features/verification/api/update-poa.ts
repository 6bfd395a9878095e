import { RET_CODES, type UpdatePoaRequest, type UpdatePoaResult } from '@kyc/contracts';
import { http, withIdempotencyKey, type RequestOptions } from '../../../lib/http';

export const UPDATE_POA_PATH = '/v3/private/kyc/update-poa';
/** Refused while level 2 is not SUCCESS; the screen explains it inline. */
export const UPDATE_POA_REFUSED_CODE = RET_CODES.KYC_ILLEGAL_TRANSITION.code;

/** Submits a new proof of address; `idempotencyKey` is kept across retries of one attempt. */
export function postUpdatePoa(
  body: UpdatePoaRequest,
  idempotencyKey: string,
  options: RequestOptions = {},
): Promise<UpdatePoaResult> {
  return http.post<UpdatePoaResult>(
    UPDATE_POA_PATH,
    { ...body },
    withIdempotencyKey({ silent: [UPDATE_POA_REFUSED_CODE], ...options }, idempotencyKey),
  );
}
