import {
  RET_CODES,
  SECURITY_SCENES,
  type IdentityResult,
  type TransferStatusResult,
  type TransferVerifyRequest,
} from '@kyc/contracts';
import { callEndpoint, http, withStepUp } from '../../../lib/http';

/** Refusals the section explains inline (docs/identity-transfer.md "Rules"), never as a toast. */
export const TRANSFER_INLINE_CODES: readonly number[] = [
  RET_CODES.PARAMS_ERROR.code,
  RET_CODES.TRANSFER_SOURCE_INVALID.code,
  RET_CODES.TRANSFER_TARGET_VERIFIED.code,
  RET_CODES.TRANSFER_SOURCE_RESTRICTED.code,
  RET_CODES.TRANSFER_OPEN_CARD.code,
  RET_CODES.TRANSFER_COUNTRY_REFUSED.code,
  RET_CODES.TRANSFER_ALREADY_OPEN.code,
  RET_CODES.TRANSFER_NOT_FOUND.code,
  RET_CODES.TRANSFER_DETAILS_MISMATCH.code,
];

/** POST /v1/kyc/identity (spec §7). */
export const getIdentity = () => callEndpoint<IdentityResult>('kycIdentity');

/** POST /v1/kyc/transfer/verify behind security verification: 30030 for the target, 30031 for the source. */
export function postTransferVerify(body: TransferVerifyRequest): Promise<TransferStatusResult> {
  const scene =
    body.role === 'target' ? SECURITY_SCENES.identityTransferBefore : SECURITY_SCENES.identityTransferAfter;
  return withStepUp(scene, (headers) =>
    callEndpoint<TransferStatusResult>('transferVerify', body, { headers, silent: TRANSFER_INLINE_CODES }),
  );
}

export const postTransferCancel = (transferId: number) =>
  http.post<TransferStatusResult>(
    '/v1/kyc/transfer/cancel',
    { transferId },
    { silent: TRANSFER_INLINE_CODES },
  );
