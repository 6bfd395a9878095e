// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe } from '@kyc/contracts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { pendingCaseView } from '../../../test/case-view.ts';
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
  ourNameSource: 'typed',
  entryRemovedAt: null,
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
  category: 'sanctions',
  version: 1,
  proposedBy: null,
  resolvedBy: null,
};

const OPEN_HIT: CaseScreening = {
  status: 'open_hit',
  screenedAt: T0,
  lists: [
    { name: 'ofac-sdn.xml', published: '2026-04-15' },
    { name: 'internal.csv', published: null },
  ],
  hits: [VELMOROV_HIT],
  frozen: null,
};

function pendingCase(screening: CaseScreening): CaseView {
  return pendingCaseView({
    email: 'oleg@example.com',
    applicant: {
      firstName: 'Oleg Tarasovich',
      lastName: 'Velmorov',
      dateOfBirth: '1971-03-12',
      country: 'DE',
      residenceCountry: 'DE',
      level: 0,
    },
    screening,
  });
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
    expect(within(hit).getByText(/\(as typed\)/)).toBeTruthy();
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

  it('when the hit was matched on the document and its entry left the list, then the panel says both', async () => {
    const hit = {
      ...VELMOROV_HIT,
      ourName: 'OLEG TARASOVICH VELMOROV',
      ourNameSource: 'document' as const,
      entryRemovedAt: Date.UTC(2026, 10, 20, 9, 30),
    };
    renderCase(pendingCase({ ...OPEN_HIT, hits: [hit] }));

    const panel = await screen.findByRole('region', { name: 'Sanctions screening' });
    expect(within(panel).getByText(/\(as on the document\)/)).toBeTruthy();
    expect(within(panel).getByText(/^This entry is no longer on its list \(found on .*2026/)).toBeTruthy();
  });

  it('when the person is clear, then approve is enabled and the panel says no hit', async () => {
    renderCase(
      pendingCase({ status: 'clear', screenedAt: T0, lists: OPEN_HIT.lists, hits: [], frozen: null }),
    );

    const panel = await screen.findByRole('region', { name: 'Sanctions screening' });
    expect(within(panel).getByText('Clear: no hit')).toBeTruthy();
    expect(within(panel).getByText('No hit.')).toBeTruthy();
    const approve = screen.getByRole('button', { name: 'Approve level 1' });
    expect((approve as HTMLButtonElement).disabled).toBe(false);
    expect(approve.getAttribute('aria-describedby')).toBeNull();
  });

  it('when nobody screened the person yet, then the panel says so', async () => {
    renderCase(pendingCase({ status: 'not_screened', screenedAt: null, lists: [], hits: [], frozen: null }));

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

/** The case page with the resolution endpoint answering `answer` and recording what was sent. */
function renderResolvable(caseView: CaseView, answer: (body: unknown) => Response) {
  const sent: unknown[] = [];
  stubApi({
    'GET /backoffice/api/cases/41': () => ok(caseView),
    'POST /backoffice/api/screening/hits/3/resolution': (call) => {
      sent.push(call.body);
      return answer(call.body);
    },
  });
  renderAsStaff(reviewer, [{ path: 'cases/:userId', Component: CasePage }], '/backoffice/cases/41');
  return sent;
}

const PROPOSED = { staffId: 7, name: 'Staff 7', at: T0 };

describe('resolving a hit on the Screening panel (slice 3)', () => {
  it('when a reviewer marks a sanctions hit a false positive without a reason, then nothing is sent and the field says so', async () => {
    const sent = renderResolvable(pendingCase(OPEN_HIT), () => ok(pendingCase(OPEN_HIT)));
    const form = await screen.findByRole('form', { name: 'Resolve this hit' });
    expect(
      within(form).getByText('A sanctions false positive needs a second reviewer to confirm it.'),
    ).toBeTruthy();

    await act(async () => within(form).getByRole('button', { name: 'False positive' }).click());

    expect(within(form).getByText('Give a reason.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('when a reviewer marks it a false positive with a reason, then it is sent over the version read and the hit waits for a second reviewer', async () => {
    const waiting: CaseScreening = {
      ...OPEN_HIT,
      hits: [
        {
          ...VELMOROV_HIT,
          state: 'pending_confirmation',
          version: 2,
          reason: 'Not him.',
          proposedBy: PROPOSED,
        },
      ],
    };
    const sent = renderResolvable(pendingCase(OPEN_HIT), () => ok(pendingCase(waiting)));
    const form = await screen.findByRole('form', { name: 'Resolve this hit' });
    const reason = within(form).getByLabelText('Reason');
    await act(async () => {
      fireEvent.change(reason, { target: { value: 'Not him.' } });
    });

    await act(async () => within(form).getByRole('button', { name: 'False positive' }).click());

    expect(sent).toEqual([{ action: 'false_positive', reason: 'Not him.', expectedVersion: 1 }]);
    const hit = await screen.findByRole('article', { name: 'ofac-sdn.xml, entry 91001' });
    expect(within(hit).getByText('False positive, waiting for a second reviewer')).toBeTruthy();
    expect(within(hit).getByText(/Marked a false positive by Staff 7/)).toBeTruthy();
    // The one who marked it is told so and offered no confirmation (four eyes).
    expect(
      within(hit).getByText('You marked this a false positive: another reviewer must confirm it.'),
    ).toBeTruthy();
    expect(within(hit).queryByRole('button', { name: 'Confirm false positive' })).toBeNull();
  });

  it('when a reviewer declares a true match, then a dialog asks first: cancel sends nothing, confirm freezes', async () => {
    const frozen: CaseScreening = {
      ...OPEN_HIT,
      status: 'true_match',
      hits: [
        { ...VELMOROV_HIT, state: 'true_match', version: 2, reason: 'It is him.', resolvedBy: PROPOSED },
      ],
      frozen: { at: T0, hitId: 3, exportId: 5, frozenBy: 7 },
    };
    const sent = renderResolvable(pendingCase(OPEN_HIT), () => ok(pendingCase(frozen)));
    const form = await screen.findByRole('form', { name: 'Resolve this hit' });
    await act(async () => {
      fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'It is him.' } });
    });

    await act(async () =>
      within(form).getByRole('button', { name: 'True match: freeze the account' }).click(),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Freeze this account?' });
    await act(async () => within(dialog).getByRole('button', { name: 'Cancel' }).click());
    expect(sent).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(async () =>
      within(form).getByRole('button', { name: 'True match: freeze the account' }).click(),
    );
    await act(async () =>
      within(await screen.findByRole('dialog'))
        .getByRole('button', { name: 'Freeze the account' })
        .click(),
    );
    expect(sent).toEqual([{ action: 'true_match', reason: 'It is him.', expectedVersion: 1 }]);
    expect(await screen.findByText('Account frozen.')).toBeTruthy();
  });

  it('when another reviewer confirms a hit someone resolved meanwhile, then the translated 61004 is shown', async () => {
    const byOther: CaseScreening = {
      ...OPEN_HIT,
      hits: [
        {
          ...VELMOROV_HIT,
          state: 'pending_confirmation',
          version: 2,
          proposedBy: { ...PROPOSED, staffId: 9, name: 'Sam' },
        },
      ],
    };
    const sent = renderResolvable(pendingCase(byOther), () => fail(61004, 'changed', 409));
    const form = await screen.findByRole('form', { name: 'Resolve this hit' });
    expect(
      within(form).getByText('Another reviewer marked this a false positive. Confirm it, or send it back.'),
    ).toBeTruthy();

    await act(async () => within(form).getByRole('button', { name: 'Confirm false positive' }).click());

    expect(sent).toEqual([{ action: 'confirm', expectedVersion: 2 }]);
    expect(
      await within(form).findByText(
        'Another reviewer resolved this hit, or it was screened again, in the meantime. Nothing was saved: reload the case.',
      ),
    ).toBeTruthy();
  });

  it('when a true match froze the account, then the panel says so, offers the export, and no control is left', async () => {
    const frozen: CaseScreening = {
      ...OPEN_HIT,
      status: 'true_match',
      hits: [
        { ...VELMOROV_HIT, state: 'true_match', version: 2, reason: 'It is him.', resolvedBy: PROPOSED },
      ],
      frozen: { at: T0, hitId: 3, exportId: 5, frozenBy: 7 },
    };
    renderResolvable(pendingCase(frozen), () => ok(pendingCase(frozen)));

    const panel = await screen.findByRole('region', { name: 'Sanctions screening' });
    expect(within(panel).getByText('Account frozen.')).toBeTruthy();
    const download = within(panel).getByRole('link', {
      name: 'Download the suspicious-activity export (JSON)',
    });
    expect(download.getAttribute('href')).toBe('/backoffice/api/cases/41/screening-export');
    expect(within(panel).getByText(/Resolved by Staff 7/)).toBeTruthy();
    expect(within(panel).queryByRole('form', { name: 'Resolve this hit' })).toBeNull();
  });

  describe('lifting a freeze', () => {
    const senior: StaffMe = {
      id: 9,
      email: 'senior@kyc.example',
      display_name: 'Sam',
      role: 'senior_reviewer',
    };
    const frozenBy = (staffId: number): CaseScreening => ({
      ...OPEN_HIT,
      status: 'true_match',
      hits: [
        { ...VELMOROV_HIT, state: 'true_match', version: 2, reason: 'It is him.', resolvedBy: PROPOSED },
      ],
      frozen: { at: T0, hitId: 3, exportId: 5, frozenBy: staffId },
    });
    const lifted: CaseScreening = {
      ...OPEN_HIT,
      status: 'clear',
      hits: [{ ...VELMOROV_HIT, state: 'cleared', version: 3, reason: 'Delisted on 2026-11-20.' }],
      frozen: null,
    };

    function renderAs(staff: StaffMe, screening: CaseScreening) {
      const sent: unknown[] = [];
      stubApi({
        'GET /backoffice/api/cases/41': () => ok(pendingCase(screening)),
        'POST /backoffice/api/cases/41/freeze/lift': (call) => {
          sent.push(call.body);
          return ok(pendingCase(lifted));
        },
      });
      renderAsStaff(staff, [{ path: 'cases/:userId', Component: CasePage }], '/backoffice/cases/41');
      return sent;
    }

    it('when a senior reviewer lifts it, then a dialog asks for a reason of ten characters, and the case answered shows it lifted', async () => {
      const sent = renderAs(senior, frozenBy(7));
      const lift = await screen.findByRole('button', { name: 'Lift the freeze' }, { timeout: 5000 });
      await act(async () => lift.click());
      const dialog = await screen.findByRole('dialog', { name: 'Lift the freeze?' });
      const field = within(dialog).getByLabelText('Reason');
      await act(async () => fireEvent.change(field, { target: { value: 'too short' } }));
      await act(async () => within(dialog).getByRole('button', { name: 'Lift the freeze' }).click());
      expect(within(dialog).getByText('Give a reason of at least 10 characters.')).toBeTruthy();
      expect(sent).toEqual([]);

      await act(async () => fireEvent.change(field, { target: { value: ' Delisted on 2026-11-20. ' } }));
      await act(async () => within(dialog).getByRole('button', { name: 'Lift the freeze' }).click());
      expect(sent).toEqual([{ hitId: 3, reason: 'Delisted on 2026-11-20.' }]);
      const panel = await screen.findByRole('region', { name: 'Sanctions screening' });
      await act(async () => undefined);
      expect(within(panel).queryByText('Account frozen.')).toBeNull();
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('when the senior reviewer froze it themselves, then they are told another must lift it, and no control is offered', async () => {
      renderAs(senior, frozenBy(9));
      expect(
        await screen.findByText(
          'You froze this account: another senior reviewer or an admin must lift the freeze.',
        ),
      ).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Lift the freeze' })).toBeNull();
    });

    it('when a reviewer sees a frozen account, then no lift is offered (senior reviewers and admins only)', async () => {
      renderAs(reviewer, frozenBy(9));
      await screen.findByText('Account frozen.');
      expect(screen.queryByRole('button', { name: 'Lift the freeze' })).toBeNull();
    });
  });
});
