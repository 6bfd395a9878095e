/**
 * What a capture must carry besides its documents (issue 10, docs/kyc.md "Consent and declaration" and
 * "Level 2: residence address"). Pure: no I/O.
 *
 * - An ID and a selfie (level 1, re-verification) are submitted only with the privacy and
 *   biometric-data consent AND the declaration that the information is true, both given to the
 *   current version of the texts: the consent is the legal basis for processing a face image (GDPR
 *   art. 9), and the declaration makes a false statement the person's own. It is recorded like an
 *   agreement: version, language and time, with the submission.
 * - Level 2 names the residence address the proof of address must show; it is personal data, sealed
 *   in the submission's details like the other details, and shown to the reviewer beside the proof.
 */
import {
  ALL_LANGUAGE_CODES,
  CAPTURE_CONSENT_VERSION,
  type CaptureConsent,
  type ResidenceAddress,
} from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';

export interface ConsentRecord {
  version: string;
  language: string;
  at: number;
}

/** The consent to record, or 30041 (missing or a box not ticked) / 30042 (another version) / 10001. */
export function checkedConsent(consent: CaptureConsent | undefined, at: number): ConsentRecord {
  if (!consent || !consent.privacy || !consent.declaration)
    throw new AppError(
      'KYC_CONSENT_REQUIRED',
      'consent: the privacy and biometric-data consent and the declaration must both be given',
    );
  if (consent.version !== CAPTURE_CONSENT_VERSION)
    throw new AppError(
      'KYC_CONSENT_VERSION_OUTDATED',
      `consent.version: ${consent.version} is not the current version ${CAPTURE_CONSENT_VERSION}`,
    );
  if (!ALL_LANGUAGE_CODES.includes(consent.language))
    throw new AppError('PARAMS_ERROR', 'consent.language: a supported language', 400);
  return { version: consent.version, language: consent.language, at };
}

/** The level-2 address as details to seal (keys prefixed `residence`), or 10001 without one. */
export function residenceDetails(residence: ResidenceAddress | undefined): Record<string, string> {
  if (!residence)
    throw new AppError('PARAMS_ERROR', 'residence: the residence address is required for LEVEL_2', 400);
  return {
    residenceCountry: residence.country,
    residenceLine1: residence.line1,
    residenceLine2: residence.line2 ?? '',
    residenceCity: residence.city,
    residencePostalCode: residence.postalCode ?? '',
  };
}
