import { describe, expect, it } from 'vitest';
import { WebhookRejected, type WebhookRequest } from '../provider.ts';
import {
  CLASSIC_VECTOR,
  RUN_ID,
  STUDIO_VECTOR,
  workflowRunCompleted,
  workflowTaskCompleted,
} from './onfido-fixtures.ts';
import { onfidoSignature, parseOnfidoWebhook, verifyOnfidoSignature } from './onfido-webhook.ts';

const request = (rawBody: string, signature?: string): WebhookRequest => ({
  rawBody: Buffer.from(rawBody),
  headers: signature === undefined ? {} : { 'x-sha2-signature': signature },
  remoteAddress: '127.0.0.1',
});
const TOKEN = 'test-webhook-token';
const signed = (body: string) => request(body, onfidoSignature(TOKEN, body));
const now = () => 1_700_000_000_000;

describe('Onfido webhook signature (X-SHA2-Signature)', () => {
  // Test vectors of Onfido's official Node library: onfido/onfido-node,
  // test/classic-webhook-event-verifier.test.ts and test/studio-webhook-event-verifier.test.ts.
  it.each([
    ['classic (check.completed)', CLASSIC_VECTOR],
    ['Studio (workflow_task.started)', STUDIO_VECTOR],
  ])('when the onfido-node %s vector is checked, then its published signature is accepted', (_, v) => {
    expect(onfidoSignature(v.token, v.rawBody)).toBe(v.signature);
    expect(() => verifyOnfidoSignature(v.token, request(v.rawBody, v.signature))).not.toThrow();
    expect(() => verifyOnfidoSignature(v.token, request(v.rawBody, v.signature.toUpperCase()))).not.toThrow();
  });

  it("when the signature is forged (onfido-node's invalid one), then WebhookRejected", () => {
    const forged = STUDIO_VECTOR.signature.replace(/a$/, 'b');
    expect(() => verifyOnfidoSignature(STUDIO_VECTOR.token, request(STUDIO_VECTOR.rawBody, forged))).toThrow(
      WebhookRejected,
    );
    const classicForged = `b${CLASSIC_VECTOR.signature.slice(1)}`;
    expect(() =>
      verifyOnfidoSignature(CLASSIC_VECTOR.token, request(CLASSIC_VECTOR.rawBody, classicForged)),
    ).toThrow(WebhookRejected);
  });

  it('when the body is changed after signing, or another token signed it, then WebhookRejected', () => {
    const changed = STUDIO_VECTOR.rawBody.replace('started', 'completed');
    expect(() =>
      verifyOnfidoSignature(STUDIO_VECTOR.token, request(changed, STUDIO_VECTOR.signature)),
    ).toThrow(WebhookRejected);
    expect(() =>
      verifyOnfidoSignature('another-token', request(STUDIO_VECTOR.rawBody, STUDIO_VECTOR.signature)),
    ).toThrow(WebhookRejected);
  });

  it('when the header is missing, empty or not hex of the right length, then WebhookRejected', () => {
    for (const signature of [undefined, '', 'zz', STUDIO_VECTOR.signature.slice(2)])
      expect(() =>
        verifyOnfidoSignature(STUDIO_VECTOR.token, request(STUDIO_VECTOR.rawBody, signature)),
      ).toThrow(WebhookRejected);
  });
});

describe('Onfido webhook parsing', () => {
  it('when a workflow task started (the onfido-node vector), then an event of the run that changes nothing', () => {
    const event = parseOnfidoWebhook(
      STUDIO_VECTOR.token,
      request(STUDIO_VECTOR.rawBody, STUDIO_VECTOR.signature),
      now,
    );
    expect(event).toEqual({
      eventKey: `workflow_task.started:${RUN_ID}:profile_1eb92:2024-07-10T12:49:09Z`,
      type: 'workflow_task.started',
      occurredAt: Date.parse('2024-07-10T12:49:09Z'),
      vendorApplicantId: '',
      externalUserId: null,
      flowId: RUN_ID,
      level: null,
      outcome: { kind: 'none' },
    });
  });

  it.each([
    ['approved', { kind: 'approved' }],
    ['review', { kind: 'on_hold' }],
    ['abandoned', { kind: 'none' }],
    ['error', { kind: 'none' }],
    ['declined', 'fetch'],
  ])('when a workflow run completed %s, then %j', (status, outcome) => {
    const event = parseOnfidoWebhook(TOKEN, signed(workflowRunCompleted(status)), now);
    expect(event).toMatchObject({
      type: 'workflow_run.completed',
      flowId: RUN_ID,
      occurredAt: Date.parse('2024-07-10T12:52:31Z'),
      outcome,
    });
    expect(event.eventKey).toBe(`workflow_run.completed:${RUN_ID}:${RUN_ID}:2024-07-10T12:52:31Z`);
  });

  it('when a capture task completed, then pending; another task, nothing', () => {
    expect(parseOnfidoWebhook(TOKEN, signed(workflowTaskCompleted('upload_face_photo')), now)).toMatchObject({
      flowId: RUN_ID,
      outcome: { kind: 'pending' },
    });
    expect(parseOnfidoWebhook(TOKEN, signed(workflowTaskCompleted('profile_data')), now).outcome).toEqual({
      kind: 'none',
    });
  });

  it('when the signed body is not an Onfido event, then WebhookRejected', () => {
    expect(() => parseOnfidoWebhook(TOKEN, signed('not json'), now)).toThrow(WebhookRejected);
    expect(() => parseOnfidoWebhook(TOKEN, signed('{"x":1}'), now)).toThrow(WebhookRejected);
  });
});
