/**
 * What a Sumsub review means for a person's level: one mapping for the webhooks (type + reviewResult)
 * and for an applicant read back from Sumsub (review.reviewStatus + reviewResult), so that a result
 * found by reconciliation is the one a webhook would have carried. Also the parsing of Sumsub's dates,
 * which come as "2020-02-21 13:23:19.321" (UTC, createdAtMs) or "2024-09-10 15:21:17+0000".
 */
import type { VendorOutcome } from '../provider.ts';
import { mapRejectLabels } from './reject-labels.ts';

export interface SumsubReviewResult {
  reviewAnswer?: string;
  reviewRejectType?: string;
  rejectLabels?: string[];
  moderationComment?: string;
  clientComment?: string;
}

/** The outcome of a completed review (GREEN, RED+RETRY, RED+FINAL); 'none' for anything else. */
export function outcomeOfReview(result: SumsubReviewResult | undefined): VendorOutcome {
  if (!result) return { kind: 'none' };
  if (result.reviewAnswer === 'GREEN') return { kind: 'approved' };
  if (result.reviewAnswer !== 'RED') return { kind: 'none' };
  const labels = Array.isArray(result.rejectLabels)
    ? result.rejectLabels.filter((l) => typeof l === 'string')
    : [];
  const reasons = mapRejectLabels(labels);
  const userMessage = (result.moderationComment ?? '').trim();
  const note = (result.clientComment ?? '').trim();
  const reviewerNote = [note, labels.length > 0 ? `Sumsub labels: ${labels.join(', ')}` : '']
    .filter((p) => p !== '')
    .join(' — ');
  // A RED without a type is treated as final: a person confirms it before anything is closed for good.
  const kind = result.reviewRejectType === 'RETRY' ? 'rejected_retry' : 'rejected_final';
  return { kind, reasons, userMessage, reviewerNote };
}

/** The outcome of a webhook type (docs.sumsub.com/docs/user-verification-webhooks). */
export function outcomeOfEvent(type: string, result: SumsubReviewResult | undefined): VendorOutcome {
  switch (type) {
    case 'applicantPending':
      return { kind: 'pending' };
    case 'applicantOnHold':
      return { kind: 'on_hold' };
    case 'applicantReset':
      return { kind: 'reset' };
    case 'applicantReviewed':
      return outcomeOfReview(result);
    default:
      return { kind: 'none' };
  }
}

/** The outcome of an applicant's review status as GET /resources/applicants/{id}/one shows it. */
export function outcomeOfStatus(reviewStatus: string | undefined, result: SumsubReviewResult | undefined) {
  switch (reviewStatus) {
    case 'completed':
      return outcomeOfReview(result);
    case 'pending':
    case 'queued':
    case 'prechecked':
    case 'awaitingService':
      return { kind: 'pending' } as const;
    case 'onHold':
      return { kind: 'on_hold' } as const;
    default:
      // init, awaitingUser, or a status Sumsub adds later: the person has not finished, nothing to apply.
      return { kind: 'none' } as const;
  }
}

/** Epoch ms of a Sumsub date (number, digits, "yyyy-MM-dd HH:mm:ss[.fff][+0000]" in UTC, or ISO). */
export function sumsubTime(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?)(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  if (m) {
    const zone = m[3] === undefined || m[3] === 'Z' ? 'Z' : m[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
    const at = Date.parse(`${m[1]}T${m[2]}${zone}`);
    return Number.isNaN(at) ? undefined : at;
  }
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : at;
}
