import { describe, expect, it } from 'vitest';
import { webhookUrlValid } from './partner-webhooks.ts';

describe('webhook address typed on the partner webhook page', () => {
  it('when it is an absolute http(s) URL without credentials, then the page sends it (the server decides on http)', () => {
    expect(webhookUrlValid('https://partner.example/kyc-events?x=1')).toBe(true);
    expect(webhookUrlValid(' https://partner.example:8443/hook ')).toBe(true);
    expect(webhookUrlValid('http://127.0.0.1:9000/hook')).toBe(true);
    for (const bad of ['ftp://partner.example/hook', 'https://u:p@partner.example/', 'partner.example', ''])
      expect(webhookUrlValid(bad), bad).toBe(false);
  });
});
