import { RET_CODES } from '@kyc/contracts';

/**
 * spec §8 "ID update error codes to message keys": the refusals of update-id shown inline on the
 * update screen, each with the text of its updateIDError key (shapes: 1045 identity not verified,
 * 1046 an update under review, 1047 document expired, 1048 name differs, 1049 date of birth differs,
 * 1050 country differs, 1051 daily limit, 1052 type not issued by the country, 1053 images incomplete,
 * 1062 a level verification under review).
 */
export const UPDATE_ID_ERROR_KEYS = {
  [RET_CODES.KYC_UPDATE_ID_NOT_VERIFIED.code]: 'updateId.updateIDError1',
  [RET_CODES.KYC_UPDATE_ID_UNDER_REVIEW.code]: 'updateId.updateIDError2',
  [RET_CODES.KYC_UPDATE_ID_DOCUMENT_EXPIRED.code]: 'updateId.updateIDError3',
  [RET_CODES.KYC_UPDATE_ID_NAME_MISMATCH.code]: 'updateId.updateIDError4',
  [RET_CODES.KYC_UPDATE_ID_BIRTH_DATE_MISMATCH.code]: 'updateId.updateIDError5',
  [RET_CODES.KYC_UPDATE_ID_COUNTRY_MISMATCH.code]: 'updateId.updateIDError6',
  [RET_CODES.KYC_UPDATE_ID_DAILY_LIMIT.code]: 'updateId.updateIDError7',
  [RET_CODES.KYC_UPDATE_ID_DOCUMENT_TYPE_NOT_ISSUED.code]: 'updateId.updateIDError6',
  [RET_CODES.KYC_UPDATE_ID_IMAGES_INCOMPLETE.code]: 'updateId.updateIDError6',
  [RET_CODES.KYC_UPDATE_ID_LEVEL_UNDER_REVIEW.code]: 'updateId.updateIDError2',
} as const;

export type UpdateIdErrorCode = keyof typeof UPDATE_ID_ERROR_KEYS;
export type UpdateIdErrorKey = (typeof UPDATE_ID_ERROR_KEYS)[UpdateIdErrorCode];

/** The codes the update screen explains itself (the HTTP client shows no toast for them). */
export const UPDATE_ID_ERROR_CODES: readonly number[] = Object.keys(UPDATE_ID_ERROR_KEYS).map(Number);

/** The message key of an update-id refusal, or null when the code is not one of spec §8's. */
export function updateIdErrorKey(retCode: number): UpdateIdErrorKey | null {
  return Object.hasOwn(UPDATE_ID_ERROR_KEYS, retCode)
    ? UPDATE_ID_ERROR_KEYS[retCode as UpdateIdErrorCode]
    : null;
}
