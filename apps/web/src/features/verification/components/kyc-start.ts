import { LIMITATION_ACCOUNT_FROZEN, type KycInfo, type KycStepLevel } from '@kyc/contracts';
import { stepOf } from './kyc-steps';

/** Why a verification flow cannot start now; each has a translated explanation. */
export type NotStartableReason =
  | 'pending'
  | 'verified'
  | 'locked'
  | 'lockedStep2'
  | 'final'
  | 'countryDisabled'
  | 'reverifyNone'
  | 'reverifyPending'
  | 'reverifyDaily'
  /** Issue 18: the account is frozen (kyc-info's limitation); every submission would be refused (61007). */
  | 'frozen';

export type Startability =
  | { startable: true; level: KycStepLevel }
  | { startable: false; level: KycStepLevel; reason: NotStartableReason };

/** spec §4: a step can be started (or retried) when ALLOW or FAILED_AND_CAN_RETRY. */
export function levelStartability(info: KycInfo, level: KycStepLevel): Startability {
  if (info.limitation === LIMITATION_ACCOUNT_FROZEN) return { startable: false, level, reason: 'frozen' };
  const { status } = stepOf(info, level);
  switch (status) {
    case 'ALLOW':
    case 'FAILED_AND_CAN_RETRY':
      return { startable: true, level };
    case 'PENDING':
      return { startable: false, level, reason: 'pending' };
    case 'SUCCESS':
      return { startable: false, level, reason: 'verified' };
    case 'FAILED_AND_CAN_NOT_RETRY':
      return { startable: false, level, reason: 'final' };
    case 'CERTIFICATION_DISABLED':
      return { startable: false, level, reason: 'countryDisabled' };
    case 'NOT_ALLOW':
      return { startable: false, level, reason: level === 2 ? 'lockedStep2' : 'locked' };
  }
}

/**
 * spec §4 re-verification: the level-1 capture runs with reason UPDATE_KYC while displayUpdatePOI is
 * Needed or Rejected (Rejected_Daily waits for tomorrow; Pending is under review).
 */
export function reverificationStartability(info: KycInfo): Startability {
  if (info.limitation === LIMITATION_ACCOUNT_FROZEN) return { startable: false, level: 1, reason: 'frozen' };
  switch (info.displayControl.displayUpdatePOI.status) {
    case 'DisplayUpdatePOIStatus_Needed':
    case 'DisplayUpdatePOIStatus_Rejected':
      return { startable: true, level: 1 };
    case 'DisplayUpdatePOIStatus_Pending':
      return { startable: false, level: 1, reason: 'reverifyPending' };
    case 'DisplayUpdatePOIStatus_Rejected_Daily':
      return { startable: false, level: 1, reason: 'reverifyDaily' };
    default:
      return { startable: false, level: 1, reason: 'reverifyNone' };
  }
}

/**
 * The SDK session's flow when it names no level: the first level that can be started; otherwise why
 * not — level 1's reason unless level 1 is verified, then level 2's.
 */
export function nextStartability(info: KycInfo): Startability {
  const first = levelStartability(info, 1);
  if (first.startable) return first;
  const second = levelStartability(info, 2);
  if (second.startable || (!first.startable && first.reason === 'verified')) return second;
  return first;
}
