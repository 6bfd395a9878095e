/**
 * The announcements (bannerTags) of kyc-info (docs/kyc.md "Announcements", "Banner tags"): derived from
 * the person's state, so they can never disagree with it, and which of them a person may dismiss.
 * Pure: no I/O.
 */
import { LIMITATION_DEFAULT, type DisplayUpdatePoiStatus } from '@kyc/contracts';
import type { StoredStep } from './state-machine.ts';

/** Every bannerTag kyc-info answers (docs/kyc.md "Announcements"). */
export const BANNER_TAGS = [
  'KYC_PENDING',
  'KYC_REJECTED',
  'KYC_COUNTRY_DISABLED',
  'REVERIFY_NEEDED',
  'ACCOUNT_LIMITED',
  'QUICK_KYC_AVAILABLE',
] as const;
export type BannerTag = (typeof BANNER_TAGS)[number];

/**
 * The announcements a person may dismiss (submit-kyc-announcement): information about their own
 * progress. A closed country, a re-verification request and an account limitation are not dismissible:
 * they stay until their cause is gone (regulatory notices, and action is required).
 */
export const DISMISSIBLE_BANNER_TAGS: readonly BannerTag[] = [
  'KYC_PENDING',
  'KYC_REJECTED',
  'QUICK_KYC_AVAILABLE',
];

/**
 * The tags still shown: a dismissible tag acknowledged at or after the moment its cause began (`since`,
 * epoch ms) is left out; a new cause (a new review, a new rejection, a new offer) shows it again.
 */
export function visibleBannerTags(
  tags: readonly string[],
  since: Partial<Record<string, number>>,
  acknowledged: ReadonlyMap<string, number>,
): string[] {
  return tags.filter((tag) => {
    if (!(DISMISSIBLE_BANNER_TAGS as readonly string[]).includes(tag)) return true;
    const at = acknowledged.get(tag);
    return at === undefined || at < (since[tag] ?? 0);
  });
}

/** docs/kyc.md "Banner tags": derived from the state, so they can never disagree with it. */
export function bannerTagsOf(
  steps: readonly StoredStep[],
  poi: DisplayUpdatePoiStatus,
  limitation: string,
): string[] {
  const tags: string[] = [];
  if (steps.some((s) => s.status === 'PENDING')) tags.push('KYC_PENDING');
  if (steps.some((s) => s.status === 'FAILED_AND_CAN_RETRY' || s.status === 'FAILED_AND_CAN_NOT_RETRY'))
    tags.push('KYC_REJECTED');
  if (steps.some((s) => s.status === 'CERTIFICATION_DISABLED')) tags.push('KYC_COUNTRY_DISABLED');
  if (poi === 'DisplayUpdatePOIStatus_Needed' || poi === 'DisplayUpdatePOIStatus_Rejected')
    tags.push('REVERIFY_NEEDED');
  if (limitation !== LIMITATION_DEFAULT) tags.push('ACCOUNT_LIMITED');
  return tags;
}
