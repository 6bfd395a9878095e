/**
 * Partners in the back office (admin only, `manage_partners`; docs/sdk.md "Signed partner calls"):
 * the list, a new partner, its origins and flags, and its signing secrets. Every change is one
 * transaction that starts with a compare-and-set on the partner's updated_at (so of two admins acting
 * on the same read exactly one wins, the other gets 54014), checks the rules, writes, and records its
 * audit entry with before and after. A secret is answered once, when it is made, and never written to
 * the audit log or the logs: only its fingerprint is.
 */
import type {
  PartnerCreateRequest,
  PartnerEntry,
  PartnerList,
  PartnerListQuery,
  PartnerPatch,
  PartnerSecretResult,
  PartnerVersionRequest,
  StaffMe,
} from '@kyc/contracts';
import { PARTNER_MAX_LIVE_SECRETS, partnerCreateRequest } from '@kyc/contracts';
import type { Repositories, TxRepositories } from '../../data/repositories/index.ts';
import type { StoredSecret } from '../../data/repositories/partner-secrets-repo.ts';
import type { PartnerRow } from '../../data/repositories/partners-repo.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import { newPartnerSecret, sealPartnerSecret, secretFingerprint } from '../partners/partner-secrets.ts';
import { isHttpsOrigin } from '../sdk/links.ts';
import { requirePermission } from './permissions.ts';

function entryOf(row: PartnerRow, secrets: readonly StoredSecret[]): PartnerEntry {
  return {
    ...row,
    secrets: secrets
      .filter((s) => s.businessId === row.id)
      .map((s) => ({ id: s.id, fingerprint: s.fingerprint, createdAt: s.createdAt })),
  };
}

/** What the audit log keeps of a partner: everything shown on the page except the secrets themselves. */
function auditView(entry: PartnerEntry) {
  return {
    name: entry.name,
    allowedOrigins: entry.allowedOrigins,
    firstParty: entry.firstParty,
    active: entry.active,
    secrets: entry.secrets.map((s) => s.fingerprint),
  };
}

/** 54015 unless every origin is an https origin in its canonical form, each listed once. */
function checkedOrigins(origins: readonly string[]): string[] {
  const bad = origins.find((o) => !isHttpsOrigin(o));
  if (bad !== undefined)
    throw new AppError(
      'PARTNER_ORIGIN_INVALID',
      `allowedOrigins: ${JSON.stringify(bad)} is not an https origin`,
    );
  if (new Set(origins).size !== origins.length)
    throw new AppError('PARTNER_ORIGIN_INVALID', 'allowedOrigins: an origin is listed twice');
  return [...origins];
}

const conflict = (id: string) =>
  new AppError('PARTNER_EDIT_CONFLICT', `partner ${id} was changed since it was read; reload and edit again`);

export function partnersAdminUseCases({ repos, keyring }: { repos: Repositories; keyring: MasterKeyring }) {
  /** Inside a transaction: the partner bumped from `updatedAt` (54013 unknown, 54014 changed meanwhile). */
  async function claim(tx: TxRepositories, id: string, updatedAt: number, now: number) {
    const before = await tx.partners.find(id);
    if (!before) throw new AppError('PARTNER_UNKNOWN', `no partner ${id}`);
    const secretsBefore = await tx.partnerSecrets.liveSecrets(id);
    return { before, secretsBefore, claimed: await tx.partners.update(id, updatedAt, {}, now) };
  }

  async function entry(tx: TxRepositories, id: string): Promise<PartnerEntry> {
    const row = await tx.partners.find(id);
    if (!row) throw new AppError('PARTNER_UNKNOWN', `no partner ${id}`);
    return entryOf(row, await tx.partnerSecrets.liveSecrets(id));
  }

  async function addSecret(
    tx: TxRepositories,
    id: string,
    now: number,
  ): Promise<{ secret: string; fingerprint: string }> {
    const secret = newPartnerSecret();
    const fingerprint = secretFingerprint(secret);
    await tx.partnerSecrets.insertSecret(
      { businessId: id, sealed: sealPartnerSecret(keyring, id, secret), fingerprint },
      now,
    );
    return { secret, fingerprint };
  }

  return {
    async list(staff: StaffMe, query: PartnerListQuery): Promise<PartnerList> {
      requirePermission(staff, 'manage_partners');
      const rows = await repos.partners.page(query.cursor, query.limit);
      const page = rows.slice(0, query.limit);
      const secrets = await repos.partnerSecrets.liveSecretsOf(page.map((r) => r.id));
      return {
        items: page.map((row) => entryOf(row, secrets)),
        nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    /** A new, active partner with its first secret (answered once). 54017 when the id is taken. */
    async create(
      staff: StaffMe,
      input: PartnerCreateRequest,
      now = Date.now(),
    ): Promise<PartnerSecretResult> {
      requirePermission(staff, 'manage_partners');
      const request = partnerCreateRequest.parse(input);
      const allowedOrigins = checkedOrigins(request.allowedOrigins);
      return repos.transaction(async (tx) => {
        // The API key scheme is retired: the column is filled with the hash of a key nobody holds.
        const inserted = await tx.partners.insert(
          { ...request, allowedOrigins, retiredKeyHash: sha256Hex(randomToken(32)) },
          now,
        );
        if (!inserted) throw new AppError('PARTNER_ID_TAKEN', `a partner ${request.id} already exists`);
        const made = await addSecret(tx, request.id, now);
        const partner = await entry(tx, request.id);
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'partners.create',
            caseRef: `partner:${partner.id}`,
            details: { id: partner.id, to: auditView(partner) },
          },
          now,
        );
        return { partner, ...made };
      });
    },

    /** Origins, first-party and active flags, on the updatedAt read. */
    async update(staff: StaffMe, id: string, patch: PartnerPatch, now = Date.now()): Promise<PartnerEntry> {
      requirePermission(staff, 'manage_partners');
      const change = {
        ...(patch.allowedOrigins === undefined
          ? {}
          : { allowedOrigins: checkedOrigins(patch.allowedOrigins) }),
        ...(patch.firstParty === undefined ? {} : { firstParty: patch.firstParty }),
        ...(patch.active === undefined ? {} : { active: patch.active }),
      };
      return repos.transaction(async (tx) => {
        const before = await entry(tx, id);
        const changed = await tx.partners.update(id, patch.updatedAt, change, now);
        if (!changed) throw conflict(id);
        const after = entryOf(changed, await tx.partnerSecrets.liveSecrets(id));
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'partners.update',
            caseRef: `partner:${id}`,
            details: { id, from: auditView(before), to: auditView(after) },
          },
          now,
        );
        return after;
      });
    },

    /** A new live secret (answered once); the old one stays live until revoked. 54019 when two are live. */
    async rotate(
      staff: StaffMe,
      id: string,
      request: PartnerVersionRequest,
      now = Date.now(),
    ): Promise<PartnerSecretResult> {
      requirePermission(staff, 'manage_partners');
      return repos.transaction(async (tx) => {
        const { before, secretsBefore, claimed } = await claim(tx, id, request.updatedAt, now);
        if (!claimed) throw conflict(id);
        if (secretsBefore.length >= PARTNER_MAX_LIVE_SECRETS)
          throw new AppError('PARTNER_TOO_MANY_SECRETS', `partner ${id} already has two live secrets`);
        const made = await addSecret(tx, id, now);
        const partner = await entry(tx, id);
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'partners.secret_rotated',
            caseRef: `partner:${id}`,
            details: {
              id,
              fingerprint: made.fingerprint,
              from: auditView(entryOf(before, secretsBefore)),
              to: auditView(partner),
            },
          },
          now,
        );
        return { partner, ...made };
      });
    },

    /** Ends one live secret. Never the last one of an active partner (54016): it would lock it out. */
    async revoke(
      staff: StaffMe,
      id: string,
      secretId: number,
      request: PartnerVersionRequest,
      now = Date.now(),
    ): Promise<PartnerEntry> {
      requirePermission(staff, 'manage_partners');
      return repos.transaction(async (tx) => {
        const { before, secretsBefore, claimed } = await claim(tx, id, request.updatedAt, now);
        if (!claimed) throw conflict(id);
        const target = secretsBefore.find((s) => s.id === secretId);
        if (!target)
          throw new AppError('PARTNER_SECRET_UNKNOWN', `partner ${id} has no live secret ${secretId}`);
        if (secretsBefore.length === 1 && before.active)
          throw new AppError(
            'PARTNER_LAST_SECRET',
            `secret ${target.fingerprint} is the last live one of ${id}`,
          );
        await tx.partnerSecrets.revokeSecret(id, secretId, now);
        const partner = await entry(tx, id);
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'partners.secret_revoked',
            caseRef: `partner:${id}`,
            details: {
              id,
              fingerprint: target.fingerprint,
              from: auditView(entryOf(before, secretsBefore)),
              to: auditView(partner),
            },
          },
          now,
        );
        return partner;
      });
    },
  };
}
export type PartnersAdminUseCases = ReturnType<typeof partnersAdminUseCases>;
