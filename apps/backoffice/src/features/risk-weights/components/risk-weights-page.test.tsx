// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RiskWeightsView, StaffMe } from '@kyc/contracts';
import arabic from '../../../../../../locales/backoffice/ar-SA.json';
import { NAMESPACE } from '../../../lib/i18n.ts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { RiskWeightsPage } from './risk-weights-page.tsx';

const admin: StaffMe = { id: 1, email: 'ada@kyc.example', display_name: 'Ada', role: 'admin' };
const reviewer: StaffMe = { id: 2, email: 'rex@kyc.example', display_name: 'Rex', role: 'reviewer' };
const T0 = Date.UTC(2026, 0, 5, 10, 0);

const V1: RiskWeightsView = {
  version: 1,
  createdBy: null,
  createdByName: null,
  createdAt: T0,
  cause: 'weights',
  weights: {
    factors: {
      country_fatf_call_for_action: 100,
      country_fatf_increased_monitoring: 30,
      country_eu_high_risk: 30,
      pep: 40,
      pep_related: 25,
      us_person: 10,
      third_party_control: 30,
      source_of_funds: 10,
      expected_volume_high: 10,
      expected_volume_very_high: 25,
      screening_open_hit: 40,
      screening_cleared_hit: 0,
      screening_true_match: 100,
      document_data_mismatch: 30,
      document_expired: 25,
      document_duplicate: 40,
      document_mrz_unreadable: 10,
    },
    thresholds: { medium: 25, high: 60 },
  },
};

function renderPage(staff: StaffMe = admin) {
  return renderAsStaff(
    staff,
    [{ path: 'risk/weights', Component: RiskWeightsPage }],
    '/backoffice/risk/weights',
  );
}

afterEach(cleanup);

describe('RiskWeightsPage', () => {
  it('when the page opens, then the version in force, who saved it, every factor with its points and the thresholds are shown, with what saving does', async () => {
    stubApi({
      'GET /backoffice/api/risk/weights': () =>
        ok({
          ...V1,
          version: 3,
          createdBy: 1,
          createdByName: 'Ada',
          cause: 'country_lists',
        } satisfies RiskWeightsView),
    });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Version 3 in force' })).toBeTruthy();
    expect(screen.getByText(/^Saved by Ada on /)).toBeTruthy();
    expect(screen.getByText(/This version changed the country risk lists/)).toBeTruthy();
    expect(screen.getByText(/recomputes every person's risk in the background/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Points of each risk factor' });
    expect(within(table).getAllByRole('row')).toHaveLength(18); // 17 factors and the header
    expect(within(table).getByText('Same document on another account')).toBeTruthy();
    expect(within(table).getByText('Country on the FATF call-for-action list')).toBeTruthy();
    expect(
      (within(table).getByLabelText('Points: Country on the FATF call-for-action list') as HTMLInputElement)
        .value,
    ).toBe('100');
    expect((screen.getByLabelText('Medium risk from (points)') as HTMLInputElement).value).toBe('25');
    expect((screen.getByLabelText('High risk from (points)') as HTMLInputElement).value).toBe('60');
  });

  it('when an admin changes a factor and saves, then the PUT carries every factor over the version read and the new version is shown', async () => {
    const api = stubApi({
      'GET /backoffice/api/risk/weights': () => ok(V1),
      'PUT /backoffice/api/risk/weights': (call) => {
        const body = call.body as { weights: RiskWeightsView['weights'] };
        return ok({ ...V1, version: 2, createdBy: 1, createdByName: 'Ada', weights: body.weights });
      },
    });
    const { user } = renderPage();

    const pep = await screen.findByLabelText('Points: Politically exposed person (declared)');
    await user.clear(pep);
    await user.type(pep, '55');
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));

    expect(await screen.findByText(/Version 2 saved\. Everyone's risk is being recomputed/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Version 2 in force' })).toBeTruthy();
    expect(api.callsTo('PUT', '/backoffice/api/risk/weights')[0]?.body).toEqual({
      baseVersion: 1,
      weights: { factors: { ...V1.weights.factors, pep: 55 }, thresholds: { medium: 25, high: 60 } },
    });
  });

  it('when a value is not a whole number or nothing changed, then the field says so and nothing is sent', async () => {
    const api = stubApi({ 'GET /backoffice/api/risk/weights': () => ok(V1) });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Save as a new version' }));
    expect(screen.getByText('Nothing changed: there is no new version to save.')).toBeTruthy();
    const pep = screen.getByLabelText('Points: Politically exposed person (declared)');
    await user.clear(pep);
    await user.type(pep, '4.5');
    await user.clear(screen.getByLabelText('Medium risk from (points)'));
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));

    expect(screen.getByText('Enter a whole number from 0 to 1000.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 1 to 1000.')).toBeTruthy();
    expect(pep.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PUT', '/backoffice/api/risk/weights')).toHaveLength(0);
  });

  it('when the thresholds are out of order (61020), then the rule is shown at the high threshold', async () => {
    stubApi({
      'GET /backoffice/api/risk/weights': () => ok(V1),
      'PUT /backoffice/api/risk/weights': () => fail(61020, 'thresholds.medium (60) must be below high'),
    });
    const { user } = renderPage();

    const medium = await screen.findByLabelText('Medium risk from (points)');
    await user.clear(medium);
    await user.type(medium, '60');
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));

    const high = screen.getByLabelText('High risk from (points)');
    expect(await screen.findByText('The medium threshold must be below the high threshold.')).toBeTruthy();
    expect(high.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Version 1 in force' })).toBeTruthy();
  });

  it('when someone saved a newer version meanwhile (61021), then the page says so and reloads on request', async () => {
    let reads = 0;
    const api = stubApi({
      'GET /backoffice/api/risk/weights': () => {
        reads++;
        return ok(reads === 1 ? V1 : { ...V1, version: 2, createdBy: 3, createdByName: 'Grace' });
      },
      'PUT /backoffice/api/risk/weights': () => fail(61021, 'changed', 409),
    });
    const { user } = renderPage();

    const pep = await screen.findByLabelText('Points: Politically exposed person (declared)');
    await user.clear(pep);
    await user.type(pep, '45');
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Someone saved a newer version of the weights/)).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('heading', { name: 'Version 2 in force' })).toBeTruthy();
    expect(screen.getByText(/^Saved by Grace on /)).toBeTruthy();
    expect(api.callsTo('GET', '/backoffice/api/risk/weights')).toHaveLength(2);
  });

  it('when a reviewer opens the page, then the weights are read-only: no field, no save', async () => {
    stubApi({ 'GET /backoffice/api/risk/weights': () => ok(V1) });
    renderPage(reviewer);

    const table = await screen.findByRole('table', { name: 'Points of each risk factor' });
    expect(within(table).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(table).getByText('Politically exposed person (declared)')).toBeTruthy();
    expect(screen.getByText(/^Shipped with the product; in force since /)).toBeTruthy();
    expect(screen.getByText('You can read the weights; only administrators change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save as a new version' })).toBeNull();
    expect(screen.getByText('60')).toBeTruthy();
  });

  it('when the reader works in Arabic, then the page and the factor names are in Arabic', async () => {
    stubApi({ 'GET /backoffice/api/risk/weights': () => ok(V1) });
    const { i18n } = renderPage();
    await screen.findByRole('heading', { name: 'Version 1 in force' });
    i18n.addResourceBundle('ar-SA', NAMESPACE, arabic);
    await act(() => i18n.changeLanguage('ar-SA'));

    expect(screen.getByRole('heading', { level: 1, name: arabic.areas.riskWeights.title })).toBeTruthy();
    expect(screen.getByText(arabic.riskWeights.recompute)).toBeTruthy();
    expect(screen.getByText(arabic.case.risk.factors.pep)).toBeTruthy();
    expect(screen.getByRole('button', { name: arabic.riskWeights.save })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
