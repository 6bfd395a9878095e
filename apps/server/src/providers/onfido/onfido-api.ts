/**
 * The calls we make to Onfido's API v3.6 (https://documentation.onfido.com/api/latest/), all through
 * vendor-http (timeouts, retries on 5xx / 429, VendorUnavailable). Kept apart from the adapter so the
 * adapter reads as "what we do" and this file as "how Onfido wants it said". Authentication is the API
 * token in `Authorization: Token token=<api token>`.
 *
 * Applicant names: Onfido requires first_name and last_name on POST /applicants. We never send the
 * person's name or email (provider.ts: a person is known to a vendor only by our opaque reference), so
 * the applicant is created as first_name 'Applicant', last_name = our reference ("kyc_" + 24 hex); the
 * Studio workflow's own capture (document, profile data) is where Onfido learns who the person is.
 */
import { VendorUnavailable } from '../provider.ts';
import { unexpectedAnswer, type VendorHttp, type VendorResponse } from '../vendor-http.ts';

/** A workflow run as GET /workflow_runs/{id} answers it (the fields we read). */
export interface OnfidoWorkflowRun {
  id: string;
  applicant_id: string;
  workflow_id: string;
  status: string;
  reasons: string[] | null;
  output: unknown;
  created_at: string;
  updated_at: string;
}

/** The first name every applicant of ours has at Onfido (see the comment above). */
export const APPLICANT_FIRST_NAME = 'Applicant';

export interface OnfidoApi {
  createApplicant(externalUserId: string): Promise<{ id: string }>;
  createWorkflowRun(
    workflowId: string,
    applicantId: string,
    externalUserId: string,
  ): Promise<OnfidoWorkflowRun>;
  /** The run, or undefined when Onfido does not know it (404). */
  findWorkflowRun(id: string): Promise<OnfidoWorkflowRun | undefined>;
  sdkToken(applicantId: string): Promise<string>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function runOf(response: VendorResponse, what: string): OnfidoWorkflowRun {
  const json = response.json;
  if (!isObject(json) || typeof json.id !== 'string' || typeof json.status !== 'string')
    throw new VendorUnavailable('onfido', `${what}: not a workflow run`);
  return {
    id: json.id,
    applicant_id: typeof json.applicant_id === 'string' ? json.applicant_id : '',
    workflow_id: typeof json.workflow_id === 'string' ? json.workflow_id : '',
    status: json.status,
    reasons: Array.isArray(json.reasons) ? json.reasons.filter((r) => typeof r === 'string') : null,
    output: json.output ?? null,
    created_at: typeof json.created_at === 'string' ? json.created_at : '',
    updated_at: typeof json.updated_at === 'string' ? json.updated_at : '',
  };
}

export function onfidoApi(baseUrl: string, apiToken: string, http: VendorHttp): OnfidoApi {
  const headers = { authorization: `Token token=${apiToken}`, 'content-type': 'application/json' };
  const post = (path: string, body: unknown) =>
    http({ method: 'POST', url: `${baseUrl}${path}`, headers, body: JSON.stringify(body) });

  return {
    async createApplicant(externalUserId) {
      const response = await post('/applicants', {
        first_name: APPLICANT_FIRST_NAME,
        last_name: externalUserId,
      });
      const json = response.json;
      if (response.status !== 201 && response.status !== 200)
        throw unexpectedAnswer('onfido', 'create applicant', response);
      if (!isObject(json) || typeof json.id !== 'string')
        throw new VendorUnavailable('onfido', 'create applicant: no applicant id');
      return { id: json.id };
    },

    async createWorkflowRun(workflowId, applicantId, externalUserId) {
      const response = await post('/workflow_runs', {
        workflow_id: workflowId,
        applicant_id: applicantId,
        customer_user_id: externalUserId,
      });
      if (response.status !== 201 && response.status !== 200)
        throw unexpectedAnswer('onfido', 'create workflow run', response);
      return runOf(response, 'create workflow run');
    },

    async findWorkflowRun(id) {
      const response = await http({
        method: 'GET',
        url: `${baseUrl}/workflow_runs/${encodeURIComponent(id)}`,
        headers: { authorization: headers.authorization },
      });
      if (response.status === 404) return undefined;
      if (response.status !== 200) throw unexpectedAnswer('onfido', 'find workflow run', response);
      return runOf(response, 'find workflow run');
    },

    async sdkToken(applicantId) {
      // Web SDK token; no referrer restriction (the SDK runs on our own pages only).
      const response = await post('/sdk_token', { applicant_id: applicantId });
      const json = response.json;
      if (response.status !== 200 && response.status !== 201)
        throw unexpectedAnswer('onfido', 'SDK token', response);
      if (!isObject(json) || typeof json.token !== 'string')
        throw new VendorUnavailable('onfido', 'SDK token: no token');
      return json.token;
    },
  };
}
