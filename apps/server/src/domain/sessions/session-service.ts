import type { Audience, SessionsRepo } from '../../data/repositories/sessions-repo.ts';
import type { SessionRow } from '../../data/schema/index.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';

export type { Audience };

export interface ResolvedSession {
  /** SHA-256 of the cookie token: the row key. */
  id: string;
  audience: Audience;
  subjectId: number;
  csrfToken: string;
}

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/**
 * A route's read made in the same statement as its session's lookup (D117: kyc-info is one round trip):
 * `read` answers the session's row of `audience` keyed `sessionId`, and what it read with it. The session
 * is then checked exactly as `resolve` checks it, and what was read with a session that is not live is
 * dropped unseen.
 */
export interface SessionJoin<T> {
  audience: Audience;
  read(sessionId: string, now: number): Promise<{ session: SessionRow | undefined; joined: T | undefined }>;
}

/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Server-side sessions (ASVS 3): an opaque random token in the cookie, only its hash stored; a new token
 * at every sign-in (no fixation); idle and absolute expiry; a per-session CSRF token.
 */
export function sessionService(repo: SessionsRepo, policy: SessionPolicy) {
  /** The session of a stored row when it is live (deleted when past its end; touched now and then). */
  async function live(
    id: string,
    audience: Audience,
    row: SessionRow | undefined,
    now: number,
  ): Promise<ResolvedSession | null> {
    if (!row) return null;
    if (row.expires_at <= now || row.last_seen_at + policy.idleMs <= now) {
      await repo.delete(id);
      return null;
    }
    if (now - row.last_seen_at >= TOUCH_INTERVAL_MS) await repo.touch(id, now);
    return { id, audience, subjectId: Number(row.subject_id), csrfToken: row.csrf_token };
  }

  return {
    async start(
      audience: Audience,
      subjectId: number,
      now = Date.now(),
    ): Promise<{ token: string; session: ResolvedSession }> {
      const token = randomToken(32);
      const session: ResolvedSession = {
        id: sha256Hex(token),
        audience,
        subjectId,
        csrfToken: randomToken(24),
      };
      await repo.insert({
        id: session.id,
        audience,
        subject_id: subjectId,
        csrf_token: session.csrfToken,
        created_at: now,
        last_seen_at: now,
        expires_at: now + policy.absoluteMs,
      });
      return { token, session };
    },

    /** The live session for a cookie token, or null (unknown, other audience, idle or past its end). */
    async resolve(
      audience: Audience,
      token: string | undefined,
      now = Date.now(),
    ): Promise<ResolvedSession | null> {
      if (!token || token.length > 128) return null;
      const id = sha256Hex(token);
      return live(id, audience, await repo.find(id, audience), now);
    },

    /** As `resolve` for the join's audience, with what the join read alongside (only for a live session). */
    async resolveJoined<T>(
      join: SessionJoin<T>,
      token: string | undefined,
      now = Date.now(),
    ): Promise<{ session: ResolvedSession | null; joined: T | undefined }> {
      if (!token || token.length > 128) return { session: null, joined: undefined };
      const id = sha256Hex(token);
      const { session: row, joined } = await join.read(id, now);
      const session = await live(id, join.audience, row?.audience === join.audience ? row : undefined, now);
      return { session, joined: session ? joined : undefined };
    },

    async end(sessionId: string): Promise<void> {
      await repo.delete(sessionId);
    },

    async sweep(now = Date.now()): Promise<number> {
      return repo.deleteExpired(now, policy.idleMs);
    },
  };
}
export type SessionService = ReturnType<typeof sessionService>;
