// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok, stubApi, type RecordedCall } from '../../../test/api-stub.ts';
import { nth } from '../../../test/nth.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { staff } from '../test/fixtures.ts';
import { QuestionnairesPage } from './questionnaires-page.tsx';

const HOUR = 3_600_000;

function item(userId: number, templateCode: string, waitedMs: number, extra: Record<string, unknown> = {}) {
  return {
    type: 'questionnaire',
    userId,
    email: `user${userId}@example.com`,
    site: 'GLOBAL',
    templateCode,
    templateVersion: 1,
    kind: 'questionnaire',
    title: `${templateCode}.title`,
    status: 'PENDING',
    eddStatus: null,
    depositRef: null,
    pendingSince: Date.now() - waitedMs,
    closed: false,
    assignee: null,
    ...extra,
  };
}

function queueApi(items: unknown[], total = items.length) {
  const queries: URLSearchParams[] = [];
  stubApi({
    'GET /backoffice/api/questionnaires/queue': (call: RecordedCall) => {
      queries.push(call.query);
      // Cursor paging (issue 17): the cursor after page N is "pN".
      const cursor = call.query.get('cursor');
      const page = cursor ? Number(cursor.slice(1)) + 1 : 1;
      return ok({ items, total, totalCapped: false, nextCursor: total > page * 20 ? `p${page}` : null });
    },
  });
  return { queries };
}

function renderQueue(path = '/backoffice/questionnaires') {
  return renderAsStaff(
    staff('reviewer'),
    [
      { path: 'questionnaires', Component: QuestionnairesPage },
      { path: 'questionnaires/:userId/:templateCode', element: <p>response page</p> },
    ],
    path,
  );
}

afterEach(cleanup);

describe('QuestionnairesPage', () => {
  it('when responses wait, then each row shows the person, the questionnaire title, type and status, linked to the response', async () => {
    queueApi([
      item(41, 'source-of-funds-wealth', 3 * HOUR),
      item(42, 'edd', 2 * 24 * HOUR, { type: 'edd', eddStatus: 'Reviewing', status: 'PENDING_NO_EDIT' }),
      item(43, 'satos-deposit', 30 * 60_000, { type: 'satos', depositRef: 'dep-778899' }),
    ]);
    renderQueue();

    const link = await screen.findByRole('link', { name: 'user41@example.com' });
    expect(link.getAttribute('href')).toBe('/backoffice/questionnaires/41/source-of-funds-wealth');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(nth(rows, 0)).getByText('3 h')).toBeTruthy();
    expect(within(nth(rows, 0)).getByText(/Source of funds/)).toBeTruthy();
    expect(within(nth(rows, 0)).getByText('Submitted, waiting')).toBeTruthy();
    expect(within(nth(rows, 1)).getByText('EDD case')).toBeTruthy();
    expect(within(nth(rows, 1)).getByText(/EDD: Reviewing/)).toBeTruthy();
    expect(within(nth(rows, 1)).getByText('In review (locked)')).toBeTruthy();
    expect(within(nth(rows, 1)).getByText('2 d')).toBeTruthy();
    expect(within(nth(rows, 2)).getByText(/Deposit dep-778899/)).toBeTruthy();
    expect(screen.getByText('3 responses')).toBeTruthy();
  });

  it("when a case is held, then its row names the assignee, others say Nobody, and My cases asks for the member's own", async () => {
    const { queries } = queueApi([
      item(41, 'rfi', 3 * HOUR, {
        assignee: { staffId: 2, name: 'Rita', expiresAt: Date.now() + HOUR, version: 1 },
      }),
      item(42, 'edd', HOUR, { type: 'edd', eddStatus: 'Reviewing' }),
    ]);
    const { user, router } = renderQueue();

    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(within(nth(rows, 0)).getByText('Rita')).toBeTruthy();
    expect(within(nth(rows, 1)).getByText('Nobody')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Assigned to' })).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'My cases' }));
    await waitFor(() => expect(router.state.location.search).toBe('?assignedTo=me'));
    await waitFor(() => expect(queries.at(-1)?.get('assignedTo')).toBe('me'));
    expect((screen.getByRole('combobox', { name: 'Assigned' }) as HTMLSelectElement).value).toBe('me');
  });

  it('when the URL holds filters, then the API is asked with them and the form shows them', async () => {
    const { queries } = queueApi([]);
    renderQueue(
      '/backoffice/questionnaires?templateCode=edd&status=REJECTED&kind=declaration&site=HKG&minAgeHours=24&cursor=p1',
    );

    expect(await screen.findByText('No response matches these filters.')).toBeTruthy();
    expect(Object.fromEntries(nth(queries, 0))).toEqual({
      templateCode: 'edd',
      status: 'REJECTED',
      kind: 'declaration',
      site: 'HKG',
      minAgeHours: '24',
      cursor: 'p1',
      limit: '20',
    });
    expect((screen.getByLabelText('Questionnaire') as HTMLSelectElement).value).toBe('edd');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('REJECTED');
    expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('declaration');
    expect((screen.getByLabelText('Site') as HTMLSelectElement).value).toBe('HKG');
  });

  it('when the URL holds values the API would refuse, then they are dropped rather than sent', async () => {
    const { queries } = queueApi([]);
    renderQueue('/backoffice/questionnaires?templateCode=../x&status=DONE&kind=poem&minAgeHours=-1');

    await screen.findByText('No questionnaire is waiting for review.');
    expect(Object.fromEntries(nth(queries, 0))).toEqual({ limit: '20' });
  });

  it('when filters are applied, then they go into the query string, and Back restores the previous ones', async () => {
    const { queries } = queueApi([item(41, 'edd', HOUR)]);
    const { user, router } = renderQueue('/backoffice/questionnaires?status=PENDING');
    await screen.findByRole('link', { name: 'user41@example.com' });

    await user.selectOptions(screen.getByLabelText('Questionnaire'), 'hk-professional-investor');
    await user.selectOptions(screen.getByLabelText('Status'), 'PENDING_NO_EDIT');
    await user.selectOptions(screen.getByLabelText('Kind'), 'declaration');
    await user.selectOptions(screen.getByLabelText('Site'), 'EU');
    await user.type(screen.getByLabelText(/^Waiting at least/), '48');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await screen.findByRole('link', { name: 'user41@example.com' });
    expect(router.state.location.search).toBe(
      '?templateCode=hk-professional-investor&status=PENDING_NO_EDIT&kind=declaration&site=EU&minAgeHours=48',
    );
    expect(queries.at(-1)?.get('templateCode')).toBe('hk-professional-investor');
    expect(queries.at(-1)?.get('cursor')).toBeNull();

    await router.navigate(-1);
    expect(router.state.location.search).toBe('?status=PENDING');
    await waitFor(() => expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('PENDING'));
    expect((screen.getByLabelText('Questionnaire') as HTMLSelectElement).value).toBe('');
    // The page of the restored filters is loaded again (asynchronously, after the form is restored).
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('PENDING'));
    expect(queries.at(-1)?.get('templateCode')).toBeNull();
  });

  it('when the minimum age is not a whole number of hours, then the field says so and the URL stays', async () => {
    const { queries } = queueApi([]);
    const { user, router } = renderQueue();
    await screen.findByText('No questionnaire is waiting for review.');

    await user.type(screen.getByLabelText(/^Waiting at least/), '2.5');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(screen.getByText(/Enter a whole number of hours/)).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(queries).toHaveLength(1);
  });

  it('when there are more pages, then Next page keeps the filters', async () => {
    const { queries } = queueApi([item(41, 'edd', HOUR)], 45);
    const { user, router } = renderQueue('/backoffice/questionnaires?templateCode=edd');
    await screen.findByText('Page 1');

    await user.click(screen.getByRole('link', { name: 'Next page' }));

    await screen.findByText('Page 2');
    expect(router.state.location.search).toBe('?templateCode=edd&cursor=p1');
    expect(queries.at(-1)?.get('cursor')).toBe('p1');
  });

  it('when the API fails, then the error is translated and Try again asks again', async () => {
    let calls = 0;
    stubApi({
      'GET /backoffice/api/questionnaires/queue': () => {
        calls += 1;
        return calls === 1
          ? fail(10005, 'denied', 403)
          : ok({ items: [], total: 0, totalCapped: false, nextCursor: null });
      },
    });
    const { user } = renderQueue();

    expect(await screen.findByText('Your role does not allow this action.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No questionnaire is waiting for review.')).toBeTruthy();
  });
});
