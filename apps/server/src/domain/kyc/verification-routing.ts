/**
 * Which provider verifies a person, and what the verification flow consists of (docs/kyc.md "Routing
 * and the verification flow"). Pure: no I/O, no clock.
 */
import { createHash } from 'node:crypto';
import {
  flowNameOf,
  type DocumentType,
  type KycProvider,
  type KycStepLevel,
  type VendorIdType,
  type VerificationStep,
} from '@kyc/contracts';
import { requiredSides } from './submission-rules.ts';

/** Number of buckets: a route's percentage sends buckets 0 … percentage-1 to its provider. */
export const BUCKETS = 100;

/**
 * The person's bucket, 0–99: a hash of the user id, so the same person always lands in the same bucket
 * (a flow started with one provider is never continued with another), independent of sign-in or device.
 */
export function bucketOf(userId: number): number {
  const digest = createHash('sha256').update(`kyc-provider-bucket:${userId}`).digest();
  return digest.readUInt32BE(0) % BUCKETS;
}

export interface RouteRule {
  provider: KycProvider;
  percentage: number;
}

/**
 * The provider of a bucket under a route: the route's provider below its percentage, else `fallback`
 * (KYC_DEFAULT_PROVIDER, docs/providers.md "Routing"); no route at all also answers `fallback`.
 */
export function routeProvider(
  route: RouteRule | undefined,
  bucket: number,
  fallback: KycProvider = 'default',
): KycProvider {
  if (!route) return fallback;
  return bucket < Math.max(0, Math.min(BUCKETS, route.percentage)) ? route.provider : fallback;
}

/**
 * The provider that actually verifies: a vendor without credentials, and `aai` (a recognised wire value
 * whose contract is not known), are served by the in-house flow, 'default'.
 */
export function usableProvider(provider: KycProvider, configured: (p: KycProvider) => boolean): KycProvider {
  if (provider === 'default' || provider === 'aai') return 'default';
  return configured(provider) ? provider : 'default';
}

export interface FlowInput {
  level: KycStepLevel;
  documentTypes: readonly DocumentType[];
  vendorIdTypes: readonly VendorIdType[];
}

/** The steps of a level's flow in screen order, and the sides each document type needs. */
export function flowOf(input: FlowInput): {
  flowName: 'Level1_web' | 'Level2_web';
  steps: VerificationStep[];
  sidesByDocumentType: Record<string, string[]>;
} {
  const flowName = flowNameOf(input.level);
  if (input.level === 2) return { flowName, steps: ['poa'], sidesByDocumentType: {} };
  const sidesByDocumentType = Object.fromEntries(
    input.documentTypes.map((type) => [type, requiredSides(1, type)]),
  );
  const needsBack = input.documentTypes.some((type) => requiredSides(1, type).includes('back'));
  const steps: VerificationStep[] = ['document_type', 'front'];
  if (needsBack) steps.push('back');
  steps.push('selfie');
  if (input.vendorIdTypes.length > 0) steps.push('vendor_id_number');
  return { flowName, steps, sidesByDocumentType };
}
