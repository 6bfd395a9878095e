// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe } from '@kyc/contracts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { QuotasPage } from './quotas-page.tsx';

const admin: StaffMe = { id: 1, email: 'ada@kyc.example', display_name: 'Ada', role: 'admin' };
const current = [
  { scope: 'KYC', level: 1, coin: 'BTC', limit: 2.5 },
  { scope: 'KYC', level: 1, coin: 'USDT', limit: 100000 },
];

function renderQuotas() {
  return renderAsStaff(admin, [{ path: 'quotas', Component: QuotasPage }], '/backoffice/quotas');
}

afterEach(cleanup);

describe('QuotasPage', () => {
  it('when limits are invalid, then each field says why and nothing is sent', async () => {
    const api = stubApi({ 'PATCH /backoffice/api/quotas': () => ok(current) });
    const { user } = renderQuotas();

    await user.type(screen.getByLabelText('Coin'), 'b');
    await user.type(screen.getByLabelText(/^Daily limit/), '-1');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));

    expect(screen.getByText(/Enter a coin code of 2 to 10/)).toBeTruthy();
    expect(screen.getByText(/Enter a non-negative amount/)).toBeTruthy();
    expect(api.callsTo('PATCH', '/backoffice/api/quotas')).toHaveLength(0);
  });

  it('when the same scope, level and coin is entered twice, then it is refused', async () => {
    const api = stubApi({ 'PATCH /backoffice/api/quotas': () => ok(current) });
    const { user } = renderQuotas();

    await user.type(screen.getByLabelText('Coin'), 'btc');
    await user.type(screen.getByLabelText(/^Daily limit/), '1');
    await user.click(screen.getByRole('button', { name: 'Add another limit' }));
    const second = screen.getByRole('group', { name: 'Limit 2' });
    await user.type(within(second).getByLabelText('Coin'), 'BTC');
    await user.type(within(second).getByLabelText(/^Daily limit/), '3');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));

    expect(screen.getByText(/already in the list above/)).toBeTruthy();
    expect(api.callsTo('PATCH', '/backoffice/api/quotas')).toHaveLength(0);
  });

  it('when valid limits are saved, then they are sent as decimal strings and the current list shows', async () => {
    const api = stubApi({ 'PATCH /backoffice/api/quotas': () => ok(current) });
    const { user } = renderQuotas();

    await user.selectOptions(screen.getByLabelText('Scope'), 'KYC');
    await user.selectOptions(screen.getByLabelText('Level'), '1');
    await user.type(screen.getByLabelText('Coin'), 'btc');
    await user.type(screen.getByLabelText(/^Daily limit/), '2.5');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));

    expect(await screen.findByText('Limits saved. The current list is shown below.')).toBeTruthy();
    expect(api.callsTo('PATCH', '/backoffice/api/quotas')[0]?.body).toEqual({
      quotas: [{ scope: 'KYC', level: 1, coin: 'BTC', limit: '2.5' }],
    });
    const table = screen.getByRole('region', { name: 'Current limits' });
    expect(within(table).getByText('100000')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'Edit KYC level 1 USDT' }));
    expect((screen.getByLabelText('Coin') as HTMLInputElement).value).toBe('USDT');
  });

  it('when the server refuses, then its ret_code shows as a translated message', async () => {
    stubApi({ 'PATCH /backoffice/api/quotas': () => fail(10005, 'role reviewer may not edit_quotas') });
    const { user } = renderQuotas();

    await user.type(screen.getByLabelText('Coin'), 'ETH');
    await user.type(screen.getByLabelText(/^Daily limit/), '10');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));

    expect(await screen.findByText('Your role does not allow this action.')).toBeTruthy();
  });
});
