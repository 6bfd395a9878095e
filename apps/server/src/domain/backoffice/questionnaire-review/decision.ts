/**
 * What a decision kind is (docs/questionnaires.md "Back office"): for the templates it covers, a rule
 * (the status machine refusing what the status does not allow: 51001, nothing changed) and a
 * transition that changes the state, writes the audit entry and the user's notice in ONE transaction.
 * Adding a kind of decision (a vendor's, a new template's) adds a module implementing this.
 */
import type { QuestionnaireDecisionRequest, StaffMe } from '@kyc/contracts';
import type { TxRepositories } from '../../../data/repositories/index.ts';
import type { TemplateVersionInfo } from '../../../data/repositories/questionnaires-repo.ts';
import { sealText, type SealedText } from '../../audit/sealed-text.ts';
import { withDataKey } from '../../kyc/data-keys.ts';
import { decisionTransaction } from '../decision-conflicts.ts';
import { assertMayDecide } from '../work/case-claims.ts';
import { caseRefOf, DECISION_ACTION, type ReviewContext } from './review-context.ts';

export interface DecisionInput {
  staff: StaffMe;
  userId: number;
  code: string;
  versions: readonly TemplateVersionInfo[];
  request: QuestionnaireDecisionRequest;
  at: number;
}

export interface DecisionKind {
  /** The template this kind decides; undefined: every template no other kind claims. */
  templateCode?: string;
  decide(input: DecisionInput): Promise<void>;
}

/** The user-visible text of a decision ('' for lock, release, approve). */
export function textOf(request: QuestionnaireDecisionRequest): string {
  if (request.decision === 'reject') return request.userMessage;
  if (request.decision === 'request_info') return request.requestText;
  return '';
}

/** The texts a decision writes to the person, sealed for its audit row (D107). */
export interface SealedTexts {
  userMessage?: SealedText;
  requestText?: SealedText;
}

/**
 * D107: the rejection's message or the request's text is the person's data; the audit row keeps it
 * sealed under their data key (made first if they had none). Before the transaction.
 */
export async function sealedTextsOf(
  ctx: ReviewContext,
  userId: number,
  request: QuestionnaireDecisionRequest,
  at: number,
): Promise<SealedTexts> {
  const text = textOf(request);
  if (text === '') return {};
  const sealed = await withDataKey(ctx.files.keys, ctx.files.keyring, userId, at, (key) =>
    sealText(key, userId, text),
  );
  return request.decision === 'reject' ? { userMessage: sealed } : { requestText: sealed };
}

/**
 * A decision's audit entry on the case of one user's template, which the case's history reads back:
 * what the kind records, then for a rejection the reason code and the message the user sees (sealed).
 */
export async function auditDecision(
  tx: TxRepositories,
  { staff, userId, request, at }: Pick<DecisionInput, 'staff' | 'userId' | 'request' | 'at'>,
  code: string,
  details: Record<string, unknown>,
  sealed: SealedTexts,
): Promise<void> {
  await tx.audit.insert(
    {
      staffId: staff.id,
      action: DECISION_ACTION,
      subjectUserId: userId,
      caseRef: caseRefOf(userId, code),
      details: {
        ...details,
        ...(request.decision === 'reject'
          ? { reasonCode: request.reasonCode, userMessage: sealed.userMessage ?? '' }
          : {}),
      },
    },
    at,
  );
}

/**
 * A decision's one transaction (D46: run again on a write conflict), which first refuses anyone but the
 * case's assignee while a claim on it lasts (55013, issue 17, D123): every decision kind goes through it.
 */
export function claimedDecisionTransaction<T>(
  ctx: ReviewContext,
  { staff, userId, at }: Pick<DecisionInput, 'staff' | 'userId' | 'at'>,
  code: string,
  work: (tx: TxRepositories) => Promise<T>,
): Promise<T> {
  return decisionTransaction(ctx.repos, async (tx) => {
    await assertMayDecide(tx, staff, caseRefOf(userId, code), at);
    return work(tx);
  });
}
