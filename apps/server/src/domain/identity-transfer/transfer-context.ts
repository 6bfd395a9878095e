/**
 * What every identity-transfer use-case shares (docs/identity-transfer.md): the dependencies and the
 * policy, the clock, the person's email, the notice mail (a failure logged, never undoing a step), the
 * person's view of a transfer with its spec §4 status, and the staff permission check. One place, so
 * the person's steps, the back office and the completion read a transfer the same way.
 */
import { roleCan, type StaffMe, type TransferStage, type TransferView } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { IdentityTransferRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTexts } from '../mail/mail-texts.ts';
import { maskEmail } from '../security-verification/verification-context.ts';

export interface IdentityTransferPolicy {
  /** How long both people have to cancel after the source consents (TRANSFER_COOLING_OFF_HOURS). */
  coolingOffMs: number;
  /** A source at or above this level needs two senior reviewers (TRANSFER_FOUR_EYES_LEVEL). */
  fourEyesLevel: number;
}

export interface IdentityTransferDeps {
  repos: Repositories;
  /** Seals a rejection's reason in its audit entry under the target person's data key (D110). */
  keyring: MasterKeyring;
  mailer: Mailer;
  texts: MailTexts;
  policy: IdentityTransferPolicy;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}

export const OPEN_STAGES: readonly TransferStage[] = ['awaiting_source', 'in_review', 'approved'];

function statusOf(stage: TransferStage): Pick<TransferView, 'status' | 'outcome'> {
  if (stage === 'completed') return { status: 'COMPLETE', outcome: 'success' };
  if (OPEN_STAGES.includes(stage)) return { status: 'PENDING', outcome: 'pending' };
  return { status: 'UNDEFINED', outcome: null };
}

export function requirePermission(me: StaffMe, permission: 'view_cases' | 'decide') {
  if (!roleCan(me.role, permission)) throw new AppError('PERMISSION_DENIED', `${permission} needed`);
}

export function transferContext(deps: IdentityTransferDeps) {
  const { repos, mailer, texts } = deps;
  const now = deps.now ?? Date.now;

  async function emailOf(userId: number): Promise<string> {
    return (await repos.users.findById(userId))?.email ?? '';
  }

  async function send(
    to: string,
    language: string,
    kind: 'requested' | 'coolingOff' | 'completed',
    values: Record<string, string>,
  ) {
    try {
      await mailer.send(texts.transfer(language, to, kind, values));
    } catch (error) {
      // A notice that does not go out does not undo the step; it is logged for operations.
      deps.log?.(`identity transfer mail ${kind} to ${maskEmail(to)} not sent`, error);
    }
  }

  async function viewOf(row: IdentityTransferRow, userId: number): Promise<TransferView> {
    const role = row.source_user_id === userId ? 'source' : 'target';
    const other = role === 'source' ? row.target_user_id : row.source_user_id;
    return {
      id: row.id,
      role,
      stage: row.status,
      ...statusOf(row.status),
      otherAccount: maskEmail(await emailOf(other)),
      level: row.source_level,
      createdAt: row.created_at,
      coolingOffUntil: row.cooling_off_until,
      rejectReason: row.reject_reason,
    };
  }

  return { repos, keyring: deps.keyring, policy: deps.policy, now, emailOf, send, viewOf };
}
export type TransferContext = ReturnType<typeof transferContext>;
