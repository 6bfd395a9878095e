import type { KycInfo, KycStateEntry, KycStepLevel, LevelQuota } from '@kyc/contracts';

/** spec §4: a step missing from the state entries is NOT_ALLOW (INDIVIDUAL). */
export function stepOf(info: KycInfo, level: KycStepLevel): KycStateEntry {
  return (
    info.state?.find((entry) => entry.level === level) ?? {
      level,
      status: 'NOT_ALLOW',
      type: 'INDIVIDUAL',
      rejectReasonCode: '',
      rejectReason: '',
    }
  );
}

/** The BTC limit of a level from the quotas list; null when the quotas were not returned. */
export function btcLimitOf(quotas: LevelQuota[] | undefined, level: number): number | null {
  if (!quotas) return null;
  return quotas.find((q) => q.level === level)?.coinLimit.find((c) => c.coin === 'BTC')?.limit ?? 0;
}

/** Whether the user may reset now (docs/kyc.md self-reset transitions), and if not, why. */
export type ResetAvailability = 'available' | 'pending' | 'final' | 'nothing' | 'unavailable';

const LEVEL_1_FROM = new Set(['ALLOW', 'SUCCESS', 'FAILED_AND_CAN_RETRY']);
const LEVEL_2_FROM = new Set(['ALLOW', 'NOT_ALLOW', 'SUCCESS', 'FAILED_AND_CAN_RETRY']);

/**
 * docs/kyc.md: self-reset is refused while a level is PENDING (a review runs) or FAILED_AND_CAN_NOT_RETRY
 * (a final rejection), and applies only from the statuses of its transition rows; a level 1 that has
 * not been started leaves nothing to reset.
 */
export function resetAvailability(info: KycInfo): ResetAvailability {
  const statuses = [stepOf(info, 1).status, stepOf(info, 2).status];
  if (statuses.includes('PENDING')) return 'pending';
  if (statuses.includes('FAILED_AND_CAN_NOT_RETRY')) return 'final';
  const [level1, level2] = statuses as [string, string];
  if (!LEVEL_1_FROM.has(level1) || !LEVEL_2_FROM.has(level2)) return 'unavailable';
  if (level1 === 'ALLOW') return 'nothing';
  return 'available';
}
