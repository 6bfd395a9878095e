import { describe, expect, it } from 'vitest';
import { VendorUnavailable } from '../provider.ts';
import type { OnfidoConfig } from '../settings.ts';
import type { VendorRequest, VendorResponse } from '../vendor-http.ts';
import { exampleWorkflowRun } from './onfido-fixtures.ts';
import { createOnfidoProvider, SDK_TOKEN_TTL_MS } from './onfido-provider.ts';

const config: OnfidoConfig = {
  baseUrl: 'https://api.eu.onfido.com/v3.6',
  apiToken: 'api_sandbox.test',
  webhookToken: 'hook',
  workflowIds: { 1: 'wf-1', 2: 'wf-2' },
  webSdkUrl: 'https://sdk.onfido.com/v14',
};
const NOW = 1_700_000_000_000;

/** A fake Onfido answering from a table of `METHOD path` → [status, body]; records every request. */
function fakeOnfido(table: Record<string, [number, unknown]>) {
  const calls: VendorRequest[] = [];
  const http = async (request: VendorRequest): Promise<VendorResponse> => {
    calls.push(request);
    const key = `${request.method} ${request.url.replace(config.baseUrl, '')}`;
    const [status, body] = table[key] ?? [404, { error: { type: 'resource_not_found' } }];
    return { status, headers: new Headers(), text: JSON.stringify(body), json: body };
  };
  return { http, calls, provider: createOnfidoProvider(config, http, () => NOW) };
}

const run = (over: Record<string, unknown>) => ({ ...exampleWorkflowRun, workflow_id: 'wf-1', ...over });
const ref = {
  externalUserId: 'kyc_0123456789abcdef01234567',
  vendorApplicantId: null,
  flowId: null,
  level: 1 as const,
};

describe('Onfido adapter', () => {
  it('names itself, its API and the workflow of each level', () => {
    const { provider } = fakeOnfido({});
    expect(provider.name).toBe('onfido');
    expect(provider.apiUrl).toBe(config.baseUrl);
    expect([provider.flowNameOf(1), provider.flowNameOf(2)]).toEqual(['wf-1', 'wf-2']);
  });

  it('when started the first time, then an applicant named by our reference only, a run and an SDK token', async () => {
    const { provider, calls } = fakeOnfido({
      'POST /applicants': [201, { id: 'app-1' }],
      'POST /workflow_runs': [201, run({ id: 'run-1', applicant_id: 'app-1' })],
      'POST /sdk_token': [200, { token: 'sdk-jwt' }],
    });
    const started = await provider.start({ applicant: ref, level: 1, lang: 'en', country: 'NL' });
    expect(started).toEqual({
      vendorApplicantId: 'app-1',
      flowId: 'run-1',
      sdk: {
        token: 'sdk-jwt',
        apiUrl: config.baseUrl,
        flowName: 'run-1',
        sdkUrl: config.webSdkUrl,
        flowUrl: '',
        expiresAt: NOW + SDK_TOKEN_TTL_MS,
      },
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST ${config.baseUrl}/applicants`,
      `POST ${config.baseUrl}/workflow_runs`,
      `POST ${config.baseUrl}/sdk_token`,
    ]);
    expect(calls.every((c) => c.headers?.authorization === 'Token token=api_sandbox.test')).toBe(true);
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      first_name: 'Applicant',
      last_name: ref.externalUserId,
    });
    expect(JSON.parse(calls[1]?.body ?? '')).toEqual({
      workflow_id: 'wf-1',
      applicant_id: 'app-1',
      customer_user_id: ref.externalUserId,
    });
    expect(JSON.parse(calls[2]?.body ?? '')).toEqual({ applicant_id: 'app-1' });
  });

  it('when the stored run still takes input, then it is resumed; when it finished, a new run', async () => {
    const resumed = fakeOnfido({
      'GET /workflow_runs/run-1': [200, run({ id: 'run-1', status: 'awaiting_input' })],
      'POST /sdk_token': [200, { token: 't' }],
    });
    const stored = { ...ref, vendorApplicantId: 'app-1', flowId: 'run-1' };
    expect(
      (await resumed.provider.start({ applicant: stored, level: 1, lang: 'en', country: '' })).flowId,
    ).toBe('run-1');
    expect(resumed.calls.some((c) => c.url.endsWith('/applicants'))).toBe(false);

    for (const status of ['approved', 'declined', 'abandoned', 'error']) {
      const renewed = fakeOnfido({
        'GET /workflow_runs/run-1': [200, run({ id: 'run-1', status })],
        'POST /workflow_runs': [201, run({ id: 'run-2' })],
        'POST /sdk_token': [200, { token: 't' }],
      });
      expect(
        (await renewed.provider.start({ applicant: stored, level: 1, lang: 'en', country: '' })).flowId,
      ).toBe('run-2');
    }
    // Another level: a new run of that level's workflow, without asking for the old one.
    const level2 = fakeOnfido({
      'POST /workflow_runs': [201, run({ id: 'run-3', workflow_id: 'wf-2' })],
      'POST /sdk_token': [200, { token: 't' }],
    });
    await level2.provider.start({ applicant: stored, level: 2, lang: 'en', country: '' });
    expect(level2.calls.map((c) => c.method)).toEqual(['POST', 'POST']);
    expect(JSON.parse(level2.calls[0]?.body ?? '').workflow_id).toBe('wf-2');
  });

  it('when Onfido refuses a call (401, 422), then VendorUnavailable', async () => {
    const { provider } = fakeOnfido({
      'POST /applicants': [401, { error: { type: 'authorization_error' } }],
    });
    await expect(
      provider.start({ applicant: ref, level: 1, lang: 'en', country: '' }),
    ).rejects.toBeInstanceOf(VendorUnavailable);
  });

  it("when a result is fetched, then the run's status mapped, at its update time, keyed by run, status and time", async () => {
    const { provider } = fakeOnfido({
      'GET /workflow_runs/run-1': [
        200,
        run({
          id: 'run-1',
          status: 'declined',
          reasons: ['document_blurry'],
          updated_at: '2024-07-10T12:52:31Z',
        }),
      ],
    });
    const result = await provider.fetchResult({ ...ref, vendorApplicantId: 'app-1', flowId: 'run-1' });
    expect(result).toMatchObject({
      outcome: {
        kind: 'rejected_retry',
        reasons: [{ code: 'BLURRY_IMAGE', vendorLabel: 'document_blurry' }],
      },
      occurredAt: Date.parse('2024-07-10T12:52:31Z'),
      resultKey: 'run-1:declined:2024-07-10T12:52:31Z',
    });
    const none = await provider.fetchResult({ ...ref, vendorApplicantId: 'app-1', flowId: 'gone' });
    expect(none.outcome).toEqual({ kind: 'none' });
  });
});
