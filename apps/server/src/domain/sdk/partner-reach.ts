import { normaliseEmail } from '@kyc/contracts';
import type { PartnerLinksRepo } from '../../data/repositories/partner-links-repo.ts';
import type { SdkBusiness } from '../../data/repositories/sdk-repo.ts';
import type { UsersRepo } from '../../data/repositories/users-repo.ts';
import type { UserRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Which people a business may act for (issue 11, docs/sdk.md "Partner links"). The exchange's own apps
 * (first party) name anyone by our uid or email; every other business names people only by its own
 * reference (`userRef`), and reaches a person only through a live link the person agreed to. A reference
 * that is unknown and one that is known but not linked give the same answer (a link token), after the
 * same work, so a partner learns nothing about who has an account here.
 */

/** How a partner names the person of a call (access-token, revoke-token). */
export interface PersonNamed {
  userRef?: string | undefined;
  uid?: number | undefined;
  email?: string | undefined;
}

/** Whom a token is for: a person the business reaches, or a reference still waiting for consent. */
export type Subject = { kind: 'person'; user: UserRow } | { kind: 'reference'; ref: string };

type Business = Pick<SdkBusiness, 'id' | 'firstParty'>;

export function partnerReach(links: PartnerLinksRepo, users: UsersRepo) {
  /** uid / email are ours: only first-party businesses may use them (10001 names the field). */
  function refuseOurIdentifiers(business: Business, named: PersonNamed): void {
    if (business.firstParty) return;
    const field = named.uid !== undefined ? 'uid' : named.email !== undefined ? 'email' : null;
    if (field)
      throw new AppError(
        'PARAMS_ERROR',
        `body.${field}: a partner names its users by userRef, its own reference (docs/sdk.md "Partner links")`,
        400,
      );
  }

  async function userByOurIdentifier(named: PersonNamed): Promise<UserRow> {
    const user =
      named.uid !== undefined
        ? await users.findById(named.uid)
        : await users.findByEmail(normaliseEmail(named.email ?? ''));
    const field = named.uid !== undefined ? 'uid' : 'email';
    if (!user) throw new AppError('PARAMS_ERROR', `body.${field}: no such user`, 400);
    return user;
  }

  return {
    refuseOurIdentifiers,

    /** access-token: the person this business reaches under what it named, or the reference to link. */
    async subjectFor(business: Business, named: PersonNamed): Promise<Subject> {
      refuseOurIdentifiers(business, named);
      if (named.userRef === undefined) return { kind: 'person', user: await userByOurIdentifier(named) };
      const link = await links.findLiveLinkByRef(business.id, named.userRef);
      const user = link ? await users.findById(Number(link.user_id)) : undefined;
      return user ? { kind: 'person', user } : { kind: 'reference', ref: named.userRef };
    },

    /**
     * revoke-token by person: the user whose tokens end (null when the reference is not linked, which
     * answers "0 revoked" like a linked person without tokens), and the reference whose open link tokens
     * end too.
     */
    async revocationTarget(
      business: Business,
      named: PersonNamed,
    ): Promise<{ userId: number | null; ref: string | null }> {
      refuseOurIdentifiers(business, named);
      if (named.userRef === undefined) return { userId: (await userByOurIdentifier(named)).id, ref: null };
      const link = await links.findLiveLinkByRef(business.id, named.userRef);
      return { userId: link ? Number(link.user_id) : null, ref: named.userRef };
    },
  };
}
export type PartnerReach = ReturnType<typeof partnerReach>;
