import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PARTNER_WEBHOOK_SIGN_HEADER, PARTNER_WEBHOOK_TS_HEADER } from '@kyc/contracts';
import { signWebhook, webhookHeaders } from './webhook-signature.ts';
import { checkedWebhookUrl, eventBody, nextAttemptAt } from './webhook-rules.ts';
import { newWebhookSecret, openWebhookSecret, sealWebhookSecret } from './webhook-secrets.ts';
import { createKeyring } from '../../lib/crypto/envelope.ts';

const SECRET = 'kycw_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

describe('webhook signature', () => {
  it('when signed, then it is the lower-case hex HMAC-SHA256 of ts followed by the raw body', () => {
    const body = '{"eventId":"evt_1","status":"SUCCESS"}';
    const expected = createHmac('sha256', SECRET).update(`1700000000${body}`).digest('hex');
    expect(signWebhook(SECRET, '1700000000', body)).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('when the body, the timestamp or the secret differ by one character, then the signature differs', () => {
    const base = signWebhook(SECRET, '1700000000', '{"a":1}');
    expect(signWebhook(SECRET, '1700000001', '{"a":1}')).not.toBe(base);
    expect(signWebhook(SECRET, '1700000000', '{"a":2}')).not.toBe(base);
    expect(signWebhook(`${SECRET.slice(0, -1)}B`, '1700000000', '{"a":1}')).not.toBe(base);
  });

  it('when the headers are made, then the timestamp is unix seconds and the signature covers it', () => {
    const headers = webhookHeaders(SECRET, '{}', 1_700_000_000_999);
    expect(headers[PARTNER_WEBHOOK_TS_HEADER]).toBe('1700000000');
    expect(headers[PARTNER_WEBHOOK_SIGN_HEADER]).toBe(signWebhook(SECRET, '1700000000', '{}'));
    expect(headers['content-type']).toBe('application/json');
  });
});

describe('webhook rules', () => {
  it.each([
    ['http://partner.example/hook', true],
    ['ftp://partner.example/hook', false],
    ['https://user:pass@partner.example/hook', false],
    ['partner.example/hook', false],
  ])('when %s is registered in production, then 54101', (url, alsoOutside) => {
    expect(() => checkedWebhookUrl(url, true)).toThrow(expect.objectContaining({ retCode: 54101 }));
    if (alsoOutside) expect(checkedWebhookUrl(url, false)).toBe(url);
    else expect(() => checkedWebhookUrl(url, false)).toThrow(expect.objectContaining({ retCode: 54101 }));
  });

  it('when an https URL is registered, then it is accepted everywhere', () => {
    expect(checkedWebhookUrl('https://partner.example/kyc?x=1', true)).toBe(
      'https://partner.example/kyc?x=1',
    );
  });

  it('when attempts fail, then the next waits 5 min, 1 h, 5 h, 18 h, and the fifth failure is final', () => {
    const minutes = [1, 2, 3, 4].map((n) => (nextAttemptAt(n, 0) ?? -1) / 60_000);
    expect(minutes).toEqual([5, 60, 300, 1080]);
    expect(nextAttemptAt(5, 0)).toBeNull();
  });

  it('when a body is made, then it names the person only by the partner reference', () => {
    const body = eventBody(
      {
        id: 1,
        user_id: 42,
        kind: 'kyc_level',
        ref: 'LEVEL_1',
        status: 'SUCCESS',
        at: 5,
        dispatched_at: null,
      },
      'evt_x',
      'u-42',
    );
    expect(body).toEqual({
      eventId: 'evt_x',
      type: 'kyc_level.status_changed',
      userRef: 'u-42',
      kind: 'kyc_level',
      ref: 'LEVEL_1',
      status: 'SUCCESS',
      occurredAt: 5,
    });
  });
});

describe('webhook secrets', () => {
  it('when sealed for one partner, then it opens for it and not for another', () => {
    const keyring = createKeyring(Buffer.alloc(32, 3));
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^kycw_[A-Za-z0-9_-]{43}$/);
    const sealed = sealWebhookSecret(keyring, 'acme', secret);
    expect(sealed).not.toContain(secret.slice(5));
    expect(openWebhookSecret(keyring, 'acme', sealed)).toBe(secret);
    expect(() => openWebhookSecret(keyring, 'other', sealed)).toThrow();
  });
});
