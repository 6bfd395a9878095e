import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebhookRejected, type WebhookRequest } from '../provider.ts';
import type { SumsubConfig } from '../settings.ts';
import * as docs from './fixtures.ts';
import { parseSumsubWebhook } from './webhook.ts';

const config: SumsubConfig = {
  baseUrl: 'https://api.sumsub.com',
  appToken: 'tok',
  secretKey: 'key',
  webhookSecret: 'hook-secret',
  levelNames: { 1: 'id-and-liveness', 2: 'Level2_web' },
  webSdkUrl: 'https://static.sumsub.com/idensic/static/sns-websdk-builder.js',
};
const NOW = 1_800_000_000_000;

const HASH = { HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512', HMAC_SHA1_HEX: 'sha1' } as const;

function request(
  payload: unknown,
  alg: keyof typeof HASH | null = 'HMAC_SHA256_HEX',
  secret = 'hook-secret',
): WebhookRequest {
  const rawBody = Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload));
  const digest = createHmac(HASH[alg ?? 'HMAC_SHA256_HEX'], secret)
    .update(rawBody)
    .digest('hex');
  const headers: WebhookRequest['headers'] = { 'x-payload-digest': digest };
  if (alg) headers['x-payload-digest-alg'] = alg;
  return { rawBody, headers, remoteAddress: '127.0.0.1' };
}

const parse = (r: WebhookRequest) => parseSumsubWebhook(config, r, NOW);

describe('Sumsub webhook digest', () => {
  it.each(Object.keys(HASH) as (keyof typeof HASH)[])('when signed with %s, then accepted', (alg) => {
    expect(parse(request(docs.DOC_APPLICANT_REVIEWED_GREEN, alg)).type).toBe('applicantReviewed');
  });

  it('when X-Payload-Digest-Alg is absent, then HMAC_SHA256_HEX is assumed', () => {
    expect(parse(request(docs.DOC_APPLICANT_PENDING, null)).outcome).toEqual({ kind: 'pending' });
  });

  it('when the digest is in upper case, then it is still the same digest', () => {
    const r = request(docs.DOC_APPLICANT_PENDING);
    r.headers['x-payload-digest'] = String(r.headers['x-payload-digest']).toUpperCase();
    expect(parse(r).type).toBe('applicantPending');
  });

  it('when the digest is forged (another secret), then rejected', () => {
    expect(() => parse(request(docs.DOC_APPLICANT_REVIEWED_GREEN, 'HMAC_SHA256_HEX', 'wrong'))).toThrow(
      WebhookRejected,
    );
  });

  it('when the algorithm is unknown, then rejected', () => {
    const r = request(docs.DOC_APPLICANT_REVIEWED_GREEN);
    r.headers['x-payload-digest-alg'] = 'HMAC_MD5_HEX';
    expect(() => parse(r)).toThrow(/not one Sumsub uses/);
  });

  it('when the digest header is missing, then rejected', () => {
    const r = request(docs.DOC_APPLICANT_REVIEWED_GREEN);
    delete r.headers['x-payload-digest'];
    expect(() => parse(r)).toThrow(/missing/);
  });

  it('when the body changed by one byte after signing, then rejected', () => {
    const r = request(docs.DOC_APPLICANT_REVIEWED_GREEN);
    const changed = Buffer.from(r.rawBody);
    changed.writeUInt8(changed.readUInt8(changed.length - 2) ^ 1, changed.length - 2);
    expect(() => parse({ ...r, rawBody: changed })).toThrow(/does not match/);
  });

  it('when the digest is of another length, then rejected without throwing anything else', () => {
    const r = request(docs.DOC_APPLICANT_REVIEWED_GREEN);
    r.headers['x-payload-digest'] = 'abc';
    expect(() => parse(r)).toThrow(WebhookRejected);
  });

  it('when the body is signed but not JSON, then rejected', () => {
    expect(() => parse(request('not json'))).toThrow(/JSON/);
  });
});

describe('Sumsub webhook payloads of the docs', () => {
  it('when applicantReviewed GREEN (the docs example), then approved, keyed and timed by the event', () => {
    const event = parse(request(docs.DOC_APPLICANT_REVIEWED_GREEN));
    expect(event).toEqual({
      eventKey: 'req-a260b669-4f14-4bb5-a4c5-ac0218acb9a4:applicantReviewed:2020-02-21 13:23:19.321',
      type: 'applicantReviewed',
      occurredAt: Date.UTC(2020, 1, 21, 13, 23, 19, 321),
      vendorApplicantId: '5cb56e8e0a975a35f333cb83',
      externalUserId: 'externalUserId',
      flowId: null,
      level: 1,
      outcome: { kind: 'approved' },
    });
  });

  it('when applicantPending / applicantOnHold / applicantReset / applicantCreated / applicantLevelChanged, then pending / on_hold / reset / none / none', () => {
    expect(parse(request(docs.DOC_APPLICANT_PENDING)).outcome).toEqual({ kind: 'pending' });
    expect(parse(request(docs.DOC_APPLICANT_ON_HOLD)).outcome).toEqual({ kind: 'on_hold' });
    expect(parse(request(docs.DOC_APPLICANT_RESET)).outcome).toEqual({ kind: 'reset' });
    expect(parse(request(docs.DOC_APPLICANT_CREATED)).outcome).toEqual({ kind: 'none' });
    const changed = parse(request(docs.DOC_APPLICANT_LEVEL_CHANGED));
    expect(changed.outcome).toEqual({ kind: 'none' });
    expect(changed.level).toBeNull();
  });

  it('when RED + RETRY, then rejected_retry with our codes, the labels kept, the comment to the person', () => {
    expect(parse(request(docs.DOC_APPLICANT_REVIEWED_RETRY)).outcome).toEqual({
      kind: 'rejected_retry',
      reasons: [
        { code: 'BLURRY_IMAGE', vendorLabel: 'UNSATISFACTORY_PHOTOS' },
        { code: 'INCOMPLETE_DOCUMENTS', vendorLabel: 'DOCUMENT_PAGE_MISSING' },
      ],
      userMessage: 'We could not verify your profile. Please upload a clear photo of your document.',
      reviewerNote:
        'Document photo is blurred. — Sumsub labels: UNSATISFACTORY_PHOTOS, DOCUMENT_PAGE_MISSING',
    });
  });

  it('when RED + FINAL, then rejected_final, the client comment for staff only', () => {
    const outcome = parse(request(docs.DOC_APPLICANT_REVIEWED_FINAL)).outcome;
    expect(outcome).toMatchObject({
      kind: 'rejected_final',
      reasons: [
        { code: 'SUSPECTED_FRAUD', vendorLabel: 'FORGERY' },
        { code: 'SUSPECTED_FRAUD', vendorLabel: 'GRAPHIC_EDITOR' },
      ],
      userMessage: 'We could not verify your profile.',
    });
    expect(outcome !== 'fetch' && 'reviewerNote' in outcome && outcome.reviewerNote).toContain(
      'Suspected fraudulent account.',
    );
  });

  it.each([
    ['BAD_PROOF_OF_IDENTITY', 'BLURRY_IMAGE'],
    ['SCREENSHOTS', 'BLURRY_IMAGE'],
    ['EXPIRATION_DATE', 'DOCUMENT_EXPIRED'],
    ['PROBLEMATIC_APPLICANT_DATA', 'NAME_MISMATCH'],
    ['ID_INVALID', 'UNSUPPORTED_DOCUMENT'],
    ['WRONG_USER_REGION', 'UNSUPPORTED_DOCUMENT'],
    ['BAD_FACE_MATCHING', 'SELFIE_MISMATCH'],
    ['SELFIE_MISMATCH', 'SELFIE_MISMATCH'],
    ['FRAUDULENT_PATTERNS', 'SUSPECTED_FRAUD'],
    ['BLACKLIST', 'SUSPECTED_FRAUD'],
    ['INCOMPLETE_DOCUMENT', 'INCOMPLETE_DOCUMENTS'],
    ['A_LABEL_SUMSUB_ADDS_LATER', 'INCOMPLETE_DOCUMENTS'],
  ])('when the label is %s, then our reason is %s', (label, code) => {
    const payload = {
      ...docs.DOC_APPLICANT_REVIEWED_RETRY,
      reviewResult: { ...docs.DOC_APPLICANT_REVIEWED_RETRY.reviewResult, rejectLabels: [label] },
    };
    expect(parse(request(payload)).outcome).toMatchObject({ reasons: [{ code, vendorLabel: label }] });
  });

  it('when correlationId or createdAtMs is absent, then the key is the body hash and the time createdAt (else now)', () => {
    const { correlationId: _c, createdAtMs: _t, ...rest } = docs.DOC_APPLICANT_PENDING;
    const withCreatedAt = parse(request({ ...rest, createdAt: '2020-02-21 13:22:01' }));
    expect(withCreatedAt.eventKey).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(withCreatedAt.occurredAt).toBe(Date.UTC(2020, 1, 21, 13, 22, 1));
    expect(parse(request(rest)).occurredAt).toBe(NOW);
  });
});
