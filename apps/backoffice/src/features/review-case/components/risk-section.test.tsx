// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CaseRisk, StaffMe } from '@kyc/contracts';
import { ok, stubApi } from '../../../test/api-stub.ts';
import { pendingCaseView } from '../../../test/case-view.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import type { CaseView } from '../api/case.ts';
import { CasePage } from './case-page.tsx';
import { NAMESPACE } from '../../../lib/i18n.ts';
import arabic from '../../../../../../locales/backoffice/ar-SA.json';

const T0 = Date.UTC(2026, 10, 20, 9, 30);
const reviewer: StaffMe = { id: 7, email: 'reviewer@kyc.example', display_name: 'Staff 7', role: 'reviewer' };

const HIGH: CaseRisk = {
  level: 'high',
  points: 130,
  computedAt: T0,
  weightsVersion: 2,
  factors: [
    {
      code: 'country_fatf_call_for_action',
      points: 100,
      about: { kind: 'country', country: 'MM', roles: ['residence'], listedSince: '2022-10-21' },
      detail:
        'MM (residence) is on the FATF high-risk jurisdictions subject to a call for action since 2022-10-21',
      source:
        'FATF high-risk jurisdictions subject to a call for action, published 2025-10-24: https://www.fatf-gafi.org/en/publications/High-risk-and-other-monitored-jurisdictions/Call-for-action-october-2025.html',
    },
    {
      code: 'screening_cleared_hit',
      points: 0,
      about: { kind: 'screening_hit', state: 'cleared' },
      detail: 'cleared as a false positive',
      source: 'screening hit 3: ofac-sdn.xml entry 91001 (sanctions)',
    },
  ],
};

function caseWith(risk: CaseRisk | undefined): CaseView {
  return pendingCaseView({
    applicant: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '1990-12-10',
      country: 'DE',
      residenceCountry: 'MM',
      level: 0,
    },
    ...(risk !== undefined ? { risk } : {}),
  });
}

function renderCase(caseView: CaseView) {
  stubApi({ 'GET /backoffice/api/cases/41': () => ok(caseView) });
  return renderAsStaff(reviewer, [{ path: 'cases/:userId', Component: CasePage }], '/backoffice/cases/41');
}

afterEach(cleanup);

describe('the case page Risk panel', () => {
  it('when the person is high risk, then the panel names the level in words and every factor with its points, what raised it and its source', async () => {
    renderCase(caseWith(HIGH));

    const panel = await screen.findByRole('region', { name: 'Risk' });
    expect(within(panel).getByText('High')).toBeTruthy();
    expect(within(panel).getByText('130')).toBeTruthy();
    const country = within(panel).getByRole('article', { name: 'Country on the FATF call-for-action list' });
    expect(within(country).getByText('100')).toBeTruthy();
    // What raised it is worded from data in the page's language, not the server's English.
    expect(
      within(country).getByText('Myanmar (Burma) (MM): country of residence; on the list since Oct 21, 2022'),
    ).toBeTruthy();
    expect(within(country).queryByText(/is on the FATF/)).toBeNull();
    expect(within(country).getByText(/published 2025-10-24: https:\/\/www\.fatf-gafi\.org/)).toBeTruthy();
    const cleared = within(panel).getByRole('article', { name: 'Screening hit cleared as a false positive' });
    expect(within(cleared).getByText('0')).toBeTruthy();
    expect(within(cleared).getByText('Cleared as a false positive')).toBeTruthy();
    expect(within(cleared).getByText('screening hit 3: ofac-sdn.xml entry 91001 (sanctions)')).toBeTruthy();
  });

  it('when an assessment was stored before factors carried data, then the stored words are shown', async () => {
    const [first] = HIGH?.factors ?? [];
    if (!HIGH || !first) throw new Error('fixture');
    renderCase(caseWith({ ...HIGH, factors: [{ ...first, about: null }] }));

    const panel = await screen.findByRole('region', { name: 'Risk' });
    expect(within(panel).getByText(/MM \(residence\) is on the FATF/)).toBeTruthy();
  });

  it('when the reader works in Arabic, then what raised a factor is in Arabic too', async () => {
    const { i18n } = renderCase(caseWith(HIGH));
    await screen.findByRole('region', { name: 'Risk' });
    i18n.addResourceBundle('ar-SA', NAMESPACE, arabic);
    await act(() => i18n.changeLanguage('ar-SA'));

    const panel = await screen.findByRole('region', { name: arabic.case.risk.heading });
    expect(within(panel).getByText(/بلد الإقامة؛ مدرج في القائمة منذ/)).toBeTruthy();
    expect(within(panel).getByText(arabic.case.risk.about.hit.cleared)).toBeTruthy();
  });

  it('when document checks raised factors, then each is named and worded from its data, in English and Arabic', async () => {
    const source = 'document check data_match of submission 7, checked 2026-11-02';
    const documents: CaseRisk = {
      level: 'high',
      points: 80,
      computedAt: T0,
      weightsVersion: 2,
      factors: [
        {
          code: 'document_data_mismatch',
          points: 30,
          about: { kind: 'document_data_mismatch', fields: ['lastName', 'dateOfBirth'] },
          detail: "the document's MRZ disagrees with what was typed: lastName, dateOfBirth",
          source,
        },
        {
          code: 'document_duplicate',
          points: 40,
          about: { kind: 'document_duplicate', otherAccounts: 2 },
          detail: 'the same document is on 2 other account(s)',
          source,
        },
        {
          code: 'document_mrz_unreadable',
          points: 10,
          about: { kind: 'document_mrz_unreadable', reason: 'no_zone' },
          detail: "the document's MRZ could not be read (no_zone)",
          source,
        },
      ],
    };
    const { i18n } = renderCase(caseWith(documents));

    const panel = await screen.findByRole('region', { name: 'Risk' });
    const mismatch = within(panel).getByRole('article', { name: 'Document disagrees with what was typed' });
    expect(
      within(mismatch).getByText('The machine-readable zone disagrees on: Last name and Date of birth'),
    ).toBeTruthy();
    const duplicate = within(panel).getByRole('article', { name: 'Same document on another account' });
    expect(within(duplicate).getByText('Other accounts with the same document: 2')).toBeTruthy();
    expect(within(panel).getByText('Not readable: no machine-readable zone was found.')).toBeTruthy();

    i18n.addResourceBundle('ar-SA', NAMESPACE, arabic);
    await act(() => i18n.changeLanguage('ar-SA'));
    const arabicPanel = await screen.findByRole('region', { name: arabic.case.risk.heading });
    expect(within(arabicPanel).getByText(arabic.case.risk.factors.document_duplicate)).toBeTruthy();
    expect(within(arabicPanel).getByText(/^المنطقة المقروءة آليًا لا تطابق في: /)).toBeTruthy();
  });

  it('when the person was never assessed, then the panel says so', async () => {
    renderCase(caseWith(null));

    const panel = await screen.findByRole('region', { name: 'Risk' });
    expect(within(panel).getByText('Not assessed yet.')).toBeTruthy();
  });
});
