/**
 * The help centre's reports and their answers (migration 009, docs/help-centre.md).
 */
import type { SupportStatus } from '@kyc/contracts';
import type { Generated, Selectable } from 'kysely';

/** The help centre's reports and their answers (migration 009, docs/help-centre.md). */
export interface SupportRequestsTable {
  id: Generated<number>;
  user_id: number | null;
  email: string | null;
  language: string;
  topic: string;
  message: string;
  status: Generated<SupportStatus>;
  created_at: number;
  answer: string | null;
  answered_by: number | null;
  answered_at: number | null;
}

export interface SupportTables {
  support_requests: SupportRequestsTable;
}

export type SupportRequestRow = Selectable<SupportRequestsTable>;
