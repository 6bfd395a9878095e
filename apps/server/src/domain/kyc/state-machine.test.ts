import { describe, expect, it } from 'vitest';
import {
  DISPLAY_UPDATE_POI_STATUSES,
  KYC_STEP_LEVELS,
  KYC_STEP_STATUSES,
  RET_CODES,
  type DisplayUpdatePoiStatus,
  type KycStepLevel,
  type KycStepStatus,
} from '@kyc/contracts';
import { retCodeOf as codeOf } from '../../lib/testing/ret-code-of.ts';
import {
  POI_TRANSITIONS,
  STEP_TRANSITIONS,
  effectiveSteps,
  nextPoiStatus,
  nextStepStatus,
  type KycActor,
  type PoiContext,
  type PoiEvent,
  type StepContext,
  type StepEvent,
  type StoredStep,
} from './state-machine.ts';

const STEP_EVENTS: StepEvent[] = [
  'submit',
  'approve',
  'reject_retry',
  'reject_final',
  'unlock',
  'disable',
  'enable',
  'self_reset',
  'quick_kyc',
  'vendor_reset',
  'reverse_auto_approval',
];
const POI_EVENTS: PoiEvent[] = [
  'request',
  'cancel',
  'submit',
  'approve',
  'reject',
  'reject_daily',
  'daily_reset',
];
const ACTORS: KycActor[] = ['user', 'reviewer', 'senior_reviewer', 'system', 'vendor'];

/** A context in which every guard passes. */
function passing(level: KycStepLevel, actor: KycActor): StepContext {
  return {
    level,
    actor,
    countryDisabled: false,
    level1Status: 'SUCCESS',
    reasonCode: 'DOC_BLURRY',
    proposedBy: 11,
    confirmedBy: 12,
    statuses: ['SUCCESS', 'ALLOW'],
  };
}

const POI_PASSING: Omit<PoiContext, 'actor'> = {
  level1Status: 'SUCCESS',
  deadline: 1_900_000_000_000,
  reason: 'Photo unreadable',
  turkeyRegion: false,
  channel: 'web',
};

const stepRows = STEP_TRANSITIONS.flatMap((row) =>
  row.from.flatMap((from) =>
    (row.levels ?? KYC_STEP_LEVELS).flatMap((level) =>
      row.actors.map((actor) => ({ from, event: row.event, level, actor, to: row.to })),
    ),
  ),
);

describe('KYC step transitions (docs/kyc.md table)', () => {
  it.each(stepRows)('LEVEL_$level: $from --$event by $actor--> $to', ({ from, event, level, actor, to }) => {
    expect(nextStepStatus(from, event, passing(level, actor))).toBe(to);
  });

  const allowed = new Set(stepRows.map((r) => `${r.from}|${r.event}|${r.level}`));
  const illegal = KYC_STEP_STATUSES.flatMap((from) =>
    STEP_EVENTS.flatMap((event) =>
      KYC_STEP_LEVELS.filter((level) => !allowed.has(`${from}|${event}|${level}`)).map((level) => ({
        from,
        event,
        level,
      })),
    ),
  );

  it('covers some illegal pairs', () => expect(illegal.length).toBeGreaterThan(30));

  it.each(illegal)('LEVEL_$level: $event from $from is refused with 30001', ({ from, event, level }) => {
    for (const actor of ACTORS)
      expect(codeOf(() => nextStepStatus(from, event, passing(level, actor)))).toBe(
        RET_CODES.KYC_ILLEGAL_TRANSITION.code,
      );
  });

  const wrongActors = STEP_TRANSITIONS.flatMap((row) =>
    ACTORS.filter((a) => !row.actors.includes(a)).map((actor) => ({
      from: row.from[0] as KycStepStatus,
      event: row.event,
      level: (row.levels ?? KYC_STEP_LEVELS)[0] as KycStepLevel,
      actor,
    })),
  );
  it.each(wrongActors)(
    '$event from $from by $actor is refused with 30001',
    ({ from, event, level, actor }) => {
      expect(codeOf(() => nextStepStatus(from, event, passing(level, actor)))).toBe(
        RET_CODES.KYC_ILLEGAL_TRANSITION.code,
      );
    },
  );

  it('when the country is closed, then submit and unlock are refused with 30003', () => {
    const ctx = { ...passing(1, 'user'), countryDisabled: true };
    expect(codeOf(() => nextStepStatus('ALLOW', 'submit', ctx))).toBe(30003);
    expect(codeOf(() => nextStepStatus('NOT_ALLOW', 'unlock', { ...ctx, actor: 'system' }))).toBe(30003);
    expect(
      codeOf(() => nextStepStatus('CERTIFICATION_DISABLED', 'enable', { ...ctx, actor: 'system' })),
    ).toBe(30003);
  });

  it('when quick KYC applies, then level 1 ALLOW or FAILED_AND_CAN_RETRY becomes SUCCESS, by the system only', () => {
    for (const from of ['ALLOW', 'FAILED_AND_CAN_RETRY'] as const)
      expect(nextStepStatus(from, 'quick_kyc', passing(1, 'system'))).toBe('SUCCESS');
    for (const from of ['PENDING', 'SUCCESS', 'FAILED_AND_CAN_NOT_RETRY', 'NOT_ALLOW'] as const)
      expect(codeOf(() => nextStepStatus(from, 'quick_kyc', passing(1, 'system')))).toBe(30001);
    expect(codeOf(() => nextStepStatus('ALLOW', 'quick_kyc', passing(2, 'system')))).toBe(30001);
    expect(codeOf(() => nextStepStatus('ALLOW', 'quick_kyc', passing(1, 'user')))).toBe(30001);
    expect(
      codeOf(() => nextStepStatus('ALLOW', 'quick_kyc', { ...passing(1, 'system'), countryDisabled: true })),
    ).toBe(30003);
  });

  it('when level 1 has not succeeded, then level 2 can be neither unlocked nor submitted', () => {
    for (const level1Status of KYC_STEP_STATUSES.filter((s) => s !== 'SUCCESS')) {
      const ctx = { ...passing(2, 'user'), level1Status };
      expect(codeOf(() => nextStepStatus('ALLOW', 'submit', ctx))).toBe(30001);
      expect(codeOf(() => nextStepStatus('NOT_ALLOW', 'unlock', { ...ctx, actor: 'system' }))).toBe(30001);
    }
    // Level 1 has no prerequisite.
    expect(nextStepStatus('ALLOW', 'submit', { ...passing(1, 'user'), level1Status: 'ALLOW' })).toBe(
      'PENDING',
    );
  });

  it('when a rejection has no reason code, then it is refused with 10001', () => {
    for (const event of ['reject_retry', 'reject_final'] as const)
      expect(
        codeOf(() => nextStepStatus('PENDING', event, { ...passing(1, 'senior_reviewer'), reasonCode: '' })),
      ).toBe(10001);
  });

  it('when a final rejection is confirmed by its proposer or by nobody, then it is refused with 30002', () => {
    const ctx = passing(1, 'senior_reviewer');
    expect(codeOf(() => nextStepStatus('PENDING', 'reject_final', { ...ctx, confirmedBy: 11 }))).toBe(30002);
    expect(codeOf(() => nextStepStatus('PENDING', 'reject_final', { ...ctx, proposedBy: undefined }))).toBe(
      30002,
    );
    expect(codeOf(() => nextStepStatus('PENDING', 'reject_final', { ...ctx, confirmedBy: undefined }))).toBe(
      30002,
    );
    expect(codeOf(() => nextStepStatus('PENDING', 'reject_final', { ...ctx, actor: 'reviewer' }))).toBe(
      30001,
    );
  });

  it('when a review is pending or a rejection is final, then self-reset is refused with 30001', () => {
    for (const other of ['PENDING', 'FAILED_AND_CAN_NOT_RETRY'] as const)
      for (const level of KYC_STEP_LEVELS)
        expect(
          codeOf(() =>
            nextStepStatus('SUCCESS', 'self_reset', {
              ...passing(level, 'user'),
              statuses: ['SUCCESS', other],
            }),
          ),
        ).toBe(30001);
  });
});

describe('effective steps (spec §4)', () => {
  const step = (status: KycStepStatus): StoredStep => ({
    status,
    type: 'INDIVIDUAL',
    rejectReasonCode: '',
    rejectReason: '',
  });
  const base = { opened: true, memberTagKyc: '', countryDisabled: false };

  it('when nothing is stored, then level 1 ALLOW and level 2 NOT_ALLOW', () => {
    expect(effectiveSteps(base).map((s) => s.status)).toEqual(['ALLOW', 'NOT_ALLOW']);
  });

  it("when KYC is not opened or member tag KYC is '1', then both NOT_ALLOW INDIVIDUAL", () => {
    const stored = { level1: step('SUCCESS'), level2: step('PENDING') };
    for (const input of [
      { ...base, ...stored, opened: false },
      { ...base, ...stored, memberTagKyc: '1' },
    ])
      expect(effectiveSteps(input).map((s) => [s.status, s.type])).toEqual([
        ['NOT_ALLOW', 'INDIVIDUAL'],
        ['NOT_ALLOW', 'INDIVIDUAL'],
      ]);
  });

  it('when the country is closed, then open steps show CERTIFICATION_DISABLED; decided ones keep theirs', () => {
    const closed = { ...base, countryDisabled: true };
    expect(effectiveSteps(closed).map((s) => s.status)).toEqual([
      'CERTIFICATION_DISABLED',
      'CERTIFICATION_DISABLED',
    ]);
    expect(
      effectiveSteps({ ...closed, level1: step('SUCCESS'), level2: step('PENDING') }).map((s) => s.status),
    ).toEqual(['SUCCESS', 'PENDING']);
  });

  it('when level 1 has not succeeded, then level 2 is never ALLOW', () => {
    expect(effectiveSteps({ ...base, level1: step('PENDING'), level2: step('ALLOW') })[1].status).toBe(
      'NOT_ALLOW',
    );
    expect(effectiveSteps({ ...base, level1: step('SUCCESS'), level2: step('ALLOW') })[1].status).toBe(
      'ALLOW',
    );
  });
});

const poiRows = POI_TRANSITIONS.flatMap((row) =>
  row.from.flatMap((from) => row.actors.map((actor) => ({ from, event: row.event, actor, to: row.to }))),
);

describe('re-verification transitions (docs/kyc.md table)', () => {
  it.each(poiRows)('$from --$event by $actor--> $to', ({ from, event, actor, to }) => {
    expect(nextPoiStatus(from, event, { ...POI_PASSING, actor })).toBe(to);
  });

  const allowed = new Set(poiRows.map((r) => `${r.from}|${r.event}`));
  const illegal = DISPLAY_UPDATE_POI_STATUSES.flatMap((from) =>
    POI_EVENTS.filter((event) => !allowed.has(`${from}|${event}`)).map((event) => ({ from, event })),
  );
  it.each(illegal)('$event from $from is refused with 30001', ({ from, event }) => {
    for (const actor of ACTORS)
      expect(codeOf(() => nextPoiStatus(from, event, { ...POI_PASSING, actor }))).toBe(30001);
  });

  const wrongActors = POI_TRANSITIONS.flatMap((row) =>
    ACTORS.filter((a) => !row.actors.includes(a)).map((actor) => ({
      from: row.from[0] as DisplayUpdatePoiStatus,
      event: row.event,
      actor,
    })),
  );
  it.each(wrongActors)('$event from $from by $actor is refused with 30001', ({ from, event, actor }) => {
    expect(codeOf(() => nextPoiStatus(from, event, { ...POI_PASSING, actor }))).toBe(30001);
  });

  it('when the person is not verified or no deadline is set, then a request is refused', () => {
    const from = 'DisplayUpdatePOIStatus_No';
    expect(
      codeOf(() =>
        nextPoiStatus(from, 'request', { ...POI_PASSING, actor: 'reviewer', level1Status: 'PENDING' }),
      ),
    ).toBe(30001);
    expect(
      codeOf(() => nextPoiStatus(from, 'request', { ...POI_PASSING, actor: 'reviewer', deadline: null })),
    ).toBe(10001);
  });

  it('when a rejection has no reason, then it is refused with 10001', () => {
    for (const event of ['reject', 'reject_daily'] as const)
      expect(
        codeOf(() =>
          nextPoiStatus('DisplayUpdatePOIStatus_Pending', event, {
            ...POI_PASSING,
            actor: 'reviewer',
            reason: '',
          }),
        ),
      ).toBe(10001);
  });

  it('when in the Turkey region, then only the app may submit (spec §4)', () => {
    const turkey = { ...POI_PASSING, actor: 'user' as const, turkeyRegion: true };
    for (const from of ['DisplayUpdatePOIStatus_Needed', 'DisplayUpdatePOIStatus_Rejected'] as const) {
      expect(codeOf(() => nextPoiStatus(from, 'submit', { ...turkey, channel: 'web' }))).toBe(30001);
      expect(nextPoiStatus(from, 'submit', { ...turkey, channel: 'app' })).toBe(
        'DisplayUpdatePOIStatus_Pending',
      );
    }
  });

  it('when rejected for the day, then resubmission is refused until the daily reset', () => {
    const ctx = { ...POI_PASSING, actor: 'user' as const };
    expect(codeOf(() => nextPoiStatus('DisplayUpdatePOIStatus_Rejected_Daily', 'submit', ctx))).toBe(30001);
  });
});
