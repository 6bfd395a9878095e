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

/** GET answers nothing stored yet: the form starts with one blank row, as the typing tests expect. */
const noQuotas = () => ok([]);

function renderQuotas() {
  return renderAsStaff(admin, [{ path: 'quotas', Component: QuotasPage }], '/backoffice/quotas');
}

afterEach(cleanup);

describe('QuotasPage', () => {
  it('when limits are invalid, then each field says why and nothing is sent', async () => {
    const api = stubApi({
      'GET /backoffice/api/quotas': noQuotas,
      'PATCH /backoffice/api/quotas': () => ok(current),
    });
    const { user } = renderQuotas();

    await user.type(await screen.findByLabelText('Coin'), 'b');
    await user.type(screen.getByLabelText(/^Daily limit/), '-1');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));

    expect(screen.getByText(/Enter a coin code of 2 to 10/)).toBeTruthy();
    expect(screen.getByText(/Enter a non-negative amount/)).toBeTruthy();
    expect(api.callsTo('PATCH', '/backoffice/api/quotas')).toHaveLength(0);
  });

  it('when the same scope, level and coin is entered twice, then it is refused', async () => {
    const api = stubApi({
      'GET /backoffice/api/quotas': noQuotas,
      'PATCH /backoffice/api/quotas': () => ok(current),
    });
    const { user } = renderQuotas();

    await user.type(await screen.findByLabelText('Coin'), 'btc');
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
    const api = stubApi({
      'GET /backoffice/api/quotas': noQuotas,
      'PATCH /backoffice/api/quotas': () => ok(current),
    });
    const { user } = renderQuotas();

    await user.selectOptions(await screen.findByLabelText('Scope'), 'KYC');
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

    // The form now holds the saved limits; Edit goes to the limit's own field.
    const usdt = screen.getByRole('group', { name: 'Limit 2' });
    expect((within(usdt).getByLabelText('Coin') as HTMLInputElement).value).toBe('USDT');
    await user.click(within(table).getByRole('button', { name: 'Edit KYC level 1 USDT' }));
    expect(document.activeElement).toBe(within(usdt).getByLabelText(/^Daily limit/));
  });

  it('when the server refuses, then its ret_code shows as a translated message', async () => {
    stubApi({
      'GET /backoffice/api/quotas': noQuotas,
      'PATCH /backoffice/api/quotas': () => fail(10005, 'role reviewer may not edit_quotas'),
    });
    const { user } = renderQuotas();

    await user.type(await screen.findByLabelText('Coin'), 'ETH');
    await user.type(screen.getByLabelText(/^Daily limit/), '10');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));

    expect(await screen.findByText('Your role does not allow this action.')).toBeTruthy();
  });

  it('when the page opens, then it shows loading, then the form prefilled with the stored limits', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = stubApi({
      'GET /backoffice/api/quotas': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderQuotas();

    expect((await screen.findByRole('status')).textContent).toBe('Loading…');
    expect(screen.queryByRole('button', { name: 'Save limits' })).toBeNull();
    answer(ok(current));

    const btc = await screen.findByRole('group', { name: 'Limit 1' });
    expect((within(btc).getByLabelText('Scope') as HTMLSelectElement).value).toBe('KYC');
    expect((within(btc).getByLabelText('Level') as HTMLSelectElement).value).toBe('1');
    expect((within(btc).getByLabelText('Coin') as HTMLInputElement).value).toBe('BTC');
    expect((within(btc).getByLabelText(/^Daily limit/) as HTMLInputElement).value).toBe('2.5');
    const usdt = screen.getByRole('group', { name: 'Limit 2' });
    expect((within(usdt).getByLabelText(/^Daily limit/) as HTMLInputElement).value).toBe('100000');
    expect(screen.queryByRole('group', { name: 'Limit 3' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Current limits' })).toBeTruthy();
    expect(api.callsTo('GET', '/backoffice/api/quotas')[0]?.credentials).toBe('include');
  });

  it('when the list cannot be read, then the error shows with a retry that loads the form', async () => {
    let attempts = 0;
    const api = stubApi({
      'GET /backoffice/api/quotas': () =>
        ++attempts === 1 ? fail(10005, 'role auditor may not') : ok(current),
    });
    const { user } = renderQuotas();

    expect(await screen.findByText('Your role does not allow this action.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save limits' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('group', { name: 'Limit 2' })).toBeTruthy();
    expect(screen.queryByText('Your role does not allow this action.')).toBeNull();
    expect(api.callsTo('GET', '/backoffice/api/quotas')).toHaveLength(2);
  });

  it('when a prefilled limit is changed and one added, then only those two are sent', async () => {
    const saved = [...current, { scope: 'KYB', level: 2, coin: 'ETH', limit: 1 }];
    const api = stubApi({
      'GET /backoffice/api/quotas': () => ok(current),
      'PATCH /backoffice/api/quotas': () => ok(saved),
    });
    const { user } = renderQuotas();

    const usdt = await screen.findByRole('group', { name: 'Limit 2' });
    await user.clear(within(usdt).getByLabelText(/^Daily limit/));
    await user.type(within(usdt).getByLabelText(/^Daily limit/), '5');
    await user.click(screen.getByRole('button', { name: 'Add another limit' }));
    const added = screen.getByRole('group', { name: 'Limit 3' });
    await user.selectOptions(within(added).getByLabelText('Scope'), 'KYB');
    await user.selectOptions(within(added).getByLabelText('Level'), '2');
    await user.type(within(added).getByLabelText('Coin'), 'eth');
    await user.type(within(added).getByLabelText(/^Daily limit/), '1');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));

    expect(await screen.findByText('Limits saved. The current list is shown below.')).toBeTruthy();
    expect(api.callsTo('PATCH', '/backoffice/api/quotas').map((c) => c.body)).toEqual([
      {
        quotas: [
          { scope: 'KYC', level: 1, coin: 'USDT', limit: '5' },
          { scope: 'KYB', level: 2, coin: 'ETH', limit: '1' },
        ],
      },
    ]);
    expect(screen.getByRole('group', { name: 'Limit 3' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Limit 4' })).toBeNull();
  });

  it('when nothing was changed, then saving sends nothing and says so', async () => {
    const api = stubApi({
      'GET /backoffice/api/quotas': () => ok(current),
      'PATCH /backoffice/api/quotas': () => ok(current),
    });
    const { user } = renderQuotas();

    await user.click(await screen.findByRole('button', { name: 'Save limits' }));

    expect(screen.getByText('Nothing was saved: no limit was changed.')).toBeTruthy();
    expect(api.callsTo('PATCH', '/backoffice/api/quotas')).toHaveLength(0);
  });

  it('when a prefilled row was removed, then Edit puts the limit back into the form', async () => {
    stubApi({ 'GET /backoffice/api/quotas': () => ok(current) });
    const { user } = renderQuotas();

    await user.click(await screen.findByRole('button', { name: 'Remove limit 2' }));
    expect(screen.queryByRole('group', { name: 'Limit 2' })).toBeNull();
    const table = screen.getByRole('region', { name: 'Current limits' });
    await user.click(within(table).getByRole('button', { name: 'Edit KYC level 1 USDT' }));

    const usdt = screen.getByRole('group', { name: 'Limit 2' });
    expect((within(usdt).getByLabelText('Coin') as HTMLInputElement).value).toBe('USDT');
    expect((within(usdt).getByLabelText(/^Daily limit/) as HTMLInputElement).value).toBe('100000');
  });
});
