/**
 * The simulated Sumsub's memory: applicants (keyed by Sumsub's id and by the client's externalUserId),
 * WebSDK access tokens, and the webhooks a review sends. Payloads are shaped like the examples of
 * docs.sumsub.com/docs/user-verification-webhooks (applicantId, inspectionId, correlationId, levelName,
 * externalUserId, type, sandboxMode, reviewStatus, createdAtMs "yyyy-MM-dd HH:mm:ss.fff" UTC, clientId,
 * reviewResult), signed with X-Payload-Digest (HMAC_SHA256_HEX) under the webhook secret.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { SimulatorContext } from '../context.ts';

export interface SimReviewResult {
  reviewAnswer: 'GREEN' | 'RED';
  reviewRejectType?: 'RETRY' | 'FINAL';
  rejectLabels?: string[];
  moderationComment?: string;
  clientComment?: string;
}

/**
 * What Sumsub read from the applicant's identity document, as GET …/one answers it in `info.idDocs`
 * (docs.sumsub.com "Get applicant data": idDocType, country alpha-3, names, dob, number, validUntil).
 * What the person typed in the hosted page (document-reading.ts, D118), or what a test says (D112).
 */
export interface SimIdDoc {
  idDocType: string;
  country?: string;
  firstName?: string;
  lastName?: string;
  dob?: string;
  number?: string;
  validUntil?: string;
}

export interface SimApplicant {
  id: string;
  inspectionId: string;
  externalUserId: string;
  createdAt: string;
  levelName: string;
  attemptCnt: number;
  attemptId: string;
  reviewStatus: 'init' | 'pending' | 'completed' | 'onHold';
  createDate: string;
  reviewDate?: string;
  reviewResult?: SimReviewResult;
  idDocs?: SimIdDoc[];
}

/** Sumsub's date format of webhooks: "2020-02-21 13:23:19.321" (UTC). */
export const sumsubDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

const hexId = () => randomBytes(12).toString('hex');

export function sumsubState(context: SimulatorContext) {
  const applicants = new Map<string, SimApplicant>();
  const byExternal = new Map<string, string>();
  const tokens = new Map<string, { userId: string; levelName: string; expiresAt: number }>();
  let lastEventAt = 0;

  /** Strictly increasing event times, so that createdAtMs orders the events. */
  const eventTime = () => (lastEventAt = Math.max(context.now(), lastEventAt + 1));

  function create(externalUserId: string, levelName: string): SimApplicant {
    const at = context.now();
    const applicant: SimApplicant = {
      id: hexId(),
      inspectionId: hexId(),
      externalUserId,
      createdAt: sumsubDate(at).slice(0, 19),
      levelName,
      attemptCnt: 0,
      attemptId: randomBytes(3).toString('hex'),
      reviewStatus: 'init',
      createDate: `${sumsubDate(at).slice(0, 19)}+0000`,
    };
    applicants.set(applicant.id, applicant);
    byExternal.set(externalUserId, applicant.id);
    return applicant;
  }

  /** GET …/one's shape (the parts a client reads). */
  function view(a: SimApplicant) {
    return {
      id: a.id,
      createdAt: a.createdAt,
      clientId: 'kyc-simulator',
      inspectionId: a.inspectionId,
      externalUserId: a.externalUserId,
      info: a.idDocs ? { idDocs: a.idDocs } : {},
      review: {
        reviewId: a.attemptId,
        attemptId: a.attemptId,
        attemptCnt: a.attemptCnt,
        levelName: a.levelName,
        createDate: a.createDate,
        ...(a.reviewDate ? { reviewDate: a.reviewDate } : {}),
        reviewStatus: a.reviewStatus,
        ...(a.reviewResult ? { reviewResult: a.reviewResult } : {}),
        priority: 0,
      },
      type: 'individual',
    };
  }

  function send(a: SimApplicant, type: string, at: number, extra: Record<string, unknown> = {}) {
    const secret = context.options.sumsub?.webhookSecret ?? '';
    const body = JSON.stringify({
      applicantId: a.id,
      inspectionId: a.inspectionId,
      applicantType: 'individual',
      correlationId: `req-${randomUUID()}`,
      levelName: a.levelName,
      externalUserId: a.externalUserId,
      type,
      sandboxMode: true,
      reviewStatus: a.reviewStatus,
      createdAtMs: sumsubDate(at),
      clientId: 'kyc-simulator',
      ...extra,
    });
    context.sendWebhook('sumsub', '/webhooks/sumsub', body, {
      'x-payload-digest': createHmac('sha256', secret).update(body).digest('hex'),
      'x-payload-digest-alg': 'HMAC_SHA256_HEX',
    });
  }

  return {
    applicant: (id: string) => applicants.get(id),
    byExternalUserId: (externalUserId: string) => {
      const id = byExternal.get(externalUserId);
      return id === undefined ? undefined : applicants.get(id);
    },
    create,
    view,

    issueToken(userId: string, levelName: string, ttlInSecs: number): string {
      const token = `_act-sbx-${randomUUID()}`;
      tokens.set(token, { userId, levelName, expiresAt: context.now() + ttlInSecs * 1000 });
      return token;
    },
    tokenOf(token: string) {
      const found = tokens.get(token);
      return found && found.expiresAt > context.now() ? found : undefined;
    },

    moveToLevel(a: SimApplicant, levelName: string): void {
      a.levelName = levelName;
      a.reviewStatus = 'init';
      a.reviewResult = undefined;
      a.reviewDate = undefined;
      a.attemptCnt += 1;
      a.attemptId = randomBytes(3).toString('hex');
    },

    /** The person submitted in the WebSDK: applicantPending at once, then the review this demo chose. */
    submit(a: SimApplicant, result: SimReviewResult, idDoc?: SimIdDoc): void {
      if (idDoc) a.idDocs = [idDoc];
      a.reviewStatus = 'pending';
      a.reviewResult = undefined;
      a.reviewDate = undefined;
      send(a, 'applicantPending', eventTime());
      const reviewedAt = eventTime();
      a.reviewStatus = 'completed';
      a.reviewResult = result;
      a.reviewDate = sumsubDate(reviewedAt);
      send(a, 'applicantReviewed', reviewedAt, { reviewResult: result });
      // A new attempt begins after a RETRY: the next submission is reviewed afresh.
      if (result.reviewRejectType === 'RETRY') a.attemptCnt += 1;
    },
  };
}
export type SumsubState = ReturnType<typeof sumsubState>;
