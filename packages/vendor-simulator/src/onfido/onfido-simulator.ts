/**
 * The Onfido simulator (docs/providers-onfido.md "The simulator"): Onfido's API v3.6 as our adapter uses
 * it — applicants, SDK tokens, Studio workflow runs — behind `Authorization: Token token=<api token>`
 * (401 with Onfido's error shape otherwise), in memory; the Web SDK stand-in (onfido-websdk.ts); and the
 * hosted flow whose decision moves the run to processing, then to approved / declined, each step told to
 * the portal by a webhook signed with X-SHA2-Signature (hex HMAC-SHA256 of the body under the webhook
 * token). GET /workflow_runs/{id} answers the same status afterwards, so a lost webhook is reconciled.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { stringFields, type SimulatorContext } from '../context.ts';
import { onfidoDocumentProperties } from '../document-shapes.ts';
import { onfidoWebSdkScript } from './onfido-websdk.ts';

interface Run {
  id: string;
  applicant_id: string;
  workflow_id: string;
  customer_user_id: string | null;
  status: 'awaiting_input' | 'processing' | 'approved' | 'declined';
  reasons: string[] | null;
  output: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

/** Onfido's times: ISO 8601 to the second. */
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const DECISIONS = {
  approve: { status: 'approved', reasons: null },
  retry: { status: 'declined', reasons: ['document_blurry'] },
  final: { status: 'declined', reasons: ['document_fraud'] },
} as const;

/** A test's Document Report properties: their string fields and the `document_numbers` list. */
function documentProperties(value: unknown): Record<string, unknown> | undefined {
  const fields: Record<string, unknown> = stringFields(value) ?? {};
  const numbers = (value as { document_numbers?: unknown } | undefined)?.document_numbers;
  if (Array.isArray(numbers))
    fields.document_numbers = numbers
      .map((n) => stringFields(n))
      .filter((n): n is Record<string, string> => n !== undefined);
  return Object.keys(fields).length > 0 ? fields : undefined;
}

function onfidoError(reply: FastifyReply, status: number, type: string, message: string, fields = {}) {
  return reply.code(status).send({ error: { type, message, fields } });
}

export function onfidoSimulator(context: SimulatorContext): FastifyPluginAsync {
  const { apiToken, webhookToken } = context.options.onfido ?? { apiToken: '', webhookToken: '' };
  const publicBase = context.options.publicBase;
  const applicants = new Map<
    string,
    { id: string; first_name: string; last_name: string; created_at: string }
  >();
  const runs = new Map<string, Run>();
  /** SDK token → the applicant it was issued for. */
  const sdkTokens = new Map<string, string>();

  function webhook(body: unknown) {
    const raw = JSON.stringify(body);
    const signature = createHmac('sha256', webhookToken).update(raw).digest('hex');
    context.sendWebhook('onfido', '/webhooks/onfido', raw, { 'x-sha2-signature': signature });
  }
  const href = (path: string) => `${publicBase}/onfido/v3.6${path}`;

  const api: FastifyPluginAsync = async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!apiToken || request.headers.authorization !== `Token token=${apiToken}`)
        return onfidoError(
          reply,
          401,
          'authorization_error',
          'Authorization error: please re-check your credentials',
        );
    });

    app.post<{ Body: Record<string, unknown> | undefined }>('/applicants', async (request, reply) => {
      const firstName = text(request.body?.first_name);
      const lastName = text(request.body?.last_name);
      if (!firstName || !lastName)
        return onfidoError(reply, 422, 'validation_error', 'There was a validation error on this request', {
          ...(firstName ? {} : { first_name: ["can't be blank"] }),
          ...(lastName ? {} : { last_name: ["can't be blank"] }),
        });
      const applicant = {
        id: randomUUID(),
        first_name: firstName,
        last_name: lastName,
        created_at: iso(context.now()),
      };
      applicants.set(applicant.id, applicant);
      return reply.code(201).send({ ...applicant, href: `/v3.6/applicants/${applicant.id}` });
    });

    app.post<{ Body: Record<string, unknown> | undefined }>('/sdk_token', async (request, reply) => {
      const applicantId = text(request.body?.applicant_id);
      if (!applicants.has(applicantId))
        return onfidoError(reply, 422, 'validation_error', 'There was a validation error on this request', {
          applicant_id: ['not found'],
        });
      const token = `sim.${randomBytes(24).toString('base64url')}`;
      sdkTokens.set(token, applicantId);
      return { token };
    });

    app.post<{ Body: Record<string, unknown> | undefined }>('/workflow_runs', async (request, reply) => {
      const applicantId = text(request.body?.applicant_id);
      const workflowId = text(request.body?.workflow_id);
      if (!applicants.has(applicantId) || !workflowId)
        return onfidoError(reply, 422, 'validation_error', 'There was a validation error on this request', {
          ...(applicants.has(applicantId) ? {} : { applicant_id: ['not found'] }),
          ...(workflowId ? {} : { workflow_id: ["can't be blank"] }),
        });
      const at = iso(context.now());
      const run: Run = {
        id: randomUUID(),
        applicant_id: applicantId,
        workflow_id: workflowId,
        customer_user_id: text(request.body?.customer_user_id) || null,
        status: 'awaiting_input',
        reasons: null,
        output: null,
        created_at: at,
        updated_at: at,
      };
      runs.set(run.id, run);
      return reply.code(201).send(view(run));
    });

    app.get<{ Params: { id: string } }>('/workflow_runs/:id', async (request, reply) => {
      const run = runs.get(request.params.id);
      if (!run) return onfidoError(reply, 404, 'resource_not_found', 'The resource could not be found.');
      return view(run);
    });
  };

  const view = (run: Run) => ({
    ...run,
    workflow_version_id: 1,
    dashboard_url: `${publicBase}/onfido/dashboard/${run.id}`,
    sdk_token: null,
    error: null,
    link: null,
    tags: [],
  });

  /** The run a flow request names, when its SDK token was issued for the run's applicant. */
  function runOf(token: string, workflowRunId: string): Run | undefined {
    const run = runs.get(workflowRunId);
    return run && sdkTokens.get(token) === run.applicant_id ? run : undefined;
  }

  return async (app) => {
    await app.register(api, { prefix: '/v3.6' });

    app.get('/websdk/onfido.min.js', async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(onfidoWebSdkScript(publicBase)),
    );

    app.get<{ Querystring: Record<string, string | undefined> }>('/websdk/flow', async (request, reply) => {
      const { token = '', workflowRunId = '', lang = 'en' } = request.query;
      if (!runOf(token, workflowRunId))
        return onfidoError(reply, 401, 'authorization_error', 'Invalid SDK token or workflow run');
      return reply.type('text/html; charset=utf-8').send(
        context.hostedPage({
          brand: 'Onfido',
          vendor: 'onfido',
          actionPath: `${publicBase}/onfido/websdk/flow`,
          fields: { token, workflowRunId },
          lang,
        }),
      );
    });

    app.post<{ Body: Record<string, unknown> | undefined }>('/websdk/flow', async (request, reply) => {
      const run = runOf(text(request.body?.token), text(request.body?.workflowRunId));
      if (!run) return onfidoError(reply, 401, 'authorization_error', 'Invalid SDK token or workflow run');
      const decision = DECISIONS[text(request.body?.decision) as keyof typeof DECISIONS];
      if (!decision)
        return onfidoError(reply, 422, 'validation_error', 'decision must be approve, retry or final');
      if (run.status !== 'awaiting_input')
        return onfidoError(reply, 409, 'conflict', `the workflow run is ${run.status}`);

      // The person submitted: the capture task completes and the run is processed.
      run.status = 'processing';
      run.updated_at = iso(context.now());
      const task = `upload_face_photo_${run.id.slice(0, 5)}`;
      webhook({
        payload: {
          resource_type: 'workflow_task',
          action: 'workflow_task.completed',
          object: {
            id: task,
            task_spec_id: task,
            task_def_id: 'upload_face_photo',
            workflow_run_id: run.id,
            status: 'completed',
            completed_at_iso8601: run.updated_at,
            href: href(`/workflow_runs/${run.id}/tasks/${task}`),
          },
        },
      });
      // Onfido's events of one run come in order: the decision only after the task's was answered.
      await context.control.settled();

      run.status = decision.status;
      run.reasons = decision.reasons ? [...decision.reasons] : null;
      // The workflow's output: the Document Report's properties as `document` (issue 19, D112, D118) —
      // a test's as given, else what the hosted page's document fields say.
      const read = context.readDocument(request.body);
      const document = documentProperties(request.body?.document) ?? (read && onfidoDocumentProperties(read));
      run.output = { decision: text(request.body?.decision), ...(document ? { document } : {}) };
      run.updated_at = iso(context.now());
      webhook({
        payload: {
          resource_type: 'workflow_run',
          action: 'workflow_run.completed',
          object: {
            id: run.id,
            status: run.status,
            completed_at_iso8601: run.updated_at,
            href: href(`/workflow_runs/${run.id}`),
          },
        },
      });
      return { status: run.status };
    });
  };
}
