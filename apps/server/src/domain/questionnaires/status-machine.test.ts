import { describe, expect, it } from 'vitest';
import {
  EDD_STATUSES,
  QUESTIONNAIRE_STATUSES,
  RET_CODES,
  type EddStatus,
  type QuestionnaireStatus,
} from '@kyc/contracts';
import { retCodeOf as codeOf } from '../../lib/testing/ret-code-of.ts';
import {
  EDD_TRANSITIONS,
  QUESTIONNAIRE_TRANSITIONS,
  nextEddStatus,
  nextQuestionnaireStatus,
  questionnaireEditable,
  retryAfterOf,
  type EddContext,
  type EddEvent,
  type QuestionnaireContext,
  type QuestionnaireEvent,
  type ReviewActor,
} from './status-machine.ts';

const ACTORS: ReviewActor[] = ['user', 'reviewer', 'senior_reviewer', 'system'];
const Q_EVENTS: QuestionnaireEvent[] = [
  'require',
  'save_draft',
  'submit',
  'lock',
  'release',
  'approve',
  'reject',
  'request_info',
  'renew',
];
const EDD_EVENTS: EddEvent[] = ['start', 'withdraw', 'submit', 'request_info', 'pass', 'reject', 'resubmit'];
const NOW = 1_800_000_000_000;
const ILLEGAL = RET_CODES.QUESTIONNAIRE_ILLEGAL_TRANSITION.code;

/** A context in which every guard of the row passes (its review mode is the one the row needs). */
function passingQ(
  actor: ReviewActor,
  event: QuestionnaireEvent,
  from: QuestionnaireStatus,
): QuestionnaireContext {
  const auto = (event === 'approve' || event === 'reject') && from === 'PENDING';
  return {
    actor,
    review: auto ? 'auto' : 'staff',
    reason: 'Please add a bank statement',
    retryAfter: NOW - 1,
    now: NOW,
  };
}

const qRows = QUESTIONNAIRE_TRANSITIONS.flatMap((row) =>
  row.from.flatMap((from) => row.actors.map((actor) => ({ from, event: row.event, actor, to: row.to }))),
);

describe('questionnaire transitions (docs/questionnaires.md table)', () => {
  it.each(qRows)('$from --$event by $actor--> $to', ({ from, event, actor, to }) => {
    expect(nextQuestionnaireStatus(from, event, passingQ(actor, event, from))).toBe(to);
  });

  const allowed = new Set(qRows.map((r) => `${r.from}|${r.event}`));
  const illegal = QUESTIONNAIRE_STATUSES.flatMap((from) =>
    Q_EVENTS.filter((event) => !allowed.has(`${from}|${event}`)).map((event) => ({ from, event })),
  );

  it('covers the illegal pairs', () => expect(illegal.length).toBeGreaterThan(30));

  it.each(illegal)('$event from $from is refused with 51001 for every actor', ({ from, event }) => {
    for (const actor of ACTORS)
      for (const review of ['staff', 'auto'] as const)
        expect(
          codeOf(() => nextQuestionnaireStatus(from, event, { ...passingQ(actor, event, from), review })),
        ).toBe(ILLEGAL);
  });

  const wrongActors = QUESTIONNAIRE_TRANSITIONS.flatMap((row) =>
    ACTORS.filter((a) => !row.actors.includes(a)).map((actor) => ({
      from: row.from[0] as QuestionnaireStatus,
      event: row.event,
      actor,
    })),
  );
  it.each(wrongActors)('$event from $from by $actor is refused with 51001', ({ from, event, actor }) => {
    expect(codeOf(() => nextQuestionnaireStatus(from, event, passingQ(actor, event, from)))).toBe(ILLEGAL);
  });

  it('a reviewer cannot decide without locking first, and the user cannot edit while locked', () => {
    const staff = { actor: 'reviewer', review: 'staff', reason: 'x' } as const;
    expect(codeOf(() => nextQuestionnaireStatus('PENDING', 'approve', staff))).toBe(ILLEGAL);
    expect(codeOf(() => nextQuestionnaireStatus('PENDING', 'reject', staff))).toBe(ILLEGAL);
    expect(codeOf(() => nextQuestionnaireStatus('PENDING_NO_EDIT', 'submit', { actor: 'user' }))).toBe(
      ILLEGAL,
    );
    expect(codeOf(() => nextQuestionnaireStatus('PENDING_NO_EDIT', 'save_draft', { actor: 'user' }))).toBe(
      ILLEGAL,
    );
    expect(codeOf(() => nextQuestionnaireStatus('APPROVED', 'submit', { actor: 'user' }))).toBe(ILLEGAL);
  });

  it('lock needs a staff-reviewed template; a system decision needs an auto-reviewed one', () => {
    expect(
      codeOf(() => nextQuestionnaireStatus('PENDING', 'lock', { actor: 'reviewer', review: 'auto' })),
    ).toBe(ILLEGAL);
    expect(
      codeOf(() => nextQuestionnaireStatus('PENDING', 'approve', { actor: 'system', review: 'staff' })),
    ).toBe(ILLEGAL);
    expect(
      codeOf(() =>
        nextQuestionnaireStatus('PENDING', 'reject', { actor: 'system', review: 'staff', reason: 'score' }),
      ),
    ).toBe(ILLEGAL);
  });

  it('a rejection and a request for information need a reason (10001)', () => {
    for (const reason of [undefined, '', '   ']) {
      expect(
        codeOf(() => nextQuestionnaireStatus('PENDING_NO_EDIT', 'reject', { actor: 'reviewer', reason })),
      ).toBe(RET_CODES.PARAMS_ERROR.code);
      expect(
        codeOf(() =>
          nextQuestionnaireStatus('APPROVED', 'request_info', { actor: 'senior_reviewer', reason }),
        ),
      ).toBe(RET_CODES.PARAMS_ERROR.code);
      expect(
        codeOf(() =>
          nextQuestionnaireStatus('PENDING', 'reject', { actor: 'system', review: 'auto', reason }),
        ),
      ).toBe(RET_CODES.PARAMS_ERROR.code);
    }
  });

  it('a failed test is retried only after its cool-down (51005)', () => {
    const rejectedAt = NOW;
    const retryAfter = retryAfterOf(rejectedAt, 24);
    expect(retryAfter).toBe(NOW + 24 * 3_600_000);
    const at = (now: number) => () =>
      nextQuestionnaireStatus('REJECTED', 'submit', { actor: 'user', retryAfter, now });
    expect(codeOf(at(NOW + 3_600_000))).toBe(RET_CODES.QUESTIONNAIRE_COOL_DOWN.code);
    expect(codeOf(at(NOW + 24 * 3_600_000 - 1))).toBe(RET_CODES.QUESTIONNAIRE_COOL_DOWN.code);
    expect(at(NOW + 24 * 3_600_000)()).toBe('PENDING');
    // A staff rejection (no cool-down) may be resubmitted at once.
    expect(retryAfterOf(rejectedAt, undefined)).toBeNull();
    expect(retryAfterOf(rejectedAt, 0)).toBeNull();
    expect(nextQuestionnaireStatus('REJECTED', 'submit', { actor: 'user', retryAfter: null, now: NOW })).toBe(
      'PENDING',
    );
  });

  it('the test and agreement flows: submit then an immediate system decision', () => {
    const submitted = nextQuestionnaireStatus('UNSUBMIT', 'submit', { actor: 'user' });
    expect(nextQuestionnaireStatus(submitted, 'approve', { actor: 'system', review: 'auto' })).toBe(
      'APPROVED',
    );
    expect(
      nextQuestionnaireStatus(submitted, 'reject', {
        actor: 'system',
        review: 'auto',
        reason: 'below pass mark',
      }),
    ).toBe('REJECTED');
  });

  it('the reviewed flow: submit, amend, lock, reject, draft, resubmit, lock, approve, RFI reopen', () => {
    const user = { actor: 'user', now: NOW } as const;
    const staff = { actor: 'reviewer', review: 'staff', reason: 'Statement is older than 3 months' } as const;
    let s: QuestionnaireStatus = 'UNDEFINED';
    for (const [event, ctx, to] of [
      ['save_draft', user, 'UNSUBMIT'],
      ['submit', user, 'PENDING'],
      ['submit', user, 'PENDING'],
      ['lock', staff, 'PENDING_NO_EDIT'],
      ['reject', staff, 'REJECTED'],
      ['save_draft', user, 'REJECTED'],
      ['submit', user, 'PENDING'],
      ['lock', staff, 'PENDING_NO_EDIT'],
      ['release', staff, 'PENDING'],
      ['lock', staff, 'PENDING_NO_EDIT'],
      ['approve', staff, 'APPROVED'],
      ['request_info', staff, 'UNSUBMIT'],
    ] as const) {
      s = nextQuestionnaireStatus(s, event, ctx);
      expect(s, event).toBe(to);
    }
  });

  it('editable statuses are exactly those a user may save a draft in', () => {
    expect(QUESTIONNAIRE_STATUSES.filter(questionnaireEditable)).toEqual([
      'UNDEFINED',
      'UNSUBMIT',
      'PENDING',
      'REJECTED',
    ]);
  });
});

function passingEdd(actor: ReviewActor): EddContext {
  return { actor, reason: 'Deposits above USD 100,000 in 30 days', pep: false };
}

const eddRows = EDD_TRANSITIONS.flatMap((row) =>
  row.from.flatMap((from) => row.actors.map((actor) => ({ from, event: row.event, actor, to: row.to }))),
);

describe('EDD transitions (docs/questionnaires.md table)', () => {
  it.each(eddRows)('$from --$event by $actor--> $to', ({ from, event, actor, to }) => {
    expect(nextEddStatus(from, event, passingEdd(actor))).toBe(to);
  });

  const allowed = new Set(eddRows.map((r) => `${r.from}|${r.event}`));
  const illegal = EDD_STATUSES.flatMap((from) =>
    EDD_EVENTS.filter((event) => !allowed.has(`${from}|${event}`)).map((event) => ({ from, event })),
  );

  it('covers the illegal pairs', () => expect(illegal.length).toBeGreaterThan(20));

  it.each(illegal)('$event from $from is refused with 51001 for every actor', ({ from, event }) => {
    for (const actor of ACTORS)
      expect(codeOf(() => nextEddStatus(from, event, passingEdd(actor)))).toBe(ILLEGAL);
  });

  const wrongActors = EDD_TRANSITIONS.flatMap((row) =>
    ACTORS.filter((a) => !row.actors.includes(a)).map((actor) => ({
      from: row.from[0] as EddStatus,
      event: row.event,
      actor,
    })),
  );
  it.each(wrongActors)('$event from $from by $actor is refused with 51001', ({ from, event, actor }) => {
    expect(codeOf(() => nextEddStatus(from, event, passingEdd(actor)))).toBe(ILLEGAL);
  });

  it('start, withdraw, request_info and reject need a reason (10001)', () => {
    const cases: [EddStatus, EddEvent, ReviewActor][] = [
      ['Unknown', 'start', 'system'],
      ['UnSubmit', 'withdraw', 'reviewer'],
      ['Reviewing', 'request_info', 'reviewer'],
      ['Reviewing', 'reject', 'senior_reviewer'],
    ];
    for (const [from, event, actor] of cases)
      expect(
        codeOf(() => nextEddStatus(from, event, { actor, reason: ' ' })),
        event,
      ).toBe(RET_CODES.PARAMS_ERROR.code);
  });

  it('a politically exposed person passes only with a senior reviewer (FATF R.12)', () => {
    expect(codeOf(() => nextEddStatus('Reviewing', 'pass', { actor: 'reviewer', pep: true }))).toBe(ILLEGAL);
    expect(nextEddStatus('Reviewing', 'pass', { actor: 'senior_reviewer', pep: true })).toBe('Pass');
    expect(nextEddStatus('Reviewing', 'pass', { actor: 'reviewer', pep: false })).toBe('Pass');
  });

  it('the full case: start, submit, reject, resubmit, request info, submit, pass, periodic restart', () => {
    const user = { actor: 'user' } as const;
    const staff = { actor: 'reviewer', reason: 'Source of wealth not evidenced' } as const;
    let s: EddStatus = 'Unknown';
    for (const [event, ctx, to] of [
      ['start', { actor: 'system', reason: 'High-risk country' }, 'UnSubmit'],
      ['submit', user, 'Reviewing'],
      ['reject', staff, 'Reject'],
      ['resubmit', user, 'Reviewing'],
      ['request_info', staff, 'UnSubmit'],
      ['submit', user, 'Reviewing'],
      ['pass', staff, 'Pass'],
      ['start', { actor: 'system', reason: 'Annual review' }, 'UnSubmit'],
    ] as const) {
      s = nextEddStatus(s, event, ctx);
      expect(s, event).toBe(to);
    }
  });
});
