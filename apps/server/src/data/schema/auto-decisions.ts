/** Migration 044 (issue 19 "Automatic decisions"): the in-house provider's own decisions and their review. */
import type { Generated, Selectable } from 'kysely';

export type AutoReviewStateColumn = 'waiting' | 'reviewed' | 'reversal_proposed' | 'reversed';

export interface AutoDecisionsTable {
  id: Generated<number>;
  user_id: number;
  submission_id: number;
  /** The kyc_decisions row the decision wrote (staff 0, decided_by_provider 'default'). */
  decision_id: number;
  outcome: 'approved' | 'rejected';
  /** JSON: contracts autoDecisionEvidence (no personal data). */
  evidence: string;
  /** The quality-review queue's state; null when not sampled. */
  review_state: AutoReviewStateColumn | null;
  reviewed_by: number | null;
  reviewed_at: number | null;
  reversal_reason_code: string | null;
  reversal_message: string | null;
  reversed_by: number | null;
  reversed_at: number | null;
  decided_at: number;
}

export type AutoDecisionRow = Selectable<AutoDecisionsTable>;

export interface AutoDecisionTables {
  auto_decisions: AutoDecisionsTable;
}
