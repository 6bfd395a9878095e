import {
  PARTNER_CONSENT_VERSION,
  type LinkConsentRequest,
  type LinkConsentResult,
  type LinkCredentialsRequest,
  type LinkInfo,
  type PartnerLinksResult,
} from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { LinkTokenContext } from '../../data/repositories/partner-links-repo.ts';
import type { UserRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { openToken, signToken } from '../../lib/crypto/signed-token.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { AccountUseCases } from '../accounts/accounts.ts';
import { maskEmail } from '../accounts/mask.ts';
import {
  businessHeaderMatches,
  headerRefusal,
  originHeaderAccepted,
  type PresentedSdkHeaders,
} from './token-rules.ts';

/**
 * The embedded link flow and the person's links (issue 11, docs/sdk.md "Partner links"). A link token
 * opens only this: the person signs in or signs up (the portal's own account use-cases: same password
 * rules and sign-in limits), is asked whether to share their verification with the partner (consent
 * version PARTNER_CONSENT_VERSION), and on agreeing the same token becomes an ordinary SDK token (same
 * id, same expiry) while the link is recorded, all in one transaction. The personal page lists and
 * revokes links.
 */

/** What requireSdkLinkToken puts on the request. */
export interface LinkPrincipal {
  tokenId: string;
  businessId: string;
  businessName: string;
  ref: string;
  pendingUserId: number | null;
}

export type LinkTokenCheck = { ok: true; principal: LinkPrincipal } | { ok: false; reason: string };

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    /UNIQUE constraint failed/.test(e?.message ?? '') ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

/** Which live-link index a concurrent consent ran into: the person's (54001) or the reference's (54002). */
function linkConflict(error: unknown): AppError {
  const e = error as { constraint?: string; message?: string };
  const text = `${e?.constraint ?? ''} ${e?.message ?? ''}`;
  return /live_user|user_id/.test(text) ? alreadyLinkedOtherRef() : refTaken();
}

const alreadyLinkedOtherRef = () =>
  new AppError('PARTNER_LINK_OTHER_REF', 'you already share your verification with this partner');
const refTaken = () =>
  new AppError('PARTNER_LINK_REF_TAKEN', "the partner's reference was linked to another account meanwhile");
const tokenUsed = () => new AppError('PARTNER_LINK_TOKEN_USED', 'this link was already answered');

function linkTokenRefusal(
  context: LinkTokenContext | undefined,
  presented: PresentedSdkHeaders,
  now: number,
) {
  if (!context) return 'unknown';
  if (context.revoked_at !== null || context.consumed_at !== null) return 'spent';
  if (context.expires_at <= now) return 'expired';
  if (context.business_active !== 1) return 'business_inactive';
  if (!presented.business || !businessHeaderMatches(presented.business, context)) return 'business_mismatch';
  if (!originHeaderAccepted(presented.origin, context.access_origin)) return 'origin_mismatch';
  return null;
}

/** The signed-token purpose of the consent proof. */
const CONSENT_PROOF_PURPOSE = 'partner-link-consent';

export function linkFlowUseCases(deps: {
  repos: Repositories;
  accounts: AccountUseCases;
  /** Server secret of the consent proofs (the session secret). */
  proofSecret: string;
}) {
  const { repos, accounts, proofSecret } = deps;
  const { partnerLinks: links, users } = repos;

  /**
   * The partner minted the link token, so it holds it too; only the browser that signed in gets this
   * proof, and consent (and the consent step of link-info) needs it: a partner cannot agree for a person.
   * A signed token (docs/security.md "Signed tokens") naming the link token and the signed-in person.
   */
  const proofFor = (tokenId: string, userId: number) =>
    signToken(proofSecret, CONSENT_PROOF_PURPOSE, { tokenId, userId });
  const provenUser = (principal: LinkPrincipal, proof: string | undefined): number | null => {
    if (principal.pendingUserId === null || proof === undefined) return null;
    const claims = openToken<{ tokenId?: unknown; userId?: unknown }>(
      proofSecret,
      CONSENT_PROOF_PURPOSE,
      proof,
    );
    return claims?.tokenId === principal.tokenId && claims.userId === principal.pendingUserId
      ? principal.pendingUserId
      : null;
  };

  /** A person may hold one live link per business: refuse a second reference clearly (54001). */
  async function checkNotLinkedElsewhere(principal: LinkPrincipal, user: UserRow): Promise<void> {
    const existing = await links.findLiveLinkByUser(principal.businessId, user.id);
    if (existing && existing.partner_ref !== principal.ref) throw alreadyLinkedOtherRef();
  }

  async function signedIn(principal: LinkPrincipal, user: UserRow, now: number): Promise<LinkInfo> {
    await checkNotLinkedElsewhere(principal, user);
    if (!(await links.setPendingUser(principal.tokenId, user.id, now))) throw tokenUsed();
    return {
      step: 'consent',
      businessName: principal.businessName,
      consentVersion: PARTNER_CONSENT_VERSION,
      email: maskEmail(user.email),
      proof: proofFor(principal.tokenId, user.id),
    };
  }

  return {
    /** The spec §6 headers of a link token → the principal, or why not (the caller answers 10007). */
    async resolveLinkToken(presented: PresentedSdkHeaders, now = Date.now()): Promise<LinkTokenCheck> {
      const early = headerRefusal(presented);
      if (early) return { ok: false, reason: early };
      const tokenId = sha256Hex(presented.token ?? '');
      const context = await links.findLinkTokenContext(tokenId);
      const refusal = linkTokenRefusal(context, presented, now);
      if (refusal || !context) return { ok: false, reason: refusal ?? 'unknown' };
      return {
        ok: true,
        principal: {
          tokenId,
          businessId: context.business_id,
          businessName: context.business_name,
          ref: context.partner_ref,
          pendingUserId: context.pending_user_id === null ? null : Number(context.pending_user_id),
        },
      };
    },

    /** GET link-info: the step the embedded flow shows (consent only to the browser that signed in). */
    async info(principal: LinkPrincipal, proof: string | undefined): Promise<LinkInfo> {
      const userId = provenUser(principal, proof);
      const user = userId === null ? undefined : await users.findById(userId);
      const base = { businessName: principal.businessName, consentVersion: PARTNER_CONSENT_VERSION };
      if (!user || user.disabled) return { step: 'sign_in', ...base };
      return { step: 'consent', ...base, email: maskEmail(user.email) };
    },

    /** POST link-sign-in: the portal's sign-in (same answers, limits and delays), then the consent step. */
    async signIn(principal: LinkPrincipal, input: LinkCredentialsRequest, address: string, now = Date.now()) {
      const user = await accounts.signIn({ ...input, address }, now);
      return signedIn(principal, user, now);
    },

    /** POST link-sign-up: the portal's sign-up (same password rules), then the consent step. */
    async signUp(principal: LinkPrincipal, input: LinkCredentialsRequest, address: string, now = Date.now()) {
      const user = await accounts.signUp({ ...input, address }, now);
      return signedIn(principal, user, now);
    },

    /**
     * POST link-consent. Decline: the token is spent, no link. Agree (to the version shown): in one
     * transaction the token is spent (compare-and-set: one winner), the link recorded with time and
     * version, the business's counter raised, and the same token id stored as an ordinary SDK token.
     */
    async consent(
      principal: LinkPrincipal,
      input: LinkConsentRequest,
      proof: string | undefined,
      now = Date.now(),
    ): Promise<LinkConsentResult> {
      if (input.decision === 'decline') {
        if (!(await links.endLinkToken(principal.tokenId, now))) throw tokenUsed();
        return { linked: false };
      }
      if (input.consentVersion !== PARTNER_CONSENT_VERSION)
        throw new AppError(
          'PARTNER_CONSENT_VERSION_OUTDATED',
          `the consent text is now version ${PARTNER_CONSENT_VERSION}`,
        );
      const userId = provenUser(principal, proof);
      if (userId === null) throw new AppError('PARTNER_LINK_SIGN_IN_REQUIRED', 'sign in before agreeing');
      try {
        await repos.transaction(async ({ partnerLinks: tx }) => {
          const token = await tx.findLinkTokenContext(principal.tokenId);
          if (!token || !(await tx.consumeLinkToken(principal.tokenId, userId, now))) throw tokenUsed();
          const byUser = await tx.findLiveLinkByUser(principal.businessId, userId);
          if (byUser && byUser.partner_ref !== principal.ref) throw alreadyLinkedOtherRef();
          const byRef = await tx.findLiveLinkByRef(principal.businessId, principal.ref);
          if (byRef && Number(byRef.user_id) !== userId) throw refTaken();
          if (!byUser)
            await tx.insertLink(
              {
                businessId: principal.businessId,
                ref: principal.ref,
                userId,
                consentVersion: PARTNER_CONSENT_VERSION,
              },
              now,
            );
          await tx.promoteLinkToken(token, userId);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw linkConflict(error);
        throw error;
      }
      return { linked: true };
    },

    /** GET /v3/private/kyc/partner-links: the person's live links. */
    async listForPerson(userId: number): Promise<PartnerLinksResult> {
      const rows = await links.listLiveLinksOfUser(userId);
      return {
        links: rows.map((row) => ({
          id: String(row.id),
          businessName: row.businessName,
          since: row.consentedAt,
          consentVersion: row.consentVersion,
        })),
      };
    },

    /**
     * POST /v3/private/kyc/partner-links/revoke: the link ends (revoked_by 'user'), the business's live
     * tokens for the person end and its counter drops, in one transaction; a new link needs new consent.
     */
    async revokeByPerson(userId: number, linkId: string, now = Date.now()): Promise<{ businessId: string }> {
      const businessId = await repos.transaction((tx) =>
        tx.partnerLinks.revokeLink(Number(linkId), userId, 'user', now),
      );
      if (businessId === null) throw new AppError('PARTNER_LINK_NOT_FOUND', 'no such live link');
      return { businessId };
    },
  };
}
export type LinkFlowUseCases = ReturnType<typeof linkFlowUseCases>;
