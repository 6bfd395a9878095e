// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe, WebhookDeliveryEntry } from '@kyc/contracts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { PartnerWebhookPage } from './partner-webhook-page.tsx';

const admin: StaffMe = { id: 1, email: 'ada@kyc.example', display_name: 'Ada', role: 'admin' };
const BASE = '/backoffice/api/partners/acme';

const delivery = (id: number, change: Partial<WebhookDeliveryEntry> = {}): WebhookDeliveryEntry => ({
  id,
  eventId: `evt_${id}`,
  eventType: 'kyc_level.status_changed',
  ref: 'LEVEL_1',
  eventStatus: 'SUCCESS',
  status: 'failed',
  attempts: 5,
  lastStatusCode: 503,
  lastError: 'http_503',
  nextAttemptAt: null,
  createdAt: Date.UTC(2026, 0, 2, 10),
  deliveredAt: null,
  ...change,
});

function renderPage() {
  return renderAsStaff(
    admin,
    [{ path: 'partners/:partnerId/webhook', Component: PartnerWebhookPage }],
    '/backoffice/partners/acme/webhook',
  );
}

afterEach(cleanup);

describe('PartnerWebhookPage', () => {
  it('when no webhook is registered and one is saved, then its new secret is shown once', async () => {
    const webhook = {
      businessId: 'acme',
      url: 'https://acme.example/kyc',
      enabled: true,
      secretFingerprint: 'abcd1234',
      createdAt: 1,
      updatedAt: 1,
    };
    const api = stubApi({
      [`GET ${BASE}/webhook`]: () => ok({ webhook: null }),
      [`GET ${BASE}/webhook-deliveries`]: () => ok({ items: [], nextCursor: null }),
      [`PUT ${BASE}/webhook`]: () => ok({ webhook, secret: `kycw_${'A'.repeat(43)}` }),
    });
    const { user } = renderPage();

    expect(await screen.findByText(/No webhook is registered yet/)).toBeTruthy();
    expect(await screen.findByText('No deliveries yet.')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Webhook URL/), 'acme.example');
    await user.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(screen.getByText(/Enter a complete https address/)).toBeTruthy();
    expect(api.callsTo('PUT', `${BASE}/webhook`)).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Webhook URL/));
    await user.type(screen.getByLabelText(/^Webhook URL/), 'https://acme.example/kyc');
    await user.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(api.callsTo('PUT', `${BASE}/webhook`)[0]?.body).toEqual({
      url: 'https://acme.example/kyc',
      enabled: true,
      rotateSecret: false,
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Webhook secret')).toHaveProperty('value', `kycw_${'A'.repeat(43)}`);
    await user.click(within(dialog).getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Secret fingerprint: abcd1234')).toBeTruthy();
  });

  it('when deliveries are listed, then each shows its status, answer code and a Redeliver button; older ones load by cursor', async () => {
    const api = stubApi({
      [`GET ${BASE}/webhook`]: () => ok({ webhook: null }),
      [`GET ${BASE}/webhook-deliveries`]: (call) =>
        call.query.get('cursor') === '7'
          ? ok({
              items: [delivery(3, { status: 'delivered', attempts: 1, lastStatusCode: 200 })],
              nextCursor: null,
            })
          : ok({ items: [delivery(7)], nextCursor: 7 }),
      'POST /backoffice/api/partner-webhook-deliveries/7/redeliver': () =>
        ok(delivery(7, { status: 'pending', attempts: 0, nextAttemptAt: Date.UTC(2026, 0, 2, 11) })),
      'POST /backoffice/api/partner-webhook-deliveries/3/redeliver': () => fail(10005),
    });
    const { user } = renderPage();

    const table = await screen.findByRole('table', { name: 'Webhook deliveries, newest first' });
    expect(within(table).getByText('Failed')).toBeTruthy();
    expect(within(table).getByText('503')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show older deliveries' }));
    expect(await within(table).findByText('Delivered')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older deliveries' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Redeliver #7' }));
    expect(await screen.findByText('Delivery #7 will be sent again within a minute.')).toBeTruthy();
    expect(within(table).getByText('Waiting')).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/api/partner-webhook-deliveries/7/redeliver')).toHaveLength(1);
  });
});
