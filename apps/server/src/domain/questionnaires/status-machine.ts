/**
 * The questionnaire status machine (spec §4 questionnaire status) and the enhanced due diligence (EDD)
 * machine (spec §4 EDD status), as data: docs/questionnaires.md "Status machines". Pure: no I/O; the
 * clock is passed in. An event that no row allows, or whose guard fails, is refused with an AppError
 * and changes nothing.
 */
import type { EddStatus, QuestionnaireStatus, QuestionnaireReview } from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { KycActor } from '../kyc/state-machine.ts';

export type ReviewActor = KycActor;
const STAFF: readonly ReviewActor[] = ['reviewer', 'senior_reviewer'];

function refuse(what: string): AppError {
  return new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', what);
}

// Questionnaire status ------------------------------------------------------------------------------

export type QuestionnaireEvent =
  'require' | 'save_draft' | 'submit' | 'lock' | 'release' | 'approve' | 'reject' | 'request_info' | 'renew';

export interface QuestionnaireContext {
  actor: ReviewActor;
  /** Who decides the template's submissions (lock needs staff review, a system decision auto review). */
  review?: QuestionnaireReview;
  /** reject, request_info: the reason the user sees. */
  reason?: string;
  /** submit after a rejection: epoch ms before which a retry is refused (failed test), null: none. */
  retryAfter?: number | null;
  /** The current time, epoch ms (cool-down). */
  now?: number;
}

export type QuestionnaireGuard = 'reason_given' | 'cool_down_over' | 'staff_review' | 'auto_review';

export interface QuestionnaireTransition {
  from: readonly QuestionnaireStatus[];
  event: QuestionnaireEvent;
  actors: readonly ReviewActor[];
  to: QuestionnaireStatus;
  guards: readonly QuestionnaireGuard[];
}

/** docs/questionnaires.md, "Questionnaire transitions": the same rows, in the same order. */
export const QUESTIONNAIRE_TRANSITIONS: readonly QuestionnaireTransition[] = [
  { from: ['UNDEFINED'], event: 'require', actors: [...STAFF, 'system'], to: 'UNSUBMIT', guards: [] },
  { from: ['UNDEFINED', 'UNSUBMIT'], event: 'save_draft', actors: ['user'], to: 'UNSUBMIT', guards: [] },
  // Drafting an amendment or a resubmission keeps the status the user sees (and a rejection's reason).
  { from: ['PENDING'], event: 'save_draft', actors: ['user'], to: 'PENDING', guards: [] },
  { from: ['REJECTED'], event: 'save_draft', actors: ['user'], to: 'REJECTED', guards: [] },
  { from: ['UNDEFINED', 'UNSUBMIT'], event: 'submit', actors: ['user'], to: 'PENDING', guards: [] },
  // Until a reviewer takes it, a submission may be amended (spec §4: PENDING, not PENDING_NO_EDIT).
  { from: ['PENDING'], event: 'submit', actors: ['user'], to: 'PENDING', guards: [] },
  { from: ['REJECTED'], event: 'submit', actors: ['user'], to: 'PENDING', guards: ['cool_down_over'] },
  { from: ['PENDING'], event: 'lock', actors: STAFF, to: 'PENDING_NO_EDIT', guards: ['staff_review'] },
  { from: ['PENDING_NO_EDIT'], event: 'release', actors: STAFF, to: 'PENDING', guards: [] },
  { from: ['PENDING_NO_EDIT'], event: 'approve', actors: STAFF, to: 'APPROVED', guards: [] },
  { from: ['PENDING'], event: 'approve', actors: ['system'], to: 'APPROVED', guards: ['auto_review'] },
  { from: ['PENDING_NO_EDIT'], event: 'reject', actors: STAFF, to: 'REJECTED', guards: ['reason_given'] },
  {
    from: ['PENDING'],
    event: 'reject',
    actors: ['system'],
    to: 'REJECTED',
    guards: ['auto_review', 'reason_given'],
  },
  {
    from: ['PENDING_NO_EDIT', 'APPROVED', 'REJECTED'],
    event: 'request_info',
    actors: STAFF,
    to: 'UNSUBMIT',
    guards: ['reason_given'],
  },
  { from: ['APPROVED'], event: 'renew', actors: ['system'], to: 'UNSUBMIT', guards: [] },
];

function checkQuestionnaireGuard(guard: QuestionnaireGuard, ctx: QuestionnaireContext): void {
  switch (guard) {
    case 'reason_given':
      if (!ctx.reason?.trim()) throw new AppError('PARAMS_ERROR', 'reason: required', 400);
      return;
    case 'cool_down_over':
      if (ctx.retryAfter !== undefined && ctx.retryAfter !== null) {
        if (ctx.now === undefined) throw new Error('cool_down_over needs ctx.now');
        if (ctx.now < ctx.retryAfter)
          throw new AppError('QUESTIONNAIRE_COOL_DOWN', `retry after ${ctx.retryAfter}`);
      }
      return;
    case 'staff_review':
      if (ctx.review !== 'staff') throw refuse('this template is decided automatically, not by a reviewer');
      return;
    case 'auto_review':
      if (ctx.review !== 'auto') throw refuse('this template is decided by a reviewer');
      return;
  }
}

/** The next questionnaire status, or an AppError (51001, 51005, 10001) refusing the event. */
export function nextQuestionnaireStatus(
  from: QuestionnaireStatus,
  event: QuestionnaireEvent,
  ctx: QuestionnaireContext,
): QuestionnaireStatus {
  const row = QUESTIONNAIRE_TRANSITIONS.find((t) => t.event === event && t.from.includes(from));
  if (!row) throw refuse(`questionnaire: ${event} not allowed from ${from}`);
  if (!row.actors.includes(ctx.actor)) throw refuse(`questionnaire: ${event} not allowed for ${ctx.actor}`);
  for (const guard of row.guards) checkQuestionnaireGuard(guard, ctx);
  return row.to;
}

/** Whether the user may change answers (save a draft, submit) in this status; the forms read only. */
export function questionnaireEditable(status: QuestionnaireStatus): boolean {
  return QUESTIONNAIRE_TRANSITIONS.some(
    (t) => t.event === 'save_draft' && t.actors.includes('user') && t.from.includes(status),
  );
}

/** Epoch ms before which a failed test may not be retried: the rejection time plus the cool-down. */
export function retryAfterOf(rejectedAt: number, coolDownHours: number | undefined): number | null {
  if (!coolDownHours) return null;
  return rejectedAt + coolDownHours * 3_600_000;
}

// Enhanced due diligence ----------------------------------------------------------------------------

export type EddEvent = 'start' | 'withdraw' | 'submit' | 'request_info' | 'pass' | 'reject' | 'resubmit';

export interface EddContext {
  actor: ReviewActor;
  /** start, withdraw, request_info, reject: why (the EDD trigger, or the reason the user sees). */
  reason?: string;
  /** pass: the person is a politically exposed person (FATF R.12: senior management approves). */
  pep?: boolean;
}

export type EddGuard = 'reason_given' | 'senior_approval_for_pep';

export interface EddTransition {
  from: readonly EddStatus[];
  event: EddEvent;
  actors: readonly ReviewActor[];
  to: EddStatus;
  guards: readonly EddGuard[];
}

/** docs/questionnaires.md, "EDD transitions". */
export const EDD_TRANSITIONS: readonly EddTransition[] = [
  {
    from: ['Unknown', 'Pass'],
    event: 'start',
    actors: [...STAFF, 'system'],
    to: 'UnSubmit',
    guards: ['reason_given'],
  },
  { from: ['UnSubmit'], event: 'withdraw', actors: STAFF, to: 'Unknown', guards: ['reason_given'] },
  { from: ['UnSubmit'], event: 'submit', actors: ['user'], to: 'Reviewing', guards: [] },
  { from: ['Reviewing'], event: 'request_info', actors: STAFF, to: 'UnSubmit', guards: ['reason_given'] },
  { from: ['Reviewing'], event: 'pass', actors: STAFF, to: 'Pass', guards: ['senior_approval_for_pep'] },
  { from: ['Reviewing'], event: 'reject', actors: STAFF, to: 'Reject', guards: ['reason_given'] },
  { from: ['Reject'], event: 'resubmit', actors: ['user'], to: 'Reviewing', guards: [] },
];

function checkEddGuard(guard: EddGuard, ctx: EddContext): void {
  switch (guard) {
    case 'reason_given':
      if (!ctx.reason?.trim()) throw new AppError('PARAMS_ERROR', 'reason: required', 400);
      return;
    case 'senior_approval_for_pep':
      if (ctx.pep && ctx.actor !== 'senior_reviewer')
        throw refuse('EDD: a politically exposed person is approved by a senior reviewer');
      return;
  }
}

/** The next EDD status, or an AppError (51001, 10001) refusing the event. */
export function nextEddStatus(from: EddStatus, event: EddEvent, ctx: EddContext): EddStatus {
  const row = EDD_TRANSITIONS.find((t) => t.event === event && t.from.includes(from));
  if (!row) throw refuse(`EDD: ${event} not allowed from ${from}`);
  if (!row.actors.includes(ctx.actor)) throw refuse(`EDD: ${event} not allowed for ${ctx.actor}`);
  for (const guard of row.guards) checkEddGuard(guard, ctx);
  return row.to;
}
