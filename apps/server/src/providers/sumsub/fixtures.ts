/**
 * Sumsub webhook payloads as Sumsub's documentation shows them, for the unit tests.
 *
 * - GREEN: the example of https://docs.sumsub.com/docs/receive-and-interpret-results-via-api
 *   ("An example webhook payload with a GREEN response"). The stored copy of the page we read was cut
 *   inside createdAtMs after "2020-02-"; the rest of that value is ours, in the documented format.
 * - The others follow the attribute table of https://docs.sumsub.com/docs/user-verification-webhooks
 *   (applicantId, inspectionId, correlationId, levelName, externalUserId, type, sandboxMode,
 *   reviewStatus, createdAtMs "yyyy-MM-dd HH:mm:ss.fff" UTC, clientId, reviewResult) and the reviewResult
 *   fields of the first page (moderationComment, clientComment, reviewAnswer, rejectLabels,
 *   reviewRejectType). Their values are ours, not copied from an example: the stored pages did not hold
 *   those examples in full.
 */
const base = {
  applicantId: '5cb56e8e0a975a35f333cb83',
  inspectionId: '5cb56e8e0a975a35f333cb84',
  externalUserId: 'externalUserId',
  levelName: 'id-and-liveness',
};

export const DOC_APPLICANT_REVIEWED_GREEN = {
  ...base,
  correlationId: 'req-a260b669-4f14-4bb5-a4c5-ac0218acb9a4',
  type: 'applicantReviewed',
  reviewResult: { reviewAnswer: 'GREEN' },
  reviewStatus: 'completed',
  createdAtMs: '2020-02-21 13:23:19.321',
};

export const DOC_APPLICANT_CREATED = {
  ...base,
  correlationId: 'req-63f92830-4d68-4eee-98d5-875d53a12258',
  type: 'applicantCreated',
  sandboxMode: false,
  reviewStatus: 'init',
  createdAtMs: '2020-02-21 13:20:01.002',
  clientId: 'coolClientId',
};

export const DOC_APPLICANT_PENDING = {
  ...base,
  correlationId: 'req-f6a2b3c4-0000-4000-8000-000000000001',
  type: 'applicantPending',
  sandboxMode: false,
  reviewStatus: 'pending',
  createdAtMs: '2020-02-21 13:22:01.120',
  clientId: 'coolClientId',
};

export const DOC_APPLICANT_ON_HOLD = {
  ...base,
  correlationId: 'req-f6a2b3c4-0000-4000-8000-000000000002',
  type: 'applicantOnHold',
  reviewStatus: 'onHold',
  createdAtMs: '2020-02-21 13:22:30.000',
};

export const DOC_APPLICANT_RESET = {
  ...base,
  correlationId: 'req-f6a2b3c4-0000-4000-8000-000000000003',
  type: 'applicantReset',
  reviewStatus: 'init',
  createdAtMs: '2020-02-21 13:30:00.000',
};

export const DOC_APPLICANT_REVIEWED_RETRY = {
  ...base,
  correlationId: 'req-f6a2b3c4-0000-4000-8000-000000000004',
  type: 'applicantReviewed',
  reviewResult: {
    moderationComment: 'We could not verify your profile. Please upload a clear photo of your document.',
    clientComment: 'Document photo is blurred.',
    reviewAnswer: 'RED',
    rejectLabels: ['UNSATISFACTORY_PHOTOS', 'DOCUMENT_PAGE_MISSING'],
    reviewRejectType: 'RETRY',
  },
  reviewStatus: 'completed',
  createdAtMs: '2020-02-21 13:23:19.001',
};

export const DOC_APPLICANT_REVIEWED_FINAL = {
  ...base,
  correlationId: 'req-f6a2b3c4-0000-4000-8000-000000000005',
  type: 'applicantReviewed',
  reviewResult: {
    moderationComment: 'We could not verify your profile.',
    clientComment: 'Suspected fraudulent account.',
    reviewAnswer: 'RED',
    rejectLabels: ['FORGERY', 'GRAPHIC_EDITOR'],
    reviewRejectType: 'FINAL',
  },
  reviewStatus: 'completed',
  createdAtMs: '2020-02-21 13:23:19.002',
};

export const DOC_APPLICANT_LEVEL_CHANGED = {
  ...base,
  correlationId: 'req-f6a2b3c4-0000-4000-8000-000000000006',
  type: 'applicantLevelChanged',
  levelName: 'another-level',
  reviewStatus: 'init',
  createdAtMs: '2020-02-21 13:40:00.000',
};
