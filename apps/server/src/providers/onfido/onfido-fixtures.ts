/**
 * Recorded Onfido webhook examples for the unit tests.
 *
 * The two signed vectors are copied verbatim from Onfido's official Node library, onfido/onfido-node:
 * - test/classic-webhook-event-verifier.test.ts (check.completed, token "_ABC123abc123ABC123abc123ABC123_")
 * - test/studio-webhook-event-verifier.test.ts (workflow_task.started, token "YKOC6mkBxi6yK2zlUIrLMvsJMFEZObP5")
 * https://github.com/onfido/onfido-node/blob/master/test/studio-webhook-event-verifier.test.ts
 *
 * The workflow_run.completed / workflow_task.completed examples are ours, written in the event shape
 * Onfido documents (https://documentation.onfido.com/api/latest/#webhooks, "Event object"; Studio
 * events: https://documentation.onfido.com/getting-started/workflow-webhooks): payload.resource_type,
 * payload.action, payload.object {id, status, completed_at_iso8601, href}. They are signed in the tests.
 */
export const CLASSIC_VECTOR = {
  token: '_ABC123abc123ABC123abc123ABC123_',
  rawBody:
    '{"payload":{"resource_type":"check","action":"check.completed","object":{"id":"check-123","status":"complete","completed_at_iso8601":"2020-01-01T00:00:00Z","href":"https://api.onfido.com/v3/checks/check-123"}}}',
  signature: 'a0082d7481f9f0a2907583dbe1f344d6d4c0d9989df2fd804f98479f60cd760e',
};

export const STUDIO_VECTOR = {
  token: 'YKOC6mkBxi6yK2zlUIrLMvsJMFEZObP5',
  rawBody:
    '{"payload":{"resource_type":"workflow_task","action":"workflow_task.started","object":{"id":"profile_1eb92","task_spec_id":"profile_1eb92","task_def_id":"profile_data","workflow_run_id":"bc77c6e5-753a-4580-96a6-aaed3e5a8d19","status":"started","started_at_iso8601":"2024-07-10T12:49:09Z","href":"https://api.eu.onfido.com/v3.6/workflow_runs/bc77c6e5-753a-4580-96a6-aaed3e5a8d19/tasks/profile_1eb92"},"resource":{"created_at":"2024-07-10T12:49:09Z","id":"profile_1eb92","workflow_run_id":"bc77c6e5-753a-4580-96a6-aaed3e5a8d19","updated_at":"2024-07-10T12:49:09Z","input":{},"task_def_version":null,"task_def_id":"profile_data","output":null}}}',
  signature: 'c95a5b785484f6fa1bc25f381b5595d66bf85cb442eefb06aa007802ee6a4dfa',
};

const RUN_ID = 'bc77c6e5-753a-4580-96a6-aaed3e5a8d19';

export const workflowRunCompleted = (status: string) =>
  JSON.stringify({
    payload: {
      resource_type: 'workflow_run',
      action: 'workflow_run.completed',
      object: {
        id: RUN_ID,
        status,
        completed_at_iso8601: '2024-07-10T12:52:31Z',
        href: `https://api.eu.onfido.com/v3.6/workflow_runs/${RUN_ID}`,
      },
    },
  });

export const workflowTaskCompleted = (taskDefId: string) =>
  JSON.stringify({
    payload: {
      resource_type: 'workflow_task',
      action: 'workflow_task.completed',
      object: {
        id: `${taskDefId}_a1b2c`,
        task_spec_id: `${taskDefId}_a1b2c`,
        task_def_id: taskDefId,
        workflow_run_id: RUN_ID,
        status: 'completed',
        completed_at_iso8601: '2024-07-10T12:51:02Z',
        href: `https://api.eu.onfido.com/v3.6/workflow_runs/${RUN_ID}/tasks/${taskDefId}_a1b2c`,
      },
    },
  });

/** A workflow run as GET /workflow_runs/{id} answers (onfido-node test/test-examples.ts exampleWorkflowRun). */
export const exampleWorkflowRun = {
  id: RUN_ID,
  applicant_id: 'abc-123',
  workflow_id: 'abc-123',
  workflow_version_id: 1,
  dashboard_url: 'https://dashboard.onfido.com/results/uuid',
  status: 'awaiting_input',
  output: null,
  reasons: null,
  error: null,
  link: null,
  created_at: '2022-06-28T15:39:42Z',
  updated_at: '2022-06-28T15:39:42Z',
  tags: [],
};

export { RUN_ID };
