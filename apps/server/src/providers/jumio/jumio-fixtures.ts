/**
 * Recorded examples of Jumio's published KYX documentation, used by the unit tests (values as documented,
 * identifiers shortened as the docs themselves do):
 * - OAuth2 token: https://github.com/Jumio/implementation-guides/blob/master/api-guide/api_guide.md#request-access-token
 * - account creation answer: same guide, "Account Creation" → Response
 * - retrieval (workflow details, capability labels): same guide, "Retrieval" and "capabilities", and
 *   https://documentation.jumio.ai/docs/developer-resources/retrieval ("Transaction Decisions and Risk Scores")
 * - callback body: https://docs.jumio.com/production/Content/Integration/Callback.htm
 */
export const TOKEN_ANSWER = { access_token: 'YOUR_ACCESS_TOKEN', expires_in: 3600, token_type: 'Bearer' };

export const ACCOUNT_ANSWER = {
  timestamp: '2021-05-28T09:17:50.240Z',
  account: { id: '11111111-1111-1111-1111-aaaaaaaaaaaa' },
  web: {
    href: 'https://mycompany.web.amer-1.jumio.ai/web/v4/app?authorizationToken=xxx&locale=es',
    successUrl: 'https://www.yourcompany.com/success',
    errorUrl: 'https://www.yourcompany.com/error',
  },
  sdk: { token: 'xxx' },
  workflowExecution: {
    id: '22222222-2222-2222-2222-aaaaaaaaaaaa',
    credentials: [
      { id: '33333333-3333-3333-aaaaaaaaaaaa', category: 'ID', allowedChannels: ['WEB', 'API', 'SDK'] },
    ],
  },
};

export const CALLBACK = {
  callbackSentAt: '2021-01-21T14:55:01.917Z',
  userReference: 'kyc_0123456789abcdef01234567',
  workflowExecution: {
    id: '22222222-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
    href: 'https://retrieval.apac-1.jumio.ai/api/v1/accounts/11111111-xxxx-xxxx-xxxx-xxxxxxxxxxxx/workflow-executions/22222222-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
    definitionKey: '3',
    status: 'PROCESSED',
  },
  account: {
    id: '11111111-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
    href: 'https://retrieval.apac-1.jumio.ai/api/v1/accounts/11111111-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
  },
};

const passed = (label = 'OK') => ({ type: 'PASSED', details: { label } });
const capability = (type: string, label: string) => [
  {
    id: '1a11111-xxxx',
    credentials: [{ id: '33333333-xxxx', category: 'ID' }],
    decision: { type, details: { label } },
  },
];

/** A retrieval answer of the documented shape with the given workflow status, decision and capabilities. */
export function retrieval(
  status: string,
  decision: { type: string; details: { label: string } } | undefined,
  capabilities: Record<string, ReturnType<typeof capability>> = {},
) {
  return {
    workflow: { id: '22222222-xxxx-xxxx-xxxx-xxxxxxxxxxxx', status, definitionKey: '10013' },
    account: { id: '11111111-xxxx-xxxx-xxxx-xxxxxxxxxxxx' },
    createdAt: '2021-03-12T15:47:17.234Z',
    startedAt: '2021-03-12T15:49:32.202Z',
    ...(status === 'PROCESSED' ? { completedAt: '2021-03-12T15:49:33.421Z' } : {}),
    ...(decision ? { decision: { ...decision, risk: { score: 0 } } } : {}),
    capabilities,
  };
}

export const RETRIEVAL = {
  passed: retrieval('PROCESSED', passed(), {
    usability: capability('PASSED', 'OK'),
    extraction: capability('PASSED', 'OK'),
    similarity: capability('PASSED', 'MATCH'),
    liveness: capability('PASSED', 'OK'),
  }),
  blurred: retrieval(
    'PROCESSED',
    { type: 'REJECTED', details: { label: 'REJECTED' } },
    {
      usability: capability('REJECTED', 'BLURRED'),
      imageChecks: capability('NOT_EXECUTED', 'PRECONDITION_NOT_FULFILLED'),
    },
  ),
  selfieMismatch: retrieval(
    'PROCESSED',
    { type: 'REJECTED', details: { label: 'REJECTED' } },
    {
      usability: capability('PASSED', 'OK'),
      similarity: capability('REJECTED', 'NO_MATCH'),
    },
  ),
  digitalCopy: retrieval(
    'PROCESSED',
    { type: 'REJECTED', details: { label: 'REJECTED' } },
    {
      usability: capability('PASSED', 'OK'),
      imageChecks: capability('REJECTED', 'DIGITAL_COPY'),
      extraction: capability('NOT_EXECUTED', 'PRECONDITION_NOT_FULFILLED'),
      similarity: capability('REJECTED', 'NO_MATCH'),
    },
  ),
  missingPage: retrieval(
    'PROCESSED',
    { type: 'REJECTED', details: { label: 'REJECTED' } },
    {
      usability: capability('REJECTED', 'MISSING_PAGE'),
    },
  ),
  unsupported: retrieval(
    'PROCESSED',
    { type: 'REJECTED', details: { label: 'REJECTED' } },
    {
      usability: capability('WARNING', 'UNSUPPORTED_DOCUMENT_TYPE'),
    },
  ),
  warning: retrieval(
    'PROCESSED',
    { type: 'WARNING', details: { label: 'WARNING' } },
    {
      liveness: capability('WARNING', 'AGE_DIFFERENCE'),
    },
  ),
  notExecuted: retrieval('PROCESSED', { type: 'NOT_EXECUTED', details: { label: 'TOKEN_EXPIRED' } }),
  initiated: retrieval('INITIATED', undefined),
  acquired: retrieval('ACQUIRED', undefined),
};
