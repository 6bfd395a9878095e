import { describe, expect, it } from 'vitest';
import type { StaffMe, StaffRole } from '@kyc/contracts';
import type { CaseSubmission, CaseView } from './api/case.ts';
import { approvalBlocked, levelActions, pendingUpdates, reverificationActions } from './decision-rules.ts';
import { nth } from '../../test/nth.ts';

const me = (role: StaffRole, id = 7): StaffMe => ({ id, email: 'x@kyc.example', display_name: 'X', role });

function caseWith(level1: Partial<CaseView['levels'][number]>, proposer?: number): CaseView {
  return {
    userId: 41,
    email: 'a@example.com',
    site: 'GLOBAL',
    applicant: {
      firstName: 'A',
      lastName: 'B',
      dateOfBirth: '',
      country: '',
      residenceCountry: '',
      level: 0,
    },
    levels: [
      {
        level: 1,
        status: 'PENDING',
        rejectReasonCode: '',
        rejectReason: '',
        finalRejectionProposed: false,
        ...level1,
      },
    ],
    reverification: {
      status: 'DisplayUpdatePOIStatus_No',
      deadline: null,
      rejectReason: '',
      site: '',
      country: '',
    },
    vendor: { applicants: [], events: [] },
    screening: { status: 'clear', screenedAt: null, lists: [], hits: [], frozen: null },
    decisions:
      proposer === undefined
        ? []
        : [
            {
              id: 1,
              level: 1,
              decision: 'approve',
              reasonCode: '',
              userMessage: '',
              staffId: 1,
              staffName: 'Ada',
              confirmedBy: null,
              confirmedByName: null,
              decidedByProvider: null,
              comment: '',
              at: 1,
            },
            {
              id: 2,
              level: 1,
              decision: 'reject_final_proposed',
              reasonCode: 'SUSPECTED_FRAUD',
              userMessage: 'm',
              staffId: proposer,
              staffName: `Staff ${proposer}`,
              confirmedBy: null,
              confirmedByName: null,
              decidedByProvider: null,
              comment: '',
              at: 2,
            },
          ],
    documents: [],
    submissions: [],
  };
}

const pick = (a: ReturnType<typeof levelActions>) => [
  a.approve,
  a.rejectRetry,
  a.proposeFinal,
  a.confirmFinal,
];

describe('levelActions', () => {
  it.each<[StaffRole, boolean[]]>([
    ['reviewer', [true, true, true, false]],
    ['senior_reviewer', [true, true, true, false]],
    ['admin', [true, true, true, false]],
    ['auditor', [false, false, false, false]],
  ])(
    'when level 1 is PENDING and the role is %s, then [approve, retry, propose, confirm] are %j',
    (role, expected) => {
      const c = caseWith({});
      expect(pick(levelActions(c, nth(c.levels, 0), me(role)))).toEqual(expected);
    },
  );

  it.each<[StaffRole, number, boolean[]]>([
    ['reviewer', 9, [false, false, false, false]],
    ['senior_reviewer', 9, [true, true, false, true]],
    ['senior_reviewer', 7, [true, true, false, false]],
    ['admin', 9, [true, true, false, true]],
    ['admin', 7, [true, true, false, false]],
  ])(
    'when a final rejection is proposed, the role is %s and the proposer is #%i (me: #7), then the actions are %j',
    (role, proposer, expected) => {
      const c = caseWith({ finalRejectionProposed: true }, proposer);
      const actions = levelActions(c, nth(c.levels, 0), me(role));
      expect(pick(actions)).toEqual(expected);
      expect(actions.proposedByMe).toBe(proposer === 7);
    },
  );

  it.each<[StaffRole, boolean[]]>([
    ['reviewer', [false, false, false, false]],
    ['senior_reviewer', [true, true, false, true]],
    ['admin', [true, true, false, true]],
  ])(
    'when Sumsub proposed the final rejection (staff #0) and the role is %s, then the actions are %j and the vendor is named',
    (role, expected) => {
      const base = caseWith({ finalRejectionProposed: true }, 0);
      const c: CaseView = {
        ...base,
        decisions: base.decisions.map((d) =>
          d.decision === 'reject_final_proposed' ? { ...d, decidedByProvider: 'sumsub' } : d,
        ),
      };
      const actions = levelActions(c, nth(c.levels, 0), me(role));
      expect(pick(actions)).toEqual(expected);
      expect(actions.proposedByVendor).toBe('sumsub');
      expect(actions.proposedByMe).toBe(false);
    },
  );

  it('when the level is not PENDING, then nothing can be decided on it', () => {
    const c = caseWith({ status: 'SUCCESS' });
    expect(pick(levelActions(c, nth(c.levels, 0), me('admin')))).toEqual([false, false, false, false]);
  });
});

describe('reverificationActions and pendingUpdates', () => {
  it('when level 1 is verified and nothing is requested, then only a request is possible', () => {
    const c = caseWith({ status: 'SUCCESS' });
    expect(reverificationActions(c, me('reviewer'))).toEqual({
      request: true,
      approve: false,
      reject: false,
    });
    expect(reverificationActions(c, me('auditor')).request).toBe(false);
  });

  it('when submissions are listed, then only pending ID and address updates are offered', () => {
    const base = caseWith({ status: 'SUCCESS' });
    const sub: CaseSubmission = {
      id: 1,
      kind: 'update_id',
      level: 1,
      documentType: 'PASSPORT',
      issuingCountry: 'DE',
      status: 'PENDING',
      createdAt: 1,
      decidedAt: null,
      reasonCode: '',
      userMessage: '',
      documentIds: [],
      details: {},
      consent: null,
      finalProposedAt: null,
    };
    const c: CaseView = {
      ...base,
      submissions: [sub, { ...sub, id: 2, status: 'APPROVED' }, { ...sub, id: 3, kind: 'level' }],
    };
    expect(pendingUpdates(c, me('reviewer')).map((s) => s.id)).toEqual([1]);
    expect(pendingUpdates(c, me('auditor'))).toEqual([]);
  });
});

describe('approvalBlocked (issue 18)', () => {
  const withHit = (state: CaseView['screening']['hits'][number]['state']): CaseView => {
    const base = caseWith({});
    const hit = { id: 1, state } as CaseView['screening']['hits'][number];
    return { ...base, screening: { ...base.screening, status: 'open_hit', hits: [hit] } };
  };

  it('when a hit is open or a false positive waits for the second reviewer, then approval is blocked', () => {
    expect(approvalBlocked(withHit('open'))).toBe(true);
    expect(approvalBlocked(withHit('pending_confirmation'))).toBe(true);
  });

  it('when every hit is resolved as a false positive, or there is none, then approval is not blocked', () => {
    expect(approvalBlocked(withHit('cleared'))).toBe(false);
    expect(approvalBlocked(withHit('confirmed_false_positive'))).toBe(false);
    expect(approvalBlocked(caseWith({}))).toBe(false);
  });
});
