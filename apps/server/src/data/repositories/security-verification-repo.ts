import type { Db } from '../db.ts';
import type { DevMailRow, RiskTokenRow, SignInCodeRow, VerificationChallengeRow } from '../schema/index.ts';

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function challengeOf(row: VerificationChallengeRow): VerificationChallengeRow {
  return {
    ...row,
    user_id: num(row.user_id),
    created_at: num(row.created_at),
    last_sent_at: num(row.last_sent_at),
    expires_at: num(row.expires_at),
  };
}

export interface NewChallenge {
  id: string;
  userId: number;
  sessionId: string;
  scene: number;
  codeHash: string;
  at: number;
  expiresAt: number;
}

export interface NewSignInCode {
  id: string;
  emailKey: string;
  guid: string;
  codeHash: string;
  at: number;
  expiresAt: number;
}

function signInCodeOf(row: SignInCodeRow): SignInCodeRow {
  return {
    ...row,
    attempts: num(row.attempts),
    sends: num(row.sends),
    created_at: num(row.created_at),
    last_sent_at: num(row.last_sent_at),
    expires_at: num(row.expires_at),
  };
}

export interface NewRiskToken {
  tokenHash: string;
  userId: number;
  sessionId: string;
  scene: number;
  component: string;
  at: number;
  expiresAt: number;
}

/** The two tables of emailed codes (step-up challenges, sign-in codes): the same columns for a code's moves. */
type CodeTable = 'verification_challenges' | 'sign_in_codes';

/**
 * The compare-and-set moves of an emailed code, one implementation for both tables: a status change
 * from open, a wrong code counted over the count read, a resend over the sends read. Each answers
 * whether it won.
 */
function codeMoves(db: Db, table: CodeTable) {
  return {
    async casStatus(id: string, to: 'passed' | 'failed' | 'replaced'): Promise<boolean> {
      const result = await db
        .updateTable(table)
        .set({ status: to })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async countMiss(id: string, seen: number): Promise<boolean> {
      const result = await db
        .updateTable(table)
        .set({ attempts: seen + 1 })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .where('attempts', '=', seen)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async resend(id: string, sends: number, codeHash: string, at: number, expiresAt: number) {
      const result = await db
        .updateTable(table)
        .set({ code_hash: codeHash, sends: sends + 1, last_sent_at: at, expires_at: expiresAt, attempts: 0 })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .where('sends', '=', sends)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

/**
 * Migration 022's tables (docs/security-verification.md): the only SQL on them. Every change of a
 * challenge, a TOTP step or a risk token is a compare-and-set: the UPDATE names the state it starts from
 * and the caller reads the affected row count, so of two concurrent requests exactly one wins.
 */
export function securityVerificationRepo(db: Db) {
  const challenges = codeMoves(db, 'verification_challenges');
  const signInCodes = codeMoves(db, 'sign_in_codes');
  return {
    // ── authenticator app ────────────────────────────────────────────────────────────────────────────
    async totpOf(userId: number) {
      const row = await db
        .selectFrom('user_totp')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row
        ? {
            secretEnc: row.secret_enc,
            enabledAt: numOrNull(row.enabled_at),
            lastStep: numOrNull(row.last_step),
          }
        : undefined;
    },

    /** A new, not yet confirmed secret (replaces an unconfirmed one; never an enabled one). */
    async putPendingTotp(userId: number, secretEnc: string, at: number): Promise<boolean> {
      const updated = await db
        .updateTable('user_totp')
        .set({ secret_enc: secretEnc, created_at: at, last_step: null })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return true;
      const inserted = await db
        .insertInto('user_totp')
        .values({ user_id: userId, secret_enc: secretEnc, created_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Accepts TOTP step `step` once: only when it is later than the last accepted one (replay rule). */
    async casTotpStep(userId: number, step: number, enableAt?: number): Promise<boolean> {
      let query = db
        .updateTable('user_totp')
        .set({ last_step: step, ...(enableAt !== undefined ? { enabled_at: enableAt } : {}) })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]));
      query =
        enableAt !== undefined
          ? query.where('enabled_at', 'is', null)
          : query.where('enabled_at', 'is not', null);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteTotp(userId: number): Promise<void> {
      await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
    },

    // ── email codes ─────────────────────────────────────────────────────────────────────────────────
    async insertChallenge(c: NewChallenge): Promise<void> {
      await db
        .insertInto('verification_challenges')
        .values({
          id: c.id,
          user_id: c.userId,
          session_id: c.sessionId,
          scene: c.scene,
          code_hash: c.codeHash,
          created_at: c.at,
          last_sent_at: c.at,
          expires_at: c.expiresAt,
        })
        .execute();
    },

    async findChallenge(id: string): Promise<VerificationChallengeRow | undefined> {
      const row = await db
        .selectFrom('verification_challenges')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && challengeOf(row);
    },

    /** The newest challenge of a person's scene in a session, whatever its status. */
    async latestChallengeOf(userId: number, sessionId: string, scene: number) {
      const row = await db
        .selectFrom('verification_challenges')
        .selectAll()
        .where('user_id', '=', userId)
        .where('session_id', '=', sessionId)
        .where('scene', '=', scene)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && challengeOf(row);
    },

    /** Mails sent to a person since `since` (all scenes, all sessions): the hourly resend limit. */
    async sendsSince(userId: number, since: number): Promise<number> {
      const row = await db
        .selectFrom('verification_challenges')
        .select((eb) => eb.fn.sum<number | string | null>('sends').as('n'))
        .where('user_id', '=', userId)
        .where('last_sent_at', '>=', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Open → another status; false when the challenge was no longer open. */
    casChallengeStatus: challenges.casStatus,

    /** One wrong code counted over the count read; false when it moved meanwhile or is no longer open. */
    countWrongCode: challenges.countMiss,

    /** A resend: a new code on the same open challenge, its clock restarted, `sends` counted. */
    resendChallenge: challenges.resend,

    // ── risk tokens ─────────────────────────────────────────────────────────────────────────────────
    async insertRiskToken(t: NewRiskToken): Promise<void> {
      await db
        .insertInto('risk_tokens')
        .values({
          token_hash: t.tokenHash,
          user_id: t.userId,
          session_id: t.sessionId,
          scene: t.scene,
          component: t.component,
          created_at: t.at,
          expires_at: t.expiresAt,
        })
        .execute();
    },

    async findRiskToken(tokenHash: string): Promise<RiskTokenRow | undefined> {
      const row = await db
        .selectFrom('risk_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return (
        row && {
          ...row,
          user_id: num(row.user_id),
          created_at: num(row.created_at),
          expires_at: num(row.expires_at),
          used_at: numOrNull(row.used_at),
        }
      );
    },

    /** Single use: unused and unexpired → used at `at`. Of two concurrent consumptions one wins. */
    async consumeRiskToken(tokenHash: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('risk_tokens')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The sweep: tokens and challenges a day past their end. */
    async deleteExpired(before: number): Promise<number> {
      const tokens = await db.deleteFrom('risk_tokens').where('expires_at', '<', before).executeTakeFirst();
      const challenges = await db
        .deleteFrom('verification_challenges')
        .where('expires_at', '<', before)
        .executeTakeFirst();
      const signInCodes = await db
        .deleteFrom('sign_in_codes')
        .where('expires_at', '<', before)
        .executeTakeFirst();
      const devices = await db
        .deleteFrom('device_sign_in_failures')
        .where('last_at', '<', before)
        .executeTakeFirst();
      return (
        Number(tokens.numDeletedRows) +
        Number(challenges.numDeletedRows) +
        Number(signInCodes.numDeletedRows) +
        Number(devices.numDeletedRows)
      );
    },

    // ── devices ─────────────────────────────────────────────────────────────────────────────────────
    async deviceFailures(guid: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('device_sign_in_failures')
        .select(['failures', 'first_at'])
        .where('guid', '=', guid)
        .executeTakeFirst();
      return row && Number(row.first_at) >= since ? Number(row.failures) : 0;
    },

    /** One failed sign-in from a device; a window older than `since` starts again at 1. */
    async countDeviceFailure(guid: string, at: number, since: number): Promise<void> {
      await db
        .insertInto('device_sign_in_failures')
        .values({ guid, failures: 1, first_at: at, last_at: at })
        .onConflict((oc) =>
          oc.column('guid').doUpdateSet((eb) => ({
            failures: eb
              .case()
              .when('device_sign_in_failures.first_at', '<', since)
              .then(1)
              .else(eb('device_sign_in_failures.failures', '+', 1))
              .end(),
            first_at: eb
              .case()
              .when('device_sign_in_failures.first_at', '<', since)
              .then(at)
              .else(eb.ref('device_sign_in_failures.first_at'))
              .end(),
            last_at: at,
          })),
        )
        .execute();
    },

    async clearDevice(guid: string): Promise<void> {
      await db.deleteFrom('device_sign_in_failures').where('guid', '=', guid).execute();
    },

    // ── email codes before sign-in (D80) ────────────────────────────────────────────────────────────
    async insertSignInCode(c: NewSignInCode): Promise<void> {
      await db
        .insertInto('sign_in_codes')
        .values({
          id: c.id,
          email_key: c.emailKey,
          guid: c.guid,
          code_hash: c.codeHash,
          created_at: c.at,
          last_sent_at: c.at,
          expires_at: c.expiresAt,
        })
        .execute();
    },

    /** The newest code asked for an email on a device, whatever its status. */
    async latestSignInCode(emailKey: string, guid: string): Promise<SignInCodeRow | undefined> {
      const row = await db
        .selectFrom('sign_in_codes')
        .selectAll()
        .where('email_key', '=', emailKey)
        .where('guid', '=', guid)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && signInCodeOf(row);
    },

    /** Mails counted since `since` for an email (any device) or for a device (any email). */
    async signInCodeSendsSince(by: 'email_key' | 'guid', value: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('sign_in_codes')
        .select((eb) => eb.fn.sum<number | string | null>('sends').as('n'))
        .where(by, '=', value)
        .where('last_sent_at', '>=', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    casSignInCodeStatus: signInCodes.casStatus,

    /** One miss counted on an open code by a compare-and-set on the count read. */
    countSignInCodeMiss: signInCodes.countMiss,

    resendSignInCode: signInCodes.resend,

    // ── development mailbox ─────────────────────────────────────────────────────────────────────────
    async keepMail(mail: { to: string; subject: string; text: string; html: string }, at: number) {
      await db
        .insertInto('dev_mailbox')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          created_at: at,
        })
        .execute();
    },

    async newestMail(limit: number, to?: string): Promise<DevMailRow[]> {
      let query = db.selectFrom('dev_mailbox').selectAll();
      if (to) query = query.where('to_address', '=', to);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({ ...row, id: num(row.id), created_at: num(row.created_at) }));
    },
  };
}
export type SecurityVerificationRepo = ReturnType<typeof securityVerificationRepo>;
