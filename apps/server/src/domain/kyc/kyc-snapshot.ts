/**
 * The person as the KYC read side sees them (docs/kyc.md): their stored rows turned into the two
 * effective steps the state machine derives, with their country and freeze; the re-verification as
 * displayUpdatePOI; the banner tags less those dismissed; and the quotas by level. Read fresh for every
 * request, never kept between requests (D98).
 */
import type { DisplayUpdatePoi, DisplayUpdatePoiStatus, LevelQuota } from '@kyc/contracts';
import type { Country, KycPerson, KycPersonUser, QuotaRow } from '../../data/repositories/kyc-repo.ts';
import type { ApplicantRow, KycLevelStateRow, ReverificationRow } from '../../data/schema/index.ts';
import type { CountryCatalogue } from '../countries/country-catalogue.ts';
import { bannerTagsOf, visibleBannerTags } from './banner-tags.ts';
import type { KycPathsInfo } from './kyc-read-sources.ts';
import { effectiveSteps, type StoredStep } from './state-machine.ts';

function toStored(row: KycLevelStateRow | undefined): StoredStep | undefined {
  return row
    ? {
        status: row.status,
        type: row.type,
        rejectReasonCode: row.reject_reason_code,
        rejectReason: row.reject_reason,
      }
    : undefined;
}

/** Everything the read side knows about one person. */
export interface KycSnapshot {
  user: KycPersonUser;
  applicant: ApplicantRow | undefined;
  level: number;
  opened: boolean;
  country: Country | undefined;
  steps: [StoredStep, StoredStep];
  stored: [StoredStep | undefined, StoredStep | undefined];
  reverification: ReverificationRow | undefined;
  stateRows: KycLevelStateRow[];
  /** Issue 18: a true screening match froze the person. */
  frozen: boolean;
}

export function quotasByLevel(rows: readonly QuotaRow[], scope: 'KYC' | 'KYB'): LevelQuota[] {
  const byLevel = new Map<number, LevelQuota>();
  for (const row of rows.filter((r) => r.scope === scope)) {
    const entry = byLevel.get(row.level) ?? { level: row.level, coinLimit: [] };
    entry.coinLimit.push({ coin: row.coin, limit: row.limit });
    byLevel.set(row.level, entry);
  }
  return [...byLevel.values()].sort((a, b) => a.level - b.level);
}

/** spec §4 / §9: the BTC limit of the level, 0 when there is none. */
export function btcLimitOf(quotas: readonly LevelQuota[], level: number): number {
  return quotas.find((q) => q.level === level)?.coinLimit.find((c) => c.coin === 'BTC')?.limit ?? 0;
}

export function kycSnapshots(countries: Pick<CountryCatalogue, 'find'>) {
  return async function snapshotOf(person: KycPerson): Promise<KycSnapshot> {
    const { user, applicant, levelStates: rows, reverification, frozen } = person;
    const country = applicant?.country ? await countries.find(applicant.country) : undefined;
    const opened = (applicant?.kyc_opened ?? 1) === 1;
    const stored: [StoredStep | undefined, StoredStep | undefined] = [
      toStored(rows.find((r) => r.level === 1)),
      toStored(rows.find((r) => r.level === 2)),
    ];
    const steps = effectiveSteps({
      opened,
      memberTagKyc: user.member_tag_kyc,
      countryDisabled: country?.kycDisabled ?? false,
      level1: stored[0],
      level2: stored[1],
    });
    return {
      user,
      applicant,
      level: applicant?.level ?? 0,
      opened,
      country,
      steps,
      stored,
      reverification,
      stateRows: rows,
      frozen,
    };
  };
}

/** The derived tags, QUICK_KYC_AVAILABLE while an offer is usable, less those dismissed since. */
export function bannerTags(
  s: KycSnapshot,
  poi: DisplayUpdatePoiStatus,
  limitation: string,
  paths: KycPathsInfo | undefined,
) {
  const tags = bannerTagsOf(s.steps, poi, limitation);
  if (!paths) return tags;
  const { quickKycSince, acknowledged } = paths;
  const level1 = s.steps[0].status;
  if (quickKycSince !== null && (level1 === 'ALLOW' || level1 === 'FAILED_AND_CAN_RETRY'))
    tags.push('QUICK_KYC_AVAILABLE');
  const latest = (statuses: readonly string[]) =>
    Math.max(0, ...s.stateRows.filter((r) => statuses.includes(r.status)).map((r) => Number(r.updated_at)));
  return visibleBannerTags(
    tags,
    {
      KYC_PENDING: latest(['PENDING']),
      KYC_REJECTED: latest(['FAILED_AND_CAN_RETRY', 'FAILED_AND_CAN_NOT_RETRY']),
      QUICK_KYC_AVAILABLE: quickKycSince ?? 0,
    },
    acknowledged,
  );
}

export function displayUpdatePoiOf(s: KycSnapshot): DisplayUpdatePoi {
  const row = s.reverification;
  return {
    status: row?.status ?? 'DisplayUpdatePOIStatus_No',
    rejectReason: row?.reject_reason ?? '',
    deadline: row?.deadline ?? null,
    siteInfo: {
      site: row?.site || s.user.site,
      country: row?.country || (s.applicant?.country ?? ''),
    },
  };
}
