// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RiskCountryEntryView, RiskCountryListsView, StaffMe } from '@kyc/contracts';
import arabic from '../../../../../../locales/backoffice/ar-SA.json';
import { NAMESPACE } from '../../../lib/i18n.ts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { CountryListsPage } from './country-lists-page.tsx';

const admin: StaffMe = { id: 1, email: 'ada@kyc.example', display_name: 'Ada', role: 'admin' };
const reviewer: StaffMe = { id: 2, email: 'rex@kyc.example', display_name: 'Rex', role: 'reviewer' };
const T0 = Date.UTC(2026, 0, 5, 10, 0);
const FATF = 'https://www.fatf-gafi.org/en/publications/call-for-action-october-2025.html';
const EU = 'https://eur-lex.europa.eu/eli/reg_del/2016/1675/oj (amended by 2025/1184)';

const entry = (country: string, over: Partial<RiskCountryEntryView> = {}): RiskCountryEntryView => ({
  country,
  listedSince: null,
  published: '2025-10-24',
  source: FATF,
  updatedBy: null,
  updatedByName: null,
  updatedAt: T0,
  ...over,
});
const view = (version = 1, black = [entry('IR', { listedSince: '2022-10-21' })]): RiskCountryListsView => ({
  version,
  lists: [
    { list: 'fatf_call_for_action', entries: black },
    { list: 'fatf_increased_monitoring', entries: [] },
    { list: 'eu_high_risk', entries: [entry('IR', { published: '2025-06-10', source: EU })] },
  ],
});
const BLACK = 'FATF: high-risk jurisdictions subject to a call for action';

function renderPage(staff: StaffMe = admin) {
  return renderAsStaff(
    staff,
    [{ path: 'risk/country-lists', Component: CountryListsPage }],
    '/backoffice/risk/country-lists',
  );
}

afterEach(cleanup);

describe('CountryListsPage', () => {
  it('when a reviewer opens the page, then the three lists name each country with since, publication and a source link, read only', async () => {
    stubApi({ 'GET /backoffice/api/risk/country-lists': () => ok(view()) });
    renderPage(reviewer);

    const black = await screen.findByRole('table', { name: BLACK });
    expect(within(black).getByText('Iran (IR)')).toBeTruthy();
    expect(within(black).getByText('Oct 21, 2022')).toBeTruthy();
    expect(within(black).getByText('Oct 24, 2025')).toBeTruthy();
    expect(within(black).getByText('Shipped with the product')).toBeTruthy();
    expect(within(black).getByRole('link', { name: 'www.fatf-gafi.org' }).getAttribute('href')).toBe(FATF);
    const eu = screen.getByRole('table', { name: 'EU: high-risk third countries' });
    expect(within(eu).getByText('Not stated')).toBeTruthy();
    expect(within(eu).getByText('(amended by 2025/1184)')).toBeTruthy();
    expect(screen.getByText('No country on this list.')).toBeTruthy();
    expect(screen.getByText(/recomputes every person's risk in the background/)).toBeTruthy();
    expect(screen.getByText('You can read the lists; only administrators change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add a country/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('when an admin adds a country, then the form is checked first, the POST names the version read and the lists answered are shown', async () => {
    const api = stubApi({
      'GET /backoffice/api/risk/country-lists': () => ok(view()),
      'POST /backoffice/api/risk/country-lists': () =>
        ok(
          view(2, [
            entry('FR', { updatedBy: 1, updatedByName: 'Ada', published: '2026-02-20' }),
            entry('IR'),
          ]),
        ),
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: `Add a country to: ${BLACK}` }));
    const dialog = screen.getByRole('dialog', { name: `Add a country: ${BLACK}` });
    await user.type(within(dialog).getByLabelText(/Country code/), 'F1');
    await user.type(within(dialog).getByLabelText(/Listed since/), '2026-02-30');
    await user.type(within(dialog).getByLabelText(/Publication date/), '20.02.2026');
    await user.type(within(dialog).getByLabelText(/^Source/), 'http://www.fatf-gafi.org/');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a two-letter country code.')).toBeTruthy();
    expect(within(dialog).getAllByText('Enter a date as YYYY-MM-DD.')).toHaveLength(2);
    expect(within(dialog).getByText('Enter an address beginning with https://.')).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/api/risk/country-lists')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/Country code/));
    await user.type(within(dialog).getByLabelText(/Country code/), 'fr');
    await user.clear(within(dialog).getByLabelText(/Listed since/));
    await user.clear(within(dialog).getByLabelText(/Publication date/));
    await user.type(within(dialog).getByLabelText(/Publication date/), '2026-02-20');
    await user.clear(within(dialog).getByLabelText(/^Source/));
    await user.type(within(dialog).getByLabelText(/^Source/), FATF);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/^Saved: France \(FR\) on FATF: high-risk/)).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/api/risk/country-lists')[0]?.body).toEqual({
      action: 'add',
      baseVersion: 1,
      list: 'fatf_call_for_action',
      country: 'FR',
      listedSince: null,
      published: '2026-02-20',
      source: FATF,
    });
    const black = screen.getByRole('table', { name: BLACK });
    expect(within(black).getByText('France (FR)')).toBeTruthy();
    expect(within(black).getByText(/^Ada, /)).toBeTruthy();
  });

  it('when the server refuses a country already listed (61025) or unknown (53001), then the country field says so', async () => {
    let answer = fail(61025, 'on the list already');
    stubApi({
      'GET /backoffice/api/risk/country-lists': () => ok(view()),
      'POST /backoffice/api/risk/country-lists': () => answer,
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: `Add a country to: ${BLACK}` }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Country code/), 'MM');
    await user.type(within(dialog).getByLabelText(/Publication date/), '2025-10-24');
    await user.type(within(dialog).getByLabelText(/^Source/), FATF);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This country is already on this list: edit its entry instead.'),
    ).toBeTruthy();

    answer = fail(53001, 'no country');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('There is no country with this code.')).toBeTruthy();
  });

  it('when an admin edits an entry, then the POST carries its values over the version read', async () => {
    const api = stubApi({
      'GET /backoffice/api/risk/country-lists': () => ok(view(3)),
      'POST /backoffice/api/risk/country-lists': () => ok(view(4)),
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: `Edit Iran (IR) on: ${BLACK}` }));
    const dialog = screen.getByRole('dialog', { name: `Iran (IR): ${BLACK}` });
    expect(within(dialog).queryByLabelText(/Country code/)).toBeNull();
    await user.clear(within(dialog).getByLabelText(/Listed since/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/^Saved: Iran \(IR\)/)).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/api/risk/country-lists')[0]?.body).toEqual({
      action: 'edit',
      baseVersion: 3,
      list: 'fatf_call_for_action',
      country: 'IR',
      listedSince: null,
      published: '2025-10-24',
      source: FATF,
    });
  });

  it('when an admin removes an entry, then it asks first and the POST names the version read', async () => {
    const api = stubApi({
      'GET /backoffice/api/risk/country-lists': () => ok(view()),
      'POST /backoffice/api/risk/country-lists': () => ok(view(2, [])),
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: `Remove Iran (IR) from: ${BLACK}` }));
    const dialog = screen.getByRole('dialog', { name: `Remove Iran (IR) from ${BLACK}?` });
    expect(within(dialog).getByText(/lose this list's risk factor/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(/^Removed: Iran \(IR\) from FATF/)).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/api/risk/country-lists')[0]?.body).toEqual({
      action: 'remove',
      baseVersion: 1,
      list: 'fatf_call_for_action',
      country: 'IR',
    });
  });

  it('when the risk settings changed meanwhile (61022), then the page says so and reads the lists again on request', async () => {
    let reads = 0;
    const api = stubApi({
      'GET /backoffice/api/risk/country-lists': () => ok(view(++reads)),
      'POST /backoffice/api/risk/country-lists': () => fail(61022, 'changed', 409),
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: `Remove Iran (IR) from: ${BLACK}` }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText(/Someone changed the risk settings since you opened this page/),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await screen.findByRole('table', { name: BLACK });
    expect(api.callsTo('GET', '/backoffice/api/risk/country-lists')).toHaveLength(2);
  });

  it('when the reader works in Arabic, then the lists and the country names are in Arabic', async () => {
    stubApi({ 'GET /backoffice/api/risk/country-lists': () => ok(view()) });
    const { i18n } = renderPage();
    await screen.findByRole('table', { name: BLACK });
    i18n.addResourceBundle('ar-SA', NAMESPACE, arabic);
    await act(() => i18n.changeLanguage('ar-SA'));

    const myanmar = new Intl.DisplayNames(['ar-SA'], { type: 'region' }).of('IR') ?? '';
    expect(myanmar).not.toBe('IR');
    const black = screen.getByRole('table', { name: arabic.riskCountryLists.lists.fatf_call_for_action });
    expect(within(black).getByText(`${myanmar} (IR)`)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: arabic.areas.riskCountryLists.title })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
