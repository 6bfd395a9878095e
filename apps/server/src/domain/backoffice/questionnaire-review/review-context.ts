/**
 * What every back-office questionnaire review use-case shares (docs/backoffice.md "Questionnaire
 * review"): the repository set (D42), the user's task list as the user sees it, the encrypted files,
 * one template loader; and the names the case, its history and the audit log agree on.
 */
import type { RiskRecompute } from '../../risk/risk-service.ts';
import {
  EDD_STATUSES,
  type EddStatus,
  type QuestionnaireStatus,
  type QuestionnaireTemplate,
  type StaffMe,
} from '@kyc/contracts';
import type { Repositories } from '../../../data/repositories/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { MasterKeyring } from '../../../lib/crypto/envelope.ts';
import type { BlobStore } from '../../../lib/uploads/blob-store.ts';
import type { QuestionnaireUseCases } from '../../questionnaires/questionnaire-service.ts';
import type { ReviewActor } from '../../questionnaires/status-machine.ts';
import { templateLoader } from '../../questionnaires/template-loader.ts';
import { alreadyDecided } from '../decision-conflicts.ts';
import type { EncryptedFiles } from '../../uploads/encrypted-upload.ts';

export interface QuestionnaireReviewDeps {
  /** Questionnaires, the review's reads, audit, notices, users, submissions (data keys); one transaction. */
  repos: Repositories;
  /** The compliance tasks as the user sees them. */
  questionnaires: Pick<QuestionnaireUseCases, 'tasks'>;
  blobs: BlobStore;
  keyring: MasterKeyring;
  /** Issue 18: a decision on answers that are risk factors recomputes the risk score, after its commit. */
  risk?: RiskRecompute;
  /** Issue 17 (D120, D123): how long a claim on a case lasts (CASE_CLAIM_MINUTES); 120 when not given. */
  claimMinutes?: number;
}

export interface ReviewContext {
  repos: Repositories;
  questionnaires: Pick<QuestionnaireUseCases, 'tasks'>;
  files: EncryptedFiles;
  load: (code: string, version: number) => Promise<QuestionnaireTemplate>;
}

export function reviewContext(deps: QuestionnaireReviewDeps): ReviewContext {
  return {
    repos: deps.repos,
    questionnaires: deps.questionnaires,
    files: { blobs: deps.blobs, keys: deps.repos.submissions, keyring: deps.keyring },
    load: templateLoader(deps.repos.questionnaires),
  };
}

/** The audit actions that are decisions (the case's history), as opposed to views. */
export const DECISION_ACTION = 'questionnaire.decision';
export const RFI_ACTION = 'questionnaire.rfi';

/** What the history, the audit log and the decision share: the case of one user's template. */
export const caseRefOf = (userId: number, code: string) => `user:${userId}/questionnaire:${code}`;

export const asEdd = (v: string | null | undefined): EddStatus =>
  (EDD_STATUSES as readonly string[]).includes(v ?? '') ? (v as EddStatus) : 'Unknown';

/** The state machines' actor for a staff role: seniors and admins act as senior reviewers. */
export function actorOf(staff: StaffMe): ReviewActor {
  return staff.role === 'reviewer' ? 'reviewer' : 'senior_reviewer';
}

/** A decision's compare-and-set found the response, EDD case or deposit moved meanwhile: 30081 (409). */
export const changedMeanwhile = (what: string) => alreadyDecided(what);

/**
 * Whether a staff decision finds what it decides decided already (issue 14): approve, reject and
 * release expect a response held for review and find it APPROVED, REJECTED or sent back (UNSUBMIT after
 * a submission); lock finds it held already. Such a decision came second, and is 30081 rather than the
 * machine's 51001.
 */
export function decidedAlready(from: QuestionnaireStatus, decision: string, submitted: boolean): boolean {
  const after: QuestionnaireStatus[] = ['APPROVED', 'REJECTED', ...(submitted ? ['UNSUBMIT' as const] : [])];
  if (decision === 'lock') return from === 'PENDING_NO_EDIT' || after.includes(from);
  return ['approve', 'reject', 'release'].includes(decision) && after.includes(from);
}

/** Every published version of a template (retired ones too: a case may be on one), or 51004. */
export async function versionsOf(ctx: ReviewContext, code: string) {
  const versions = (await ctx.repos.questionnaires.templateVersions()).filter((t) => t.code === code);
  if (versions.length === 0)
    throw new AppError('QUESTIONNAIRE_TEMPLATE_NOT_FOUND', `no questionnaire ${code}`);
  return versions;
}

/** The user the case is about, or 404. */
export async function userOf(ctx: ReviewContext, userId: number) {
  const user = await ctx.repos.users.findById(userId);
  if (!user) throw new AppError('PARAMS_ERROR', 'userId: no such user', 404);
  return user;
}
