// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe } from '@kyc/contracts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { NAMESPACE } from '../../../lib/i18n.ts';
import type { CaseScreening, CaseScreeningHit, CaseView } from '../api/case.ts';
import { CasePage } from './case-page.tsx';
import arabic from '../../../../../../locales/backoffice/ar-SA.json';

const T0 = Date.UTC(2026, 3, 20, 9, 30);
const reviewer: StaffMe = { id: 7, email: 'reviewer@kyc.example', display_name: 'Staff 7', role: 'reviewer' };

const VELMOROV_HIT: CaseScreeningHit = {
  id: 3,
  list: 'ofac-sdn.xml',
  listEntryId: '91001',
  matchedName: 'Oleg Tarasovich VELMOROV',
  ourName: 'Oleg Tarasovich Velmorov',
  score: 1,
  state: 'open',
  reason: '',
  explanation: {
    matchedNameWeak: false,
    matchedNameScript: null,
    tokens: [
      { ours: 'oleg', theirs: 'oleg', method: 'exact', score: 1 },
      { ours: 'tarasovich', theirs: 'tarasovich', method: 'exact', score: 1 },
      { ours: 'velmorov', theirs: 'velmorov', method: 'exact', score: 1 },
    ],
    unmatchedOurs: [],
    unmatchedTheirs: [],
    baseScore: 1,
    adjustments: [
      { code: 'dob_same_date', delta: 0.05, detail: 'same date of birth (ours 1971-03-12)' },
      { code: 'nationality_different', delta: -0.05, detail: 'no nationality in common (DE; RU)' },
    ],
    threshold: 0.85,
    programmes: ['RUSSIA-EO14024', 'CYBER2'],
    category: 'sanctions',
    summary: '"Oleg Tarasovich Velmorov" matched "Oleg Tarasovich VELMOROV" …',
  },
};

const OPEN_HIT: CaseScreening = {
  status: 'open_hit',
  screenedAt: T0,
  lists: [
    { name: 'ofac-sdn.xml', published: '2026-04-15' },
    { name: 'internal.csv', published: null },
  ],
  hits: [VELMOROV_HIT],
};

function pendingCase(screening: CaseScreening): CaseView {
  return {
    userId: 41,
    email: 'oleg@example.com',
    site: 'GLOBAL',
    applicant: {
      firstName: 'Oleg Tarasovich',
      lastName: 'Velmorov',
      dateOfBirth: '1971-03-12',
      country: 'DE',
      residenceCountry: 'DE',
      level: 0,
    },
    levels: [
      { level: 1, status: 'PENDING', rejectReasonCode: '', rejectReason: '', finalRejectionProposed: false },
      {
        level: 2,
        status: 'NOT_ALLOW',
        rejectReasonCode: '',
        rejectReason: '',
        finalRejectionProposed: false,
      },
    ],
    reverification: {
      status: 'DisplayUpdatePOIStatus_No',
      deadline: null,
      rejectReason: '',
      site: '',
      country: '',
    },
    decisions: [],
    documents: [],
    submissions: [],
    vendor: { applicants: [], events: [] },
    screening,
  };
}

function renderCase(caseView: CaseView) {
  stubApi({
    'GET /backoffice/api/cases/41': () => ok(caseView),
    'POST /backoffice/api/cases/41/decisions': () => fail(61001, 'open screening hit'),
  });
  return renderAsStaff(reviewer, [{ path: 'cases/:userId', Component: CasePage }], '/backoffice/cases/41');
}

afterEach(cleanup);

describe('the case page Screening panel', () => {
  it('when the person has an open hit, then the panel shows the status, the lists with their dates and the hit explained', async () => {
    renderCase(pendingCase(OPEN_HIT));

    const panel = await screen.findByRole('region', { name: 'Sanctions screening' });
    expect(within(panel).getByText('Open hit: approval blocked')).toBeTruthy();
    expect(within(panel).getByText('ofac-sdn.xml, published Apr 15, 2026')).toBeTruthy();
    expect(within(panel).getByText('internal.csv, publication date not given')).toBeTruthy();
    const hit = within(panel).getByRole('article', { name: 'ofac-sdn.xml, entry 91001' });
    expect(within(hit).getByText('Oleg Tarasovich VELMOROV')).toBeTruthy();
    expect(within(hit).getByText('Oleg Tarasovich Velmorov')).toBeTruthy();
    expect(within(hit).getByText('1.00')).toBeTruthy();
    expect(within(hit).getByText('Open')).toBeTruthy();
    expect(within(hit).getByText('RUSSIA-EO14024, CYBER2')).toBeTruthy();
    expect(within(hit).getByText('velmorov ↔ velmorov: same, 1.00')).toBeTruthy();
    expect(within(hit).getByText('Names score 1.00')).toBeTruthy();
    expect(within(hit).getByText('Same date of birth: +0.05')).toBeTruthy();
    expect(within(hit).getByText('Different nationality: -0.05')).toBeTruthy();
    expect(within(hit).getByText('Final score 1.00 (a hit from 0.85)')).toBeTruthy();
  });

  it('when the hit is open, then the approve control is disabled and says why; reject stays available', async () => {
    renderCase(pendingCase(OPEN_HIT));

    const decisions = await screen.findByRole('region', { name: 'Decisions' });
    const approve = within(decisions).getByRole('button', { name: 'Approve level 1' });
    expect((approve as HTMLButtonElement).disabled).toBe(true);
    const why = document.getElementById(approve.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toMatch(/Approval is blocked by an open screening hit/);
    expect(within(decisions).getByRole('button', { name: 'Reject, can try again' })).toBeTruthy();
  });

  it('when the person is clear, then approve is enabled and the panel says no hit', async () => {
    renderCase(pendingCase({ status: 'clear', screenedAt: T0, lists: OPEN_HIT.lists, hits: [] }));

    const panel = await screen.findByRole('region', { name: 'Sanctions screening' });
    expect(within(panel).getByText('Clear: no hit')).toBeTruthy();
    expect(within(panel).getByText('No hit.')).toBeTruthy();
    const approve = screen.getByRole('button', { name: 'Approve level 1' });
    expect((approve as HTMLButtonElement).disabled).toBe(false);
    expect(approve.getAttribute('aria-describedby')).toBeNull();
  });

  it('when nobody screened the person yet, then the panel says so', async () => {
    renderCase(pendingCase({ status: 'not_screened', screenedAt: null, lists: [], hits: [] }));

    const panel = await screen.findByRole('region', { name: 'Sanctions screening' });
    expect(within(panel).getByText('Not screened yet')).toBeTruthy();
    expect(within(panel).getByText('Not yet')).toBeTruthy();
    expect(within(panel).getByText('No list was used yet.')).toBeTruthy();
  });

  it('when the page is in Arabic, then the panel is translated, right to left, with no raw key', async () => {
    const { i18n } = renderCase(pendingCase(OPEN_HIT));
    await screen.findByRole('region', { name: 'Sanctions screening' });

    i18n.addResourceBundle('ar-SA', NAMESPACE, arabic);
    await act(() => i18n.changeLanguage('ar-SA'));

    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
    const panel = screen.getByRole('region', { name: arabic.case.screening.heading });
    expect(within(panel).getByText(arabic.case.screening.statuses.open_hit)).toBeTruthy();
    expect(within(panel).getByText(arabic.case.screening.hitStates.open)).toBeTruthy();
    expect(panel.textContent).toContain(arabic.case.screening.adjustments.dob_same_date);
    expect(panel.textContent).not.toMatch(/case\.screening\.|Sanctions screening|Open hit/);
    expect(screen.getByText(arabic.decisions.screeningBlocked)).toBeTruthy();
  });
});
