// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AutoReviewItem, AutoReviewResult, StaffMe, StaffRole } from '@kyc/contracts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { AutoReviewPage } from './auto-review-page.tsx';

const staff = (role: StaffRole, id = 4): StaffMe => ({
  id,
  email: `${role}@kyc.example`,
  display_name: role,
  role,
});

function item(id: number, extra: Partial<AutoReviewItem> = {}): AutoReviewItem {
  return {
    id,
    userId: 20 + id,
    submissionId: 100 + id,
    decidedAt: Date.UTC(2026, 10, 29, 9, 30),
    evidence: {
      rule: 'clean',
      checks: [
        { name: 'quality', outcome: 'pass' },
        { name: 'mrz', outcome: 'pass' },
      ],
      screening: 'clear',
      risk: 'low',
    },
    state: 'waiting',
    reviewedBy: null,
    reviewedByName: null,
    reviewedAt: null,
    reversalReasonCode: null,
    reversedBy: null,
    reversedByName: null,
    ...extra,
  };
}

function reviewApi(items: AutoReviewItem[], post: () => Response = () => ok({ id: 1 })) {
  return stubApi({
    'GET /backoffice/api/auto-decisions/reviews': () =>
      ok({ items, nextCursor: null, total: items.length, totalCapped: false } satisfies AutoReviewResult),
    'POST /backoffice/api/auto-decisions/reviews/1': post,
  });
}

const renderQueue = (me: StaffMe, path = '/backoffice/auto-review') =>
  renderAsStaff(
    me,
    [
      { path: 'auto-review', Component: AutoReviewPage },
      { path: 'cases/:userId', element: <p>case page</p> },
    ],
    path,
  );

afterEach(cleanup);

describe('AutoReviewPage', () => {
  it('when approvals wait, then each shows the person, the evidence in words and the actions; marking one reviewed sends it and reloads', async () => {
    const api = reviewApi([item(1)]);
    const { user } = renderQueue(staff('reviewer'));

    const table = await screen.findByRole('table', { name: 'Automatic approvals sampled for review' });
    expect(within(table).getByRole('link', { name: 'Person #21' })).toBeTruthy();
    expect(
      within(table).getByText('Approved automatically: every check passed, screening clear, risk low.'),
    ).toBeTruthy();
    expect(within(table).getByText('Image quality: Passed')).toBeTruthy();
    expect(table.textContent).toContain('Risk: Low');
    // A reviewer may not confirm a reversal, nor is one proposed here.
    expect(within(table).queryByRole('button', { name: 'Confirm reversal' })).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Mark reviewed' }));
    expect(await screen.findByText('Person #21: the approval is marked reviewed.')).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/api/auto-decisions/reviews/1')[0]?.body).toEqual({
      action: 'reviewed',
    });
    expect(api.callsTo('GET', '/backoffice/api/auto-decisions/reviews').length).toBeGreaterThan(1);
  });

  it('when a reversal is proposed, then the proposer is not offered the confirmation, another senior reviewer is, and a lost race (63008) is said in words', async () => {
    const proposed = item(1, {
      state: 'reversal_proposed',
      reviewedBy: 4,
      reviewedByName: 'Sam',
      reviewedAt: Date.now(),
      reversalReasonCode: 'SUSPECTED_FRAUD',
    });
    reviewApi([proposed], () => fail(63008, 'moved'));
    const first = renderQueue(staff('senior_reviewer', 4), '/backoffice/auto-review?state=reversal_proposed');
    const table = await screen.findByRole('table');
    expect(table.textContent).toContain('Suspected fraud');
    expect(within(table).queryByRole('button', { name: 'Confirm reversal' })).toBeNull();
    first.unmount();

    const { user } = renderQueue(
      staff('senior_reviewer', 5),
      '/backoffice/auto-review?state=reversal_proposed',
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm reversal' }));
    expect(
      await screen.findByText(
        'Someone else acted on this approval in the meantime, so nothing was changed. The list shows it as it now stands.',
      ),
    ).toBeTruthy();
  });
});
