/** Issue 15: identity transfers (migration 023, docs/identity-transfer.md). */
import type { Generated, Selectable } from 'kysely';

export type TransferStatus =
  'awaiting_source' | 'in_review' | 'approved' | 'completed' | 'rejected' | 'cancelled';

export interface IdentityTransfersTable {
  id: Generated<number>;
  source_user_id: number;
  target_user_id: number;
  status: TransferStatus;
  source_level: number;
  target_consent_at: number;
  source_consent_at: number | null;
  cooling_off_until: number | null;
  first_approved_by: number | null;
  second_approved_by: number | null;
  decided_by: number | null;
  /** Migration 039: when each approval and the final decision were made (null on older rows). */
  first_approved_at: number | null;
  second_approved_at: number | null;
  decided_at: number | null;
  reject_reason: Generated<string>;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
}
export type IdentityTransferRow = Selectable<IdentityTransfersTable>;

export interface UserProductsTable {
  user_id: number;
  /** Spec §3 card type 'card'. */
  product: string;
  status: 'open' | 'closed';
  updated_at: number;
}

export interface IdentityTransferTables {
  identity_transfers: IdentityTransfersTable;
  user_products: UserProductsTable;
}
