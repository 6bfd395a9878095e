/**
 * kyc-info's reads in one statement (issue 14, D117). kyc-info is the portal's busiest call, and on
 * PostgreSQL each statement costs the server a socket write, a read and pg's parse of the answer, which
 * was most of the request's CPU (after D115 four statements: the session, the person, the questionnaires,
 * the verification paths). Here the three repositories' parts run as the columns of one row, each part
 * correlated with the person's `users` row: `personSelections` (kyc-repo), the questionnaires' and the
 * paths' (their repositories own their SQL and parse their columns). `bySession` reads the session's row
 * in the same statement, so a signed-in kyc-info is one round trip; the session is still checked (live,
 * idle, audience, CSRF) by the session service on every request, never kept between them.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db.ts';
import { compiledOnce } from '../compiled-once.ts';
import type { SessionRow, Tables } from '../schema/index.ts';
import {
  personOf,
  personSelections,
  type KycPerson,
  type PersonalDataCipher,
  type PersonColumns,
} from './kyc-repo.ts';
import {
  kycInfoQuestionnaireRowsOf,
  kycInfoQuestionnaireSelections,
  type KycInfoQuestionnaireColumns,
  type KycInfoQuestionnaireRows,
} from './questionnaires-repo.ts';
import {
  kycInfoPathRowsOf,
  kycInfoPathSelections,
  type KycInfoPathColumns,
  type KycInfoPathRows,
} from './verification-paths-repo.ts';

/** Everything kyc-info reads of one person (reference data aside, which is in memory: D98). */
export interface KycInfoReads {
  person: KycPerson;
  questionnaires: KycInfoQuestionnaireRows;
  paths: KycInfoPathRows;
}

type Columns = PersonColumns & KycInfoQuestionnaireColumns & KycInfoPathColumns;

/** The session's columns, named apart from the person's (`users.id` is `id`). */
interface SessionColumns {
  session_id: string | null;
  session_audience: string;
  session_subject_id: number;
  session_csrf_token: string;
  session_created_at: number;
  session_last_seen_at: number;
  session_expires_at: number;
}

/** Every part's columns, correlated with the outer `users` row. */
const partsOf = (db: Db, eb: ExpressionBuilder<Tables, 'users'>, at: number) => [
  ...personSelections(db, eb),
  ...kycInfoQuestionnaireSelections(db, eb),
  ...kycInfoPathSelections(db, eb, at),
];

const byUserStatement = compiledOnce(['userId', 'at'], (db: Db, p: { userId: number; at: number }) =>
  db
    .selectFrom('users')
    .select((eb) => partsOf(db, eb, p.at))
    .where('users.id', '=', p.userId),
);

/**
 * The user audience's session of `sessionId` and its person. A left join: a session whose user row is
 * gone is still the session's row (the session service decides about it), with no person.
 */
const bySessionStatement = compiledOnce(['sessionId', 'at'], (db: Db, p: { sessionId: string; at: number }) =>
  db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.subject_id')
    .select([
      'sessions.id as session_id',
      'sessions.audience as session_audience',
      'sessions.subject_id as session_subject_id',
      'sessions.csrf_token as session_csrf_token',
      'sessions.created_at as session_created_at',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.expires_at as session_expires_at',
    ])
    // The parts only name `users` (left-joined here: its columns may be null, which they handle).
    .select((eb) => partsOf(db, eb as unknown as ExpressionBuilder<Tables, 'users'>, p.at))
    .where('sessions.id', '=', p.sessionId)
    .where('sessions.audience', '=', sql.lit('user')),
);

export function kycInfoRepo(db: Db, personal?: PersonalDataCipher) {
  async function readsOf(row: Columns): Promise<KycInfoReads | undefined> {
    const person = await personOf(db, row, personal);
    if (!person) return undefined;
    return {
      person,
      questionnaires: kycInfoQuestionnaireRowsOf(row),
      paths: kycInfoPathRowsOf(row),
    };
  }

  return {
    /** kyc-info's reads of a user (SDK mode, or a call without a joined session read); undefined: no user. */
    async byUser(userId: number, at: number): Promise<KycInfoReads | undefined> {
      const [row] = await byUserStatement(db, { userId, at });
      return row ? readsOf(row as unknown as Columns) : undefined;
    },

    /**
     * The user session keyed `sessionId` (the cookie token's hash) and kyc-info's reads of its subject, in
     * one statement; `session` undefined when there is no such user session, `reads` when its user is gone.
     */
    async bySession(
      sessionId: string,
      at: number,
    ): Promise<{ session: SessionRow | undefined; reads: KycInfoReads | undefined }> {
      const [found] = await bySessionStatement(db, { sessionId, at });
      if (!found) return { session: undefined, reads: undefined };
      const row = found as unknown as Columns & SessionColumns;
      return {
        session: {
          id: String(row.session_id),
          audience: row.session_audience,
          subject_id: Number(row.session_subject_id),
          csrf_token: row.session_csrf_token,
          created_at: Number(row.session_created_at),
          last_seen_at: Number(row.session_last_seen_at),
          expires_at: Number(row.session_expires_at),
        },
        reads: await readsOf(row),
      };
    },
  };
}
export type KycInfoRepo = ReturnType<typeof kycInfoRepo>;
