// Responses as GET /backoffice/api/questionnaires/:userId/:templateCode answers them, for the tests.
import type { StaffMe, StaffRole } from '@kyc/contracts';
import type { ResponseSatos, ResponseSubmission, ResponseView } from '../api/review.ts';

export const T0 = Date.UTC(2026, 10, 20, 9, 30);
export const EVIDENCE_ID = 'a'.repeat(32);
export const PDF_ID = 'b'.repeat(32);

export function staff(role: StaffRole, id = 7): StaffMe {
  return { id, email: `${role}@kyc.example`, display_name: `Staff ${id}`, role };
}

const SOF = 'source-of-funds-wealth';

export function submission(overrides: Partial<ResponseSubmission> = {}): ResponseSubmission {
  return {
    id: 12,
    templateVersion: 1,
    status: 'PENDING',
    score: null,
    submittedAt: T0,
    language: 'en',
    ipAddress: '203.0.113.9',
    userAgent: 'Mozilla/5.0',
    answers: [
      {
        questionId: 'total_wealth',
        type: 'single_choice',
        label: `${SOF}.q.total_wealth.label`,
        section: `${SOF}.sections.overview`,
        page: `${SOF}.pages.overview.title`,
        value: 'from_100k_to_500k',
        optionLabels: [`${SOF}.q.total_wealth.o.from_100k_to_500k`],
      },
      {
        questionId: 'sources',
        type: 'multiple_choice',
        label: `${SOF}.q.sources.label`,
        section: `${SOF}.sections.overview`,
        page: `${SOF}.pages.overview.title`,
        value: ['salary', 'investments'],
        optionLabels: [`${SOF}.q.sources.o.salary`, `${SOF}.q.sources.o.investments`],
      },
      {
        questionId: 'salary_employer',
        type: 'text',
        label: `${SOF}.q.salary_employer.label`,
        section: `${SOF}.sections.details`,
        page: `${SOF}.pages.salary.title`,
        value: 'Acme GmbH',
        optionLabels: [],
      },
      {
        questionId: 'salary_annual_usd',
        type: 'number',
        label: `${SOF}.q.salary_annual_usd.label`,
        section: `${SOF}.sections.details`,
        page: `${SOF}.pages.salary.title`,
        value: 85000,
        optionLabels: [],
      },
      {
        questionId: 'salary_evidence',
        type: 'evidence_upload',
        label: `${SOF}.q.salary_evidence.label`,
        section: `${SOF}.sections.details`,
        page: `${SOF}.pages.salary.title`,
        value: [PDF_ID],
        optionLabels: [],
      },
      {
        questionId: 'business_name',
        type: 'text',
        label: `${SOF}.q.business_name.label`,
        section: `${SOF}.sections.details`,
        page: `${SOF}.pages.business.title`,
        value: null,
        optionLabels: [],
      },
      {
        questionId: 'residence',
        type: 'country',
        label: 'test.q.residence',
        section: `${SOF}.sections.details`,
        page: `${SOF}.pages.business.title`,
        value: 'DE',
        optionLabels: [],
      },
      {
        questionId: 'pep',
        type: 'yes_no',
        label: 'test.q.pep',
        section: `${SOF}.sections.details`,
        page: `${SOF}.pages.business.title`,
        value: false,
        optionLabels: [],
      },
      {
        questionId: 'truthful',
        type: 'declaration',
        label: 'test.q.truthful',
        section: `${SOF}.sections.details`,
        page: `${SOF}.pages.business.title`,
        value: true,
        optionLabels: [],
      },
    ],
    ...overrides,
  };
}

export function response(overrides: Partial<ResponseView> = {}): ResponseView {
  const sub = submission();
  return {
    userId: 41,
    email: 'ana@example.com',
    site: 'EU',
    level: 1,
    template: { code: SOF, version: 1, kind: 'questionnaire', review: 'staff', title: `${SOF}.title` },
    status: 'PENDING',
    reason: '',
    retryAfter: null,
    submission: sub,
    submissions: [
      {
        id: sub.id,
        templateVersion: sub.templateVersion,
        status: sub.status,
        score: null,
        submittedAt: sub.submittedAt,
        language: sub.language,
        ipAddress: sub.ipAddress,
        userAgent: sub.userAgent,
      },
    ],
    evidence: [
      { id: EVIDENCE_ID, mime: 'image/png', size: 1000, sha256: 'x', createdAt: T0, submissionId: 12 },
      { id: PDF_ID, mime: 'application/pdf', size: 2000, sha256: 'y', createdAt: T0, submissionId: 12 },
    ],
    history: [{ at: T0, event: 'submit', actor: 'user', staffId: null, staffName: null, text: '' }],
    edd: null,
    satos: [],
    tasks: [],
    assignee: null,
    ...overrides,
  };
}

/** The EDD template's response with its case Reviewing. */
export function eddResponse(pep: boolean, status: ResponseView['status'] = 'PENDING_NO_EDIT'): ResponseView {
  return response({
    template: { code: 'edd', version: 1, kind: 'questionnaire', review: 'staff', title: 'edd.title' },
    status,
    submission: submission({ status, answers: [] }),
    edd: {
      status: 'Reviewing',
      triggerReason: 'PEP screening hit',
      pep,
      reason: '',
      decidedBy: null,
      decidedAt: null,
      updatedAt: T0,
    },
  });
}

export function satos(depositRef: string, status: ResponseSatos['status']): ResponseSatos {
  return {
    depositRef,
    coin: 'BTC',
    network: 'BTC',
    status,
    reason: '',
    createdAt: T0,
    updatedAt: T0,
    submission: submission({ status, answers: [] }),
  };
}
