import type { KycProvider } from '@kyc/contracts';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db.ts';
import { bytesOfHex, fromJson, jsonRows } from '../json-rows.ts';
import type { KycSubmissionRow, QuickKycOfferRow, Tables, VendorSessionRow } from '../schema/index.ts';

export interface VendorIdTypeRow {
  idType: string;
  country: string;
  enabled: boolean;
}

export interface NewVendorSession {
  id: string;
  userId: number;
  level: number;
  idType: string;
  country: string;
  provider: string;
  createdAt: number;
  expiresAt: number;
}

export interface ProviderRoute {
  country: string;
  provider: KycProvider;
  percentage: number;
}

/** An approved identity submission, as applicant.identifies lists it. */
export type IdentitySubmission = Pick<
  KycSubmissionRow,
  | 'id'
  | 'kind'
  | 'document_type'
  | 'issuing_country'
  | 'idempotency_key'
  | 'details_enc'
  | 'created_at'
  | 'decided_at'
>;

/** The verified identities on file, as kyc-info's applicant.identifies is made of them. */
export interface IdentityRows {
  /** APPROVED level-1 identity submissions (documents and vendor checks), by decision time then id. */
  submissions: IdentitySubmission[];
  /** submission id → the sides of its documents, oldest first. */
  sides: Map<number, string[]>;
  /** Consumed quick-KYC offers, by consumption time. */
  consumedOffers: Pick<QuickKycOfferRow, 'document_type' | 'country' | 'verified_at'>[];
}

/** kyc-info's rows of these paths of one person, read with the rest of kyc-info in one statement (D117). */
export interface KycInfoPathRows {
  /** The newest live quick-KYC offer (as `liveQuickKycOffer`) and whether its country is open to verification. */
  liveOffer: { createdAt: number; countryOpen: boolean } | undefined;
  /** announcement id → when the person acknowledged it. */
  acknowledged: Map<string, number>;
  identities: IdentityRows;
}

/** The submission kinds whose approval verified an identity (level 1). */
const IDENTITY_KINDS = ['level', 'reverification', 'update_id', 'vendor'] as const;

const OFFER_COLUMNS = ['created_at', 'kyc_disabled'] as const;
const ACK_COLUMNS = ['announcement_id', 'acknowledged_at'] as const;
const SUBMISSION_COLUMNS = [
  'id',
  'kind',
  'document_type',
  'issuing_country',
  'idempotency_key',
  'details_hex',
  'created_at',
  'decided_at',
] as const;
const SIDE_COLUMNS = ['submission_id', 'side', 'created_at'] as const;
const CONSUMED_COLUMNS = ['document_type', 'country', 'verified_at', 'consumed_at'] as const;

/**
 * kyc-info's columns of these paths, correlated with the outer `users` row: the live quick-KYC offer with
 * its country's state, the acknowledged announcements, the approved identity submissions, their
 * documents' sides and the consumed offers, one JSON value per part (D115). kyc-info runs them with the
 * person's and the questionnaires' in one statement (kyc-info-repo.ts). Its constants are literals
 * (compiled-once.ts: a bound status or LIMIT makes SQLite prepare the statement again on every run).
 */
export function kycInfoPathSelections(db: Db, eb: ExpressionBuilder<Tables, 'users'>, at: number) {
  const json = jsonRows(db);
  /** The user's APPROVED level-1 identity submissions (documents and vendor checks). */
  const approvedIdentities = () =>
    eb
      .selectFrom('kyc_submissions')
      .whereRef('user_id', '=', 'users.id')
      .where('status', '=', sql.lit('APPROVED'))
      .where('level', '=', sql.lit(1))
      .where(
        'kind',
        'in',
        IDENTITY_KINDS.map((kind) => sql.lit(kind)),
      );
  return [
    json
      .object(
        eb
          .selectFrom('quick_kyc_offers as o')
          // No country row: the offer's country is not open (as findCountry's undefined was).
          .leftJoin('countries as c', 'c.code', 'o.country')
          .select(['o.created_at', 'c.kyc_disabled'])
          .whereRef('o.user_id', '=', 'users.id')
          .where('o.consumed_at', 'is', null)
          .where('o.expires_at', '>', at)
          .orderBy('o.verified_at', 'desc')
          .orderBy('o.id', 'desc')
          .limit(sql.lit(1)),
        OFFER_COLUMNS,
      )
      .as('live_offer'),
    json
      .array(
        eb.selectFrom('kyc_announcement_acks').select(ACK_COLUMNS).whereRef('user_id', '=', 'users.id'),
        ACK_COLUMNS,
        [['announcement_id', 'asc']],
      )
      .as('acks'),
    json
      .array(
        approvedIdentities().select([
          'id',
          'kind',
          'document_type',
          'issuing_country',
          'idempotency_key',
          json.hex('details_enc').as('details_hex'),
          'created_at',
          'decided_at',
        ]),
        SUBMISSION_COLUMNS,
        [
          ['decided_at', 'asc'],
          ['id', 'asc'],
        ],
      )
      .as('submissions'),
    json
      .array(
        eb
          .selectFrom('kyc_documents')
          .select(SIDE_COLUMNS)
          .whereRef('user_id', '=', 'users.id')
          .where('submission_id', 'in', approvedIdentities().select('id')),
        SIDE_COLUMNS,
        [['created_at', 'asc']],
      )
      .as('sides'),
    json
      .array(
        eb
          .selectFrom('quick_kyc_offers')
          .select(CONSUMED_COLUMNS)
          .whereRef('user_id', '=', 'users.id')
          .where('consumed_at', 'is not', null),
        CONSUMED_COLUMNS,
        [['consumed_at', 'asc']],
      )
      .as('consumed'),
  ] as const;
}

/** What `kycInfoPathSelections` answers, as the driver gives it. */
export interface KycInfoPathColumns {
  live_offer: unknown;
  acks: unknown;
  submissions: unknown;
  sides: unknown;
  consumed: unknown;
}

/** The rows of a row of `kycInfoPathSelections`. */
export function kycInfoPathRowsOf(row: KycInfoPathColumns): KycInfoPathRows {
  const live = fromJson<{ created_at: number; kyc_disabled: number | null } | null>(row.live_offer);
  const acknowledged = fromJson<{ announcement_id: string; acknowledged_at: number }[]>(row.acks);
  return {
    liveOffer: live
      ? { createdAt: Number(live.created_at), countryOpen: live.kyc_disabled === 0 }
      : undefined,
    acknowledged: new Map(acknowledged.map((r) => [r.announcement_id, Number(r.acknowledged_at)])),
    identities: identityRowsOf(row),
  };
}

/** The identity part of `kycInfoPathSelections`' answer, its JSON values parsed (blobs from hex). */
function identityRowsOf(row: KycInfoPathColumns): IdentityRows {
  type Submission = Omit<IdentitySubmission, 'details_enc'> & { details_hex: string | null };
  const submissions = fromJson<Submission[]>(row.submissions).map(({ details_hex, ...r }) => ({
    ...r,
    details_enc: bytesOfHex(details_hex),
  }));
  const sides = new Map<number, string[]>();
  for (const r of fromJson<{ submission_id: number; side: string }[]>(row.sides))
    sides.set(r.submission_id, [...(sides.get(r.submission_id) ?? []), r.side]);
  type Offer = IdentityRows['consumedOffers'][number];
  const consumedOffers = fromJson<Offer[]>(row.consumed).map((r) => ({
    document_type: r.document_type,
    country: r.country,
    verified_at: r.verified_at,
  }));
  return { submissions, sides, consumedOffers };
}

/**
 * Migration 007's tables (docs/kyc.md "Vendor (non-document) verification", "Quick KYC", "Routing and
 * the verification flow", "Announcements") and the approved identities kyc-info lists: their only SQL.
 */
export function verificationPathsRepo(db: Db) {
  const repo = {
    async vendorIdTypes(): Promise<VendorIdTypeRow[]> {
      const rows = await db
        .selectFrom('vendor_id_types')
        .selectAll()
        .orderBy('country')
        .orderBy('id_type')
        .execute();
      return rows.map((r) => ({ idType: r.id_type, country: r.country, enabled: r.enabled === 1 }));
    },

    async insertVendorSession(s: NewVendorSession): Promise<void> {
      await db
        .insertInto('vendor_sessions')
        .values({
          id: s.id,
          user_id: s.userId,
          level: s.level,
          id_type: s.idType,
          country: s.country,
          provider: s.provider,
          created_at: s.createdAt,
          expires_at: s.expiresAt,
          used_at: null,
        })
        .execute();
    },

    /** The session with this token hash, only if it is this user's (another user's is not found). */
    async findVendorSession(userId: number, id: string): Promise<VendorSessionRow | undefined> {
      return db
        .selectFrom('vendor_sessions')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Marks a live session used (compare-and-set): false when it was used or expired meanwhile. */
    async useVendorSession(id: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('vendor_sessions')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async countVendorSessionsSince(userId: number, since: number): Promise<number> {
      const row = await db
        .selectFrom('vendor_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Deletes sessions that ended more than a day ago (the submission keeps what was checked). */
    async sweepVendorSessions(before: number): Promise<number> {
      const result = await db
        .deleteFrom('vendor_sessions')
        .where('expires_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The user's newest offer that is neither consumed nor expired at `at`. */
    async liveQuickKycOffer(userId: number, at: number): Promise<QuickKycOfferRow | undefined> {
      return db
        .selectFrom('quick_kyc_offers')
        .selectAll()
        .where('user_id', '=', userId)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', at)
        .orderBy('verified_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Consumes a live offer (compare-and-set): false when it was consumed or expired meanwhile. */
    async consumeQuickKycOffer(id: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('quick_kyc_offers')
        .set({ consumed_at: at })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insertQuickKycOffer(offer: Omit<QuickKycOfferRow, 'id' | 'consumed_at'>): Promise<number> {
      const row = await db
        .insertInto('quick_kyc_offers')
        .values({ ...offer, consumed_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async hasQuickKycOffer(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('quick_kyc_offers')
        .select('id')
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The route of a country, else the '*' route, else none. */
    async providerRoute(country: string): Promise<ProviderRoute | undefined> {
      const rows = await db
        .selectFrom('provider_routes')
        .select(['country', 'provider', 'percentage'])
        .where('country', 'in', country ? [country, '*'] : ['*'])
        .execute();
      return rows.find((r) => r.country === country) ?? rows.find((r) => r.country === '*');
    },

    async setProviderRoute(route: ProviderRoute, at: number): Promise<void> {
      const values = { provider: route.provider, percentage: route.percentage, updated_at: at };
      await db
        .insertInto('provider_routes')
        .values({ ...values, country: route.country })
        .onConflict((oc) => oc.column('country').doUpdateSet(values))
        .execute();
    },

    async acknowledge(userId: number, announcementId: string, at: number): Promise<void> {
      await db
        .insertInto('kyc_announcement_acks')
        .values({ user_id: userId, announcement_id: announcementId, acknowledged_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'announcement_id']).doUpdateSet({ acknowledged_at: at }))
        .execute();
    },
  };
  return repo;
}
export type VerificationPathsRepo = ReturnType<typeof verificationPathsRepo>;
