// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe } from '@kyc/contracts';
import { ok, stubApi, type RecordedCall } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { IdentityTransfersPage } from './identity-transfers-page.tsx';
import { TransferCasePage } from './transfer-case-page.tsx';

const reviewer: StaffMe = { id: 2, email: 'rita@kyc.example', display_name: 'Rita', role: 'reviewer' };
const HOUR = 3_600_000;

function item(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    stage: 'in_review',
    sourceEmail: `s${id}@example.com`,
    targetEmail: `t${id}@example.com`,
    level: 1,
    createdAt: Date.now() - 5 * HOUR,
    coolingOffUntil: null,
    firstApprovedBy: null,
    ...extra,
  };
}

/** The queue API by cursor: the cursor after page N is "pN"; three pages in all. */
function queueApi() {
  const queries: URLSearchParams[] = [];
  const api = stubApi({
    'GET /backoffice/api/identity-transfers': (call: RecordedCall) => {
      queries.push(call.query);
      const cursor = call.query.get('cursor');
      const page = cursor ? Number(cursor.slice(1)) + 1 : 1;
      return ok({
        items: [item(page * 10, page === 1 ? { firstApprovedBy: 9, level: 2 } : {}), item(page * 10 + 1)],
        nextCursor: page < 3 ? `p${page}` : null,
      });
    },
  });
  return { api, queries };
}

function renderQueue(path = '/backoffice/identity-transfers') {
  return renderAsStaff(
    reviewer,
    [
      { path: 'identity-transfers', Component: IdentityTransfersPage },
      { path: 'identity-transfers/:transferId', Component: TransferCasePage },
    ],
    path,
  );
}

afterEach(cleanup);

describe('IdentityTransfersPage', () => {
  it('when the queue loads, then each transfer shows both accounts and links to its case', async () => {
    const { queries } = queueApi();
    renderQueue();

    expect(await screen.findByRole('heading', { level: 1, name: 'Identity transfers' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Identity transfers' });
    const link = within(table).getByRole('link', { name: 'Transfer #10' });
    expect(link.getAttribute('href')).toBe('/backoffice/identity-transfers/10');
    expect(within(table).getByText('s10@example.com')).toBeTruthy();
    expect(within(table).getByText('t10@example.com')).toBeTruthy();
    expect(within(table).getByText('First approval recorded')).toBeTruthy();
    expect(screen.getByText('Transfers on this page: 2')).toBeTruthy();
    expect(queries[0]?.get('limit')).toBe('20');
    expect(queries[0]?.get('cursor')).toBeNull();
  });

  it('when Next page and Previous page are followed, then the cursors go forward and back', async () => {
    const { queries } = queueApi();
    const { user, router } = renderQueue();

    await user.click(await screen.findByRole('link', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'Transfer #20' });
    expect(router.state.location.search).toBe('?cursor=p1');
    expect(queries.at(-1)?.get('cursor')).toBe('p1');
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'Transfer #30' });
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Previous page' }));
    await screen.findByRole('link', { name: 'Transfer #20' });
    await user.click(screen.getByRole('link', { name: 'Previous page' }));
    await screen.findByRole('link', { name: 'Transfer #10' });
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull();
  });

  it('when a stage is chosen, then it goes into the URL and the API query', async () => {
    const { queries } = queueApi();
    const { user, router } = renderQueue();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Stage' }), 'Rejected');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=rejected'));
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('rejected'));
  });
});
