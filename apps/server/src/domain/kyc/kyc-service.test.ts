import { describe, expect, it } from 'vitest';
import type { KycStepStatus } from '@kyc/contracts';
import { DISMISSIBLE_BANNER_TAGS, bannerTagsOf, visibleBannerTags } from './banner-tags.ts';
import { btcLimitOf } from './kyc-service.ts';

const step = (status: KycStepStatus) => ({
  status,
  type: 'INDIVIDUAL' as const,
  rejectReasonCode: '',
  rejectReason: '',
});

describe('kyc-info derived fields (docs/kyc.md)', () => {
  it('current level quota is the BTC limit of the level, 0 when there is none (spec §4, §9)', () => {
    const quotas = [
      { level: 0, coinLimit: [{ coin: 'USDT', limit: 0 }] },
      {
        level: 1,
        coinLimit: [
          { coin: 'USDT', limit: 100000 },
          { coin: 'BTC', limit: 2 },
        ],
      },
    ];
    expect(btcLimitOf(quotas, 1)).toBe(2);
    expect(btcLimitOf(quotas, 0)).toBe(0);
    expect(btcLimitOf(quotas, 2)).toBe(0);
  });

  it('banner tags follow the state', () => {
    expect(
      bannerTagsOf([step('ALLOW'), step('NOT_ALLOW')], 'DisplayUpdatePOIStatus_No', 'LIMITATION_DEFAULT'),
    ).toEqual([]);
    expect(
      bannerTagsOf(
        [step('FAILED_AND_CAN_NOT_RETRY'), step('PENDING')],
        'DisplayUpdatePOIStatus_Rejected',
        'LIMITATION_WITHDRAW',
      ),
    ).toEqual(['KYC_PENDING', 'KYC_REJECTED', 'REVERIFY_NEEDED', 'ACCOUNT_LIMITED']);
    expect(
      bannerTagsOf(
        [step('CERTIFICATION_DISABLED'), step('CERTIFICATION_DISABLED')],
        'DisplayUpdatePOIStatus_Pending',
        'LIMITATION_DEFAULT',
      ),
    ).toEqual(['KYC_COUNTRY_DISABLED']);
  });
});

describe('visibleBannerTags (submit-kyc-announcement)', () => {
  const tags = ['KYC_PENDING', 'REVERIFY_NEEDED', 'QUICK_KYC_AVAILABLE'];

  it('when nothing is acknowledged, then every tag shows', () => {
    expect(visibleBannerTags(tags, { KYC_PENDING: 100 }, new Map())).toEqual(tags);
  });

  it('when a dismissible tag was acknowledged after its cause began, then it is left out', () => {
    const acks = new Map([
      ['KYC_PENDING', 150],
      ['QUICK_KYC_AVAILABLE', 10],
    ]);
    expect(visibleBannerTags(tags, { KYC_PENDING: 100, QUICK_KYC_AVAILABLE: 10 }, acks)).toEqual([
      'REVERIFY_NEEDED',
    ]);
  });

  it('when the cause began again after the acknowledgement, then the tag shows again', () => {
    expect(visibleBannerTags(tags, { KYC_PENDING: 200 }, new Map([['KYC_PENDING', 150]]))).toContain(
      'KYC_PENDING',
    );
  });

  it('when a tag is not dismissible, then an acknowledgement never hides it', () => {
    expect(DISMISSIBLE_BANNER_TAGS).not.toContain('REVERIFY_NEEDED');
    expect(visibleBannerTags(tags, {}, new Map([['REVERIFY_NEEDED', 1e15]]))).toContain('REVERIFY_NEEDED');
  });
});
