// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProviderRouteEntry, ProviderRoutesView, StaffMe } from '@kyc/contracts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { ProviderRoutesPage } from './provider-routes-page.tsx';

const admin: StaffMe = { id: 1, email: 'ada@kyc.example', display_name: 'Ada', role: 'admin' };
const T0 = Date.UTC(2026, 0, 5, 10, 0);
const germany: ProviderRouteEntry = { country: 'DE', provider: 'sumsub', percentage: 30, updatedAt: T0 };
const rest: ProviderRouteEntry = { country: '*', provider: 'aai', percentage: 100, updatedAt: T0 };
const view = (routes: ProviderRouteEntry[], configured: ProviderRoutesView['configured'] = ['sumsub']) =>
  ok({ routes, defaultProvider: 'default', configured } satisfies ProviderRoutesView);

function renderPage() {
  return renderAsStaff(
    admin,
    [{ path: 'provider-routes', Component: ProviderRoutesPage }],
    '/backoffice/provider-routes',
  );
}

afterEach(cleanup);

describe('ProviderRoutesPage', () => {
  it('when the page opens, then the routes, the fallback and the configured vendors are shown, aai named as served in-house', async () => {
    stubApi({ 'GET /backoffice/api/provider-routes': () => view([rest, germany]) });
    renderPage();

    const table = await screen.findByRole('table', { name: 'Provider routes by country' });
    expect(within(table).getByText('Every other country (*)')).toBeTruthy();
    expect(
      within(table).getByText('AAI (served by the in-house flow until its contract is known)'),
    ).toBeTruthy();
    expect(within(table).getByText('Germany (DE)')).toBeTruthy();
    expect(within(table).getByText('Sumsub')).toBeTruthy();
    expect(within(table).getByText('30%')).toBeTruthy();
    expect(
      screen.getByText(
        'Default provider (KYC_DEFAULT_PROVIDER): In-house flow (reviewed in this back office)',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Vendors configured on this server: Sumsub')).toBeTruthy();
  });

  it('when a route names a vendor that is no longer configured, then the row says its people are served in-house', async () => {
    stubApi({
      'GET /backoffice/api/provider-routes': () => view([{ ...germany, provider: 'onfido' }], []),
    });
    renderPage();

    expect(
      await screen.findByText(
        'Not configured on this server: these people are verified by the in-house flow.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('No vendor is configured on this server: everyone is verified by the in-house flow.'),
    ).toBeTruthy();
  });

  it('when an admin adds a route, then the form is checked, the PUT names no version, and the list is read again', async () => {
    const api = stubApi({
      'GET /backoffice/api/provider-routes': () => view([]),
      'PUT /backoffice/api/provider-routes/FR': () => ok({ ...germany, country: 'FR', percentage: 25 }),
    });
    const { user } = renderPage();

    expect(
      await screen.findByText('No routes yet: every country goes to the default provider.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add a route' }));
    const dialog = screen.getByRole('dialog', { name: 'New route' });
    await user.type(within(dialog).getByLabelText(/Country code/), 'F1');
    await user.selectOptions(within(dialog).getByLabelText('Provider'), 'onfido');
    await user.clear(within(dialog).getByLabelText(/Share sent/));
    await user.type(within(dialog).getByLabelText(/Share sent/), '101');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a two-letter country code, or *.')).toBeTruthy();
    expect(within(dialog).getByText(/Onfido is not configured on this server/)).toBeTruthy();
    expect(within(dialog).getByText('Enter a whole number from 0 to 100.')).toBeTruthy();
    expect(api.callsTo('PUT', '/backoffice/api/provider-routes/FR')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/Country code/));
    await user.type(within(dialog).getByLabelText(/Country code/), 'fr');
    await user.selectOptions(within(dialog).getByLabelText('Provider'), 'sumsub');
    await user.clear(within(dialog).getByLabelText(/Share sent/));
    await user.type(within(dialog).getByLabelText(/Share sent/), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Route saved: France (FR).')).toBeTruthy();
    expect(api.callsTo('PUT', '/backoffice/api/provider-routes/FR')[0]?.body).toEqual({
      provider: 'sumsub',
      percentage: 25,
      updatedAt: null,
    });
    expect(api.callsTo('GET', '/backoffice/api/provider-routes')).toHaveLength(2);
  });

  it('when the server refuses an unconfigured vendor (30071), then the provider field says so', async () => {
    stubApi({
      'GET /backoffice/api/provider-routes': () => view([germany]),
      'PUT /backoffice/api/provider-routes/DE': () => fail(30071, 'sumsub is not configured'),
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit route: Germany (DE)' }));
    const dialog = screen.getByRole('dialog', { name: 'Route: Germany (DE)' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Sumsub is not configured on this server/)).toBeTruthy();
  });

  it('when someone else changed the route meantime (30073), then the page says so and reads the list again', async () => {
    const api = stubApi({
      'GET /backoffice/api/provider-routes': () => view([germany]),
      'PUT /backoffice/api/provider-routes/DE': () => fail(30073, 'changed'),
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit route: Germany (DE)' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/Someone else changed the routes in the meantime/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('PUT', '/backoffice/api/provider-routes/DE')[0]?.body).toEqual({
      provider: 'sumsub',
      percentage: 30,
      updatedAt: T0,
    });
    expect(api.callsTo('GET', '/backoffice/api/provider-routes')).toHaveLength(2);
  });

  it('when an admin deletes a route, then it asks first and the DELETE names the version read', async () => {
    const api = stubApi({
      'GET /backoffice/api/provider-routes': () => view([germany]),
      'DELETE /backoffice/api/provider-routes/DE': () => ok(null),
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Delete route: Germany (DE)' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the route: Germany (DE)?' });
    expect(within(dialog).getByText(/will go to the default provider: In-house flow/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete route' }));

    expect(await screen.findByText('Route deleted: Germany (DE).')).toBeTruthy();
    expect(api.callsTo('DELETE', '/backoffice/api/provider-routes/DE')[0]?.query.get('updatedAt')).toBe(
      String(T0),
    );
  });
});
