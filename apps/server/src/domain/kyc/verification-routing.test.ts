import { describe, expect, it } from 'vitest';
import { BUCKETS, bucketOf, flowOf, routeProvider } from './verification-routing.ts';

describe('bucketOf', () => {
  it('when asked twice for the same user, then the same bucket in 0–99', () => {
    for (const id of [1, 2, 42, 9_999_999]) {
      expect(bucketOf(id)).toBe(bucketOf(id));
      expect(bucketOf(id)).toBeGreaterThanOrEqual(0);
      expect(bucketOf(id)).toBeLessThan(BUCKETS);
    }
  });

  it('when many users are bucketed, then every decile gets a share (no provider starves)', () => {
    const deciles = new Array<number>(10).fill(0);
    for (let id = 1; id <= 5000; id += 1) {
      const decile = Math.floor(bucketOf(id) / 10);
      deciles[decile] = (deciles[decile] ?? 0) + 1;
    }
    for (const n of deciles) expect(n).toBeGreaterThan(350);
  });
});

describe('routeProvider', () => {
  it('when there is no route, then default', () => expect(routeProvider(undefined, 0)).toBe('default'));

  it('when the bucket is below the percentage, then the route provider; at or above it, default', () => {
    const route = { provider: 'sumsub' as const, percentage: 30 };
    expect(routeProvider(route, 0)).toBe('sumsub');
    expect(routeProvider(route, 29)).toBe('sumsub');
    expect(routeProvider(route, 30)).toBe('default');
    expect(routeProvider({ provider: 'onfido', percentage: 100 }, 99)).toBe('onfido');
    expect(routeProvider({ provider: 'onfido', percentage: 0 }, 0)).toBe('default');
  });
});

describe('flowOf', () => {
  it('when level 1 offers a passport only, then no back side step', () => {
    expect(flowOf({ level: 1, documentTypes: ['PASSPORT'], vendorIdTypes: [] })).toEqual({
      flowName: 'Level1_web',
      steps: ['document_type', 'front', 'selfie'],
      sidesByDocumentType: { PASSPORT: ['front', 'selfie'] },
    });
  });

  it('when level 1 offers ID cards and national id numbers, then back and the vendor step are in', () => {
    const flow = flowOf({ level: 1, documentTypes: ['ID_CARD', 'PASSPORT'], vendorIdTypes: ['BVN'] });
    expect(flow.steps).toEqual(['document_type', 'front', 'back', 'selfie', 'vendor_id_number']);
    expect(flow.sidesByDocumentType.ID_CARD).toEqual(['front', 'back', 'selfie']);
  });

  it('when level 2, then the proof of address only', () => {
    expect(flowOf({ level: 2, documentTypes: ['ID_CARD'], vendorIdTypes: [] })).toMatchObject({
      flowName: 'Level2_web',
      steps: ['poa'],
    });
  });
});
