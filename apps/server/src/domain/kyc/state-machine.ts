/**
 * The KYC state machines of docs/kyc.md, as data: the per-level step status (spec §4 "KYC step
 * status") and the re-verification status (spec §4 displayUpdatePOI). Pure: no I/O, no clock.
 * An event that no row allows, or whose guard fails, is refused with an AppError and changes nothing.
 */
import type { DisplayUpdatePoiStatus, KycStepLevel, KycStepStatus, KycStepType } from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Who causes an event: the person, a back-office reviewer, a senior reviewer, the system itself, or a
 * verification vendor's result (docs/providers.md: the person finished the vendor's flow, the vendor
 * approved or rejected with RETRY, or reset the applicant; a vendor's FINAL rejection is only a proposal
 * that a senior reviewer confirms).
 */
export type KycActor = 'user' | 'reviewer' | 'senior_reviewer' | 'system' | 'vendor';

export type StepEvent =
  | 'submit'
  | 'approve'
  | 'reject_retry'
  | 'reject_final'
  | 'unlock'
  | 'disable'
  | 'enable'
  | 'self_reset'
  | 'quick_kyc'
  | 'vendor_reset'
  | 'reverse_auto_approval';

/** What the guards look at; the use-case fills what it knows. */
export interface StepContext {
  level: KycStepLevel;
  actor: KycActor;
  /** The applicant's country is closed (countries.kyc_disabled). */
  countryDisabled?: boolean;
  /** The stored status of level 1 (level 2's prerequisite). */
  level1Status?: KycStepStatus;
  /** A rejection's reason code (required for both kinds of rejection). */
  reasonCode?: string;
  /** reject_final: the staff id that proposed the final rejection and the one confirming it. */
  proposedBy?: number;
  confirmedBy?: number;
  /** self_reset: the applicant's stored statuses of both levels. */
  statuses?: readonly KycStepStatus[];
}

export type StepGuard =
  'country_open' | 'previous_level_success' | 'reason_given' | 'four_eyes' | 'no_review_or_final';

export interface StepTransition {
  from: readonly KycStepStatus[];
  event: StepEvent;
  actors: readonly KycActor[];
  to: KycStepStatus;
  guards: readonly StepGuard[];
  /** Levels the row applies to (both when absent). */
  levels?: readonly KycStepLevel[];
}

const STAFF: readonly KycActor[] = ['reviewer', 'senior_reviewer'];

/** docs/kyc.md, "Step transitions": the same rows, in the same order. */
export const STEP_TRANSITIONS: readonly StepTransition[] = [
  {
    from: ['ALLOW', 'FAILED_AND_CAN_RETRY'],
    event: 'submit',
    actors: ['user', 'vendor'],
    to: 'PENDING',
    guards: ['country_open', 'previous_level_success'],
  },
  { from: ['PENDING'], event: 'approve', actors: [...STAFF, 'vendor'], to: 'SUCCESS', guards: [] },
  {
    from: ['PENDING'],
    event: 'reject_retry',
    actors: [...STAFF, 'vendor'],
    to: 'FAILED_AND_CAN_RETRY',
    guards: ['reason_given'],
  },
  {
    from: ['PENDING'],
    event: 'reject_final',
    actors: ['senior_reviewer'],
    to: 'FAILED_AND_CAN_NOT_RETRY',
    guards: ['reason_given', 'four_eyes'],
  },
  {
    from: ['NOT_ALLOW'],
    event: 'unlock',
    actors: ['system'],
    to: 'ALLOW',
    guards: ['country_open', 'previous_level_success'],
  },
  {
    from: ['ALLOW', 'NOT_ALLOW', 'FAILED_AND_CAN_RETRY'],
    event: 'disable',
    actors: ['system'],
    to: 'CERTIFICATION_DISABLED',
    guards: [],
  },
  {
    from: ['CERTIFICATION_DISABLED'],
    event: 'enable',
    actors: ['system'],
    to: 'ALLOW',
    guards: ['country_open'],
    levels: [1],
  },
  {
    from: ['CERTIFICATION_DISABLED'],
    event: 'enable',
    actors: ['system'],
    to: 'NOT_ALLOW',
    guards: ['country_open'],
    levels: [2],
  },
  {
    // Quick KYC: a linked entity's verified identity, reused with the person's consent (docs/kyc.md).
    from: ['ALLOW', 'FAILED_AND_CAN_RETRY'],
    event: 'quick_kyc',
    actors: ['system'],
    to: 'SUCCESS',
    guards: ['country_open'],
    levels: [1],
  },
  {
    from: ['ALLOW', 'SUCCESS', 'FAILED_AND_CAN_RETRY'],
    event: 'self_reset',
    actors: ['user'],
    to: 'ALLOW',
    guards: ['no_review_or_final'],
    levels: [1],
  },
  {
    from: ['ALLOW', 'NOT_ALLOW', 'SUCCESS', 'FAILED_AND_CAN_RETRY'],
    event: 'self_reset',
    actors: ['user'],
    to: 'NOT_ALLOW',
    guards: ['no_review_or_final'],
    levels: [2],
  },
  {
    // The vendor reset its applicant (e.g. Sumsub applicantReset): the person starts the level again.
    from: ['PENDING', 'FAILED_AND_CAN_RETRY'],
    event: 'vendor_reset',
    actors: ['vendor'],
    to: 'ALLOW',
    guards: [],
  },
  {
    // Issue 19 (D103): the in-house provider's automatic approval, reversed after its quality review.
    from: ['SUCCESS'],
    event: 'reverse_auto_approval',
    actors: ['senior_reviewer'],
    to: 'FAILED_AND_CAN_RETRY',
    guards: ['reason_given', 'four_eyes'],
    levels: [1],
  },
];

function refuse(what: string): AppError {
  return new AppError('KYC_ILLEGAL_TRANSITION', what);
}

function checkStepGuard(guard: StepGuard, ctx: StepContext): void {
  switch (guard) {
    case 'country_open':
      if (ctx.countryDisabled) throw new AppError('KYC_COUNTRY_NOT_SUPPORTED', 'country closed to KYC');
      return;
    case 'previous_level_success':
      if (ctx.level === 2 && ctx.level1Status !== 'SUCCESS') throw refuse('level 2 needs level 1 SUCCESS');
      return;
    case 'reason_given':
      if (!ctx.reasonCode) throw new AppError('PARAMS_ERROR', 'reasonCode: required', 400);
      return;
    case 'four_eyes':
      if (ctx.proposedBy === undefined || ctx.confirmedBy === undefined || ctx.proposedBy === ctx.confirmedBy)
        throw new AppError('KYC_FOUR_EYES_REQUIRED', 'a second senior reviewer must confirm');
      return;
    case 'no_review_or_final':
      if ((ctx.statuses ?? []).some((s) => s === 'PENDING' || s === 'FAILED_AND_CAN_NOT_RETRY'))
        throw refuse('self-reset refused: a review is in progress or a rejection is final');
      return;
  }
}

/** The next status of a level's step, or an AppError (30001, 30002, 30003, 10001) refusing the event. */
export function nextStepStatus(from: KycStepStatus, event: StepEvent, ctx: StepContext): KycStepStatus {
  const row = STEP_TRANSITIONS.find(
    (t) =>
      t.event === event && t.from.includes(from) && (t.levels === undefined || t.levels.includes(ctx.level)),
  );
  if (!row) throw refuse(`LEVEL_${ctx.level}: ${event} not allowed from ${from}`);
  if (!row.actors.includes(ctx.actor))
    throw refuse(`LEVEL_${ctx.level}: ${event} not allowed for ${ctx.actor}`);
  for (const guard of row.guards) checkStepGuard(guard, ctx);
  return row.to;
}

/** The status a level starts from: level 1 may be verified at once, level 2 only after level 1. */
export function initialStepStatus(level: KycStepLevel): KycStepStatus {
  return level === 1 ? 'ALLOW' : 'NOT_ALLOW';
}

export interface StoredStep {
  status: KycStepStatus;
  type: KycStepType;
  rejectReasonCode: string;
  rejectReason: string;
}

export interface EffectiveStepsInput {
  opened: boolean;
  memberTagKyc: string;
  countryDisabled: boolean;
  level1?: StoredStep | undefined;
  level2?: StoredStep | undefined;
}

const NOT_ALLOW_INDIVIDUAL: StoredStep = {
  status: 'NOT_ALLOW',
  type: 'INDIVIDUAL',
  rejectReasonCode: '',
  rejectReason: '',
};

const OPEN_TO_DISABLE: readonly KycStepStatus[] = ['ALLOW', 'NOT_ALLOW', 'FAILED_AND_CAN_RETRY'];

/**
 * What the user sees for step 1 and step 2 (spec §4): the stored entries, only when KYC is opened and
 * member tag KYC is not '1' (else both NOT_ALLOW INDIVIDUAL); a closed country shows
 * CERTIFICATION_DISABLED where a step could still be started; level 2 stays NOT_ALLOW until level 1
 * succeeds, whatever is stored.
 */
export function effectiveSteps(input: EffectiveStepsInput): [StoredStep, StoredStep] {
  if (!input.opened || input.memberTagKyc === '1') return [NOT_ALLOW_INDIVIDUAL, NOT_ALLOW_INDIVIDUAL];
  const blank = (level: KycStepLevel): StoredStep => ({
    ...NOT_ALLOW_INDIVIDUAL,
    status: initialStepStatus(level),
  });
  const one = input.level1 ?? blank(1);
  let two = input.level2 ?? blank(2);
  if (one.status !== 'SUCCESS' && two.status === 'ALLOW') two = { ...two, status: 'NOT_ALLOW' };
  const close = (step: StoredStep): StoredStep =>
    input.countryDisabled && OPEN_TO_DISABLE.includes(step.status)
      ? { ...step, status: 'CERTIFICATION_DISABLED' }
      : step;
  return [close(one), close(two)];
}

// Re-verification (displayUpdatePOI) ---------------------------------------------------------------

export type PoiEvent =
  'request' | 'cancel' | 'submit' | 'approve' | 'reject' | 'reject_daily' | 'daily_reset';

export interface PoiContext {
  actor: KycActor;
  /** request: the applicant's level-1 step status (only verified people are asked to re-verify). */
  level1Status?: KycStepStatus;
  /** request: the deadline set (epoch ms). */
  deadline?: number | null;
  /** reject, reject_daily: the reason shown to the user. */
  reason?: string;
  /** submit: Turkey region (site and country TR) accepts documents only through the app (spec §4). */
  turkeyRegion?: boolean;
  channel?: 'web' | 'app';
}

export type PoiGuard = 'level_verified' | 'deadline_given' | 'reason_given' | 'channel_allowed';

export interface PoiTransition {
  from: readonly DisplayUpdatePoiStatus[];
  event: PoiEvent;
  actors: readonly KycActor[];
  to: DisplayUpdatePoiStatus;
  guards: readonly PoiGuard[];
}

/** docs/kyc.md, "Re-verification transitions". */
export const POI_TRANSITIONS: readonly PoiTransition[] = [
  {
    from: ['DisplayUpdatePOIStatus_No'],
    event: 'request',
    actors: STAFF,
    to: 'DisplayUpdatePOIStatus_Needed',
    guards: ['level_verified', 'deadline_given'],
  },
  {
    from: ['DisplayUpdatePOIStatus_Needed'],
    event: 'cancel',
    actors: STAFF,
    to: 'DisplayUpdatePOIStatus_No',
    guards: [],
  },
  {
    from: ['DisplayUpdatePOIStatus_Needed', 'DisplayUpdatePOIStatus_Rejected'],
    event: 'submit',
    actors: ['user', 'vendor'],
    to: 'DisplayUpdatePOIStatus_Pending',
    guards: ['channel_allowed'],
  },
  {
    from: ['DisplayUpdatePOIStatus_Pending'],
    event: 'approve',
    actors: STAFF,
    to: 'DisplayUpdatePOIStatus_No',
    guards: [],
  },
  {
    from: ['DisplayUpdatePOIStatus_Pending'],
    event: 'reject',
    actors: STAFF,
    to: 'DisplayUpdatePOIStatus_Rejected',
    guards: ['reason_given'],
  },
  {
    from: ['DisplayUpdatePOIStatus_Pending'],
    event: 'reject_daily',
    actors: [...STAFF, 'system'],
    to: 'DisplayUpdatePOIStatus_Rejected_Daily',
    guards: ['reason_given'],
  },
  {
    from: ['DisplayUpdatePOIStatus_Rejected_Daily'],
    event: 'daily_reset',
    actors: ['system'],
    to: 'DisplayUpdatePOIStatus_Rejected',
    guards: [],
  },
];

function checkPoiGuard(guard: PoiGuard, ctx: PoiContext): void {
  switch (guard) {
    case 'level_verified':
      if (ctx.level1Status !== 'SUCCESS') throw refuse('re-verification needs level 1 SUCCESS');
      return;
    case 'deadline_given':
      if (ctx.deadline === undefined || ctx.deadline === null)
        throw new AppError('PARAMS_ERROR', 'deadline: required', 400);
      return;
    case 'reason_given':
      if (!ctx.reason) throw new AppError('PARAMS_ERROR', 'reason: required', 400);
      return;
    case 'channel_allowed':
      if (ctx.turkeyRegion && ctx.channel !== 'app')
        throw refuse('Turkey region: re-verification only through the app');
      return;
  }
}

/** The next re-verification status, or an AppError refusing the event. */
export function nextPoiStatus(
  from: DisplayUpdatePoiStatus,
  event: PoiEvent,
  ctx: PoiContext,
): DisplayUpdatePoiStatus {
  const row = POI_TRANSITIONS.find((t) => t.event === event && t.from.includes(from));
  if (!row) throw refuse(`displayUpdatePOI: ${event} not allowed from ${from}`);
  if (!row.actors.includes(ctx.actor))
    throw refuse(`displayUpdatePOI: ${event} not allowed for ${ctx.actor}`);
  for (const guard of row.guards) checkPoiGuard(guard, ctx);
  return row.to;
}
