// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CountryCoverageEntry, StaffMe } from '@kyc/contracts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { CountriesPage } from './countries-page.tsx';

const admin: StaffMe = { id: 1, email: 'ada@kyc.example', display_name: 'Ada', role: 'admin' };
const belgium: CountryCoverageEntry = {
  code: 'BE',
  alpha3: 'BEL',
  state: 'offered',
  closedReason: '',
  documentTypes: ['ID_CARD', 'PASSPORT'],
  version: 3,
  updatedAt: 0,
};
const us: CountryCoverageEntry = {
  code: 'US',
  alpha3: 'USA',
  state: 'closed',
  closedReason: 'NOT_SERVED_BUSINESS',
  documentTypes: ['PASSPORT'],
  version: 1,
  updatedAt: 0,
};
const page = (items: CountryCoverageEntry[]) =>
  ok({ items, total: items.length, page: 1, pageSize: 50, offered: 230, closed: 19 });

function renderCountries(url = '/backoffice/countries') {
  return renderAsStaff(admin, [{ path: 'countries', Component: CountriesPage }], url);
}

afterEach(cleanup);

describe('CountriesPage', () => {
  it('when the page opens, then every country shows its name, coverage with the reason, and documents', async () => {
    const api = stubApi({ 'GET /backoffice/api/countries': () => page([belgium, us]) });
    renderCountries('/backoffice/countries?q=be&state=offered');

    const table = await screen.findByRole('table', { name: 'Countries and their coverage' });
    expect(within(table).getByText('Belgium')).toBeTruthy();
    expect(within(table).getByText('Closed: Not served (business decision)')).toBeTruthy();
    expect(within(table).getByText('ID card, Passport')).toBeTruthy();
    expect(screen.getByText('Offered: 230 · Closed: 19')).toBeTruthy();
    const query = api.callsTo('GET', '/backoffice/api/countries')[0]?.query;
    expect(query?.get('q')).toBe('be');
    expect(query?.get('state')).toBe('offered');
    expect(query?.get('lang')).toBe('en');
  });

  it('when an admin closes a country with a reason, then the change names the version and the row shows it', async () => {
    const api = stubApi({
      'GET /backoffice/api/countries': () => page([belgium]),
      'PATCH /backoffice/api/countries/BE': () =>
        ok({ ...belgium, state: 'closed', closedReason: 'SANCTIONS', version: 4 }),
    });
    const { user } = renderCountries();

    await user.click(await screen.findByRole('button', { name: 'Edit Belgium' }));
    const dialog = screen.getByRole('dialog', { name: 'Coverage of Belgium' });
    await user.click(within(dialog).getByRole('radio', { name: 'Closed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose why the country is closed.')).toBeTruthy();
    expect(api.callsTo('PATCH', '/backoffice/api/countries/BE')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Reason for closing'), 'SANCTIONS');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Coverage of Belgium saved.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('PATCH', '/backoffice/api/countries/BE')[0]?.body).toEqual({
      version: 3,
      state: 'closed',
      closedReason: 'SANCTIONS',
      documentTypes: ['ID_CARD', 'PASSPORT'],
    });
    expect(screen.getByText('Closed: Comprehensive sanctions')).toBeTruthy();
    expect(screen.getByText('Offered: 229 · Closed: 20')).toBeTruthy();
  });

  it('when an offered country is left without documents, then the dialog says so and nothing is sent', async () => {
    const api = stubApi({ 'GET /backoffice/api/countries': () => page([belgium]) });
    const { user } = renderCountries();

    await user.click(await screen.findByRole('button', { name: 'Edit Belgium' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'ID card' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Passport' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(within(dialog).getByText('Choose at least one document for an offered country.')).toBeTruthy();
    expect(api.callsTo('PATCH', '/backoffice/api/countries/BE')).toHaveLength(0);
  });

  it('when someone else changed the country meanwhile (53002), then the page says so and reads the list again', async () => {
    const api = stubApi({
      'GET /backoffice/api/countries': () => page([belgium]),
      'PATCH /backoffice/api/countries/BE': () => fail(53002, 'country BE is at version 4, not 3'),
    });
    const { user } = renderCountries();

    await user.click(await screen.findByRole('button', { name: 'Edit Belgium' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/Someone else changed this country in the meantime/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('GET', '/backoffice/api/countries')).toHaveLength(2);
  });
});
