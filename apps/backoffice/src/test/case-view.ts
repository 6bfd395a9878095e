import type { CaseView } from '../features/review-case/api/case.ts';

/**
 * A verification case as `GET /backoffice/api/cases/:userId` answers it: level 1 waiting for review,
 * nothing decided, uploaded or screened yet. Tests of one section of the case page override what
 * their section reads.
 */
export function pendingCaseView(overrides: Partial<CaseView> = {}): CaseView {
  return {
    userId: 41,
    email: 'ada@example.com',
    site: 'GLOBAL',
    applicant: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '1990-12-10',
      country: 'DE',
      residenceCountry: 'DE',
      level: 0,
    },
    levels: [
      { level: 1, status: 'PENDING', rejectReasonCode: '', rejectReason: '', finalRejectionProposed: false },
      {
        level: 2,
        status: 'NOT_ALLOW',
        rejectReasonCode: '',
        rejectReason: '',
        finalRejectionProposed: false,
      },
    ],
    reverification: {
      status: 'DisplayUpdatePOIStatus_No',
      deadline: null,
      rejectReason: '',
      site: '',
      country: '',
    },
    decisions: [],
    documents: [],
    submissions: [],
    vendor: { applicants: [], events: [] },
    screening: { status: 'not_screened', screenedAt: null, lists: [], hits: [], frozen: null },
    ...overrides,
  };
}
