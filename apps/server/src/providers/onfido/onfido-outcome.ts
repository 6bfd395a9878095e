/**
 * What an Onfido workflow run's status means for the person's level (docs/providers-onfido.md "Status
 * mapping"). Onfido Studio has no "retry" / "final" split on a decline: a declined run is a retry with
 * our reason codes, unless one of its reasons is a fraud signal (document fraud, spoofing …), which is
 * proposed as final (a senior reviewer confirms). `review` is the Studio's own manual review (on hold);
 * `abandoned` and `error` change nothing (the person starts a new run next time).
 */
import type { KycRejectReasonCode } from '@kyc/contracts';
import type { MappedRejectReason, VendorOutcome } from '../provider.ts';

/** Onfido's reason labels matched to ours, first match wins (labels are the workflow's own, snake_case). */
const REASON_RULES: [RegExp, KycRejectReasonCode][] = [
  [
    /fraud|spoof|tamper|forg|counterfeit|stolen|fake|impersonat|deepfake|watchlist|sanction/i,
    'SUSPECTED_FRAUD',
  ],
  [/expir/i, 'DOCUMENT_EXPIRED'],
  [/face|selfie|liveness|biometric|similarity/i, 'SELFIE_MISMATCH'],
  [/name|data_mismatch|data_comparison|date_of_birth|dob/i, 'NAME_MISMATCH'],
  [/blur|glare|quality|cut_off|obscur|dark|readab|legib/i, 'BLURRY_IMAGE'],
  [/unsupported|not_supported|document_type|country|classification/i, 'UNSUPPORTED_DOCUMENT'],
];

export function mapReasons(labels: readonly string[]): MappedRejectReason[] {
  return labels.map((label) => ({
    code: REASON_RULES.find(([rule]) => rule.test(label))?.[1] ?? 'INCOMPLETE_DOCUMENTS',
    vendorLabel: label.slice(0, 200),
  }));
}

/** The outcome of a run in `status` with `reasons` (GET /workflow_runs/{id}, or a completed webhook). */
export function outcomeOfRun(run: {
  id: string;
  status: string;
  reasons: readonly string[] | null;
}): VendorOutcome {
  switch (run.status) {
    case 'approved':
      return { kind: 'approved' };
    case 'declined': {
      const labels = run.reasons ?? [];
      const reasons = mapReasons(labels);
      const reviewerNote = `Onfido workflow run ${run.id} declined${labels.length ? `: ${labels.join(', ')}` : ''}`;
      const final = reasons.some((r) => r.code === 'SUSPECTED_FRAUD');
      return {
        kind: final ? 'rejected_final' : 'rejected_retry',
        reasons: reasons.length > 0 ? reasons : [{ code: 'INCOMPLETE_DOCUMENTS', vendorLabel: 'declined' }],
        userMessage: '',
        reviewerNote: reviewerNote.slice(0, 1000),
      };
    }
    case 'review':
      return { kind: 'on_hold' };
    case 'processing':
      return { kind: 'pending' };
    // awaiting_input: the person has not finished; abandoned / error: nothing to decide.
    default:
      return { kind: 'none' };
  }
}

/**
 * A Studio task whose completion means the person has submitted captures (the interactive upload
 * tasks: upload_document_photo, upload_face_photo, upload_face_video, upload_face_motion …).
 */
export const isCaptureTask = (taskDefId: string): boolean => /^upload_/.test(taskDefId);
