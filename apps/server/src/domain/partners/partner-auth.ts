/**
 * Who is calling the partner API (docs/sdk.md "Signed partner calls", D37). A call names its business
 * and carries a timestamp and an HMAC over the request under one of the business's live secrets. The
 * checks, in order, and what each refusal tells the caller:
 *
 * 1. headers present and well formed, business known, HMAC right under some live secret → else
 *    `refused` (10003), the same answer whichever part was wrong, so nobody learns which business ids
 *    exist; an unknown business still costs one HMAC and one comparison.
 * 2. the business is active → else `inactive` (10005, as before: only a holder of its secret sees it).
 * 3. the timestamp within 5 minutes either way → else `out_of_window` (54011; only the secret's holder
 *    sees it, and it tells them their clock is off).
 * 4. the signature not seen before → else `replayed` (54012). Recorded in the database (primary key),
 *    so every instance refuses a copy, and only after steps 1–3 so a stranger cannot fill the table.
 *
 * A bare `kyc-access-key` (the old scheme) is refused with its own message: there is no migration period.
 */
import { SDK_CODE_PATTERN } from '@kyc/contracts';
import type { PartnerSecretsRepo } from '../../data/repositories/partner-secrets-repo.ts';
import type { SdkBusiness, SdkRepo } from '../../data/repositories/sdk-repo.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import {
  CLEAR_SECRET_PREFIX,
  newPartnerSecret,
  openPartnerSecret,
  sealPartnerSecret,
} from './partner-secrets.ts';
import {
  isWellFormedSignature,
  isWellFormedTs,
  signRequest,
  signatureExpiresAt,
  signaturesEqual,
  withinWindow,
  type SignedRequest,
} from './request-signature.ts';

/** An authenticated partner server (its retired API key hash left out). */
export type SignedPartner = Omit<SdkBusiness, 'apiKeyHash'>;

export type SignatureRefusal = 'unsigned_key' | 'refused' | 'inactive' | 'out_of_window' | 'replayed';
export type SignatureCheck =
  { ok: true; partner: SignedPartner } | { ok: false; reason: SignatureRefusal; business?: string };

export interface PresentedSignature extends Omit<SignedRequest, 'ts'> {
  business: string | undefined;
  ts: string | undefined;
  sign: string | undefined;
  /** True when the old kyc-access-key header was sent. */
  bareKey: boolean;
}

/** Checked against when the business is unknown or has no live secret, so every refusal costs the same. */
const DECOY_SECRET = newPartnerSecret();

export function partnerAuthUseCases(deps: {
  businesses: Pick<SdkRepo, 'findBusiness'>;
  secrets: PartnerSecretsRepo;
  keyring: MasterKeyring;
}) {
  const { businesses, secrets, keyring } = deps;

  /** The live secrets of a business in clear (at most two), or the decoy when it has none. */
  async function candidateSecrets(business: SdkBusiness | undefined): Promise<string[]> {
    if (!business) return [DECOY_SECRET];
    const live = await secrets.liveSecrets(business.id);
    const opened = live.flatMap((s) => {
      try {
        return [openPartnerSecret(keyring, business.id, s.sealed)];
      } catch {
        return [];
      }
    });
    return opened.length > 0 ? opened : [DECOY_SECRET];
  }

  return {
    async authenticate(presented: PresentedSignature, now = Date.now()): Promise<SignatureCheck> {
      const { business: businessId, ts, sign } = presented;
      if (!businessId || !ts || !sign)
        return { ok: false, reason: presented.bareKey ? 'unsigned_key' : 'refused' };
      const business = SDK_CODE_PATTERN.test(businessId)
        ? await businesses.findBusiness(businessId)
        : undefined;
      const wellFormed = isWellFormedTs(ts) && isWellFormedSignature(sign);
      let matched = false;
      for (const secret of await candidateSecrets(business)) {
        const expected = signRequest(secret, { ...presented, ts });
        // Every candidate is compared (no early exit), each in constant time.
        if (wellFormed && signaturesEqual(expected, sign)) matched = true;
      }
      if (!business || !matched) return { ok: false, reason: 'refused' };
      if (!business.active) return { ok: false, reason: 'inactive', business: business.id };
      if (!withinWindow(ts, now)) return { ok: false, reason: 'out_of_window', business: business.id };
      if (!(await secrets.recordSignature(sign, business.id, signatureExpiresAt(ts))))
        return { ok: false, reason: 'replayed', business: business.id };
      const { apiKeyHash: _retired, ...partner } = business;
      return { ok: true, partner };
    },

    /** Forgets accepted signatures past their window (a sweep of composition.ts). */
    async sweep(now = Date.now()): Promise<number> {
      return secrets.deleteExpiredSignatures(now);
    },

    /**
     * Seals the secrets the demo seed wrote in clear (it runs before the app holds the master key), as
     * sealClearPersonalData does for applicants. Compare-and-set per row; idempotent.
     */
    async sealClearSecrets(): Promise<number> {
      let count = 0;
      for (const row of await secrets.secretsWithPrefix(CLEAR_SECRET_PREFIX)) {
        const sealed = sealPartnerSecret(
          keyring,
          row.businessId,
          row.sealed.slice(CLEAR_SECRET_PREFIX.length),
        );
        if (await secrets.replaceSealed(row.id, row.sealed, sealed)) count += 1;
      }
      return count;
    },
  };
}
export type PartnerAuthUseCases = ReturnType<typeof partnerAuthUseCases>;
