// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RedactionsResult, RetentionRunResult, StaffMe, StaffRole } from '@kyc/contracts';
import { NAMESPACE } from '../../../lib/i18n.ts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import arabic from '../../../../../../locales/backoffice/ar-SA.json';
import { RedactionsPage } from './redactions-page.tsx';

const T0 = Date.UTC(2026, 2, 3, 9, 0);
const staff = (role: StaffRole): StaffMe => ({
  id: 3,
  email: `${role}@kyc.example`,
  display_name: role,
  role,
});
type Item = RedactionsResult['items'][number];

const items: Item[] = [
  {
    id: 9,
    userId: 41,
    kind: 'identity_documents',
    site: 'EU',
    policyVersion: 2,
    clock: 'relationship_end',
    dueAt: T0 - 1000,
    redactedAt: T0,
    runId: 5,
    counts: { documents: 2, blobs: 2, webhooks: 1 },
  },
  {
    id: 8,
    userId: null,
    kind: 'drafts',
    site: 'GLOBAL',
    policyVersion: 2,
    clock: 'last_activity',
    dueAt: T0 - 30 * 86_400_000,
    redactedAt: T0,
    runId: 5,
    counts: { drafts: 14 },
  },
];

const run: RetentionRunResult = {
  runId: 6,
  policyVersion: 2,
  startedAt: T0,
  complete: true,
  people: 1,
  records: { identity_documents: 1, data_key: 1 },
  held: 1,
  webhooks: 2,
};

function redactionsApi(runAnswer: () => Response = () => ok(run)) {
  return stubApi({
    'GET /backoffice/api/retention/redactions': () =>
      ok({ items, nextCursor: null, total: 2, totalCapped: false } satisfies RedactionsResult),
    'POST /backoffice/api/retention/run': runAnswer,
  });
}

function renderPage(role: StaffRole, path = '/backoffice/retention/redactions') {
  return renderAsStaff(
    staff(role),
    [
      { path: 'retention/redactions', Component: RedactionsPage },
      { path: 'cases/:userId', element: <p>case page</p> },
    ],
    path,
  );
}

afterEach(cleanup);

describe('RedactionsPage', () => {
  it('when records are listed, then each says who, what went, when and under which version, in words; filters reach the API', async () => {
    const api = redactionsApi();
    const { user, router } = renderPage('auditor');

    const table = await screen.findByRole('table', { name: 'Redaction records' });
    const person = within(table).getByRole('link', { name: 'Person 41' }).closest('tr');
    expect(person?.textContent).toContain('Identity documents and selfies');
    expect(person?.textContent).toContain('European Union (EU)');
    expect(person?.textContent).toContain('Version 2 (run 5)');
    expect(person?.textContent).toContain('documents: 2 · files: 2 · partner notices: 1');
    expect(person?.textContent).toContain('End of the relationship');
    const batch = within(table).getByText('Batch of records of several people').closest('tr');
    expect(batch?.textContent).toContain('Questionnaire drafts');
    expect(batch?.textContent).toContain('drafts: 14');
    expect(screen.queryByRole('button', { name: 'Run erasure now' })).toBeNull();

    await user.type(screen.getByLabelText('User ID'), '41');
    await user.selectOptions(screen.getByLabelText('Kind of record'), 'data_key');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(router.state.location.search).toBe('?userId=41&kind=data_key');
    const last = api.callsTo('GET', '/backoffice/api/retention/redactions').at(-1);
    expect(last?.query.get('kind')).toBe('data_key');
  });

  it('when an admin runs the erasure now, then it asks first and shows what the run did; the records are read again', async () => {
    const api = redactionsApi();
    const { user } = renderPage('admin');

    await user.click(await screen.findByRole('button', { name: 'Run erasure now' }));
    const dialog = screen.getByRole('dialog', { name: 'Run the erasure job now?' });
    await user.click(within(dialog).getByRole('button', { name: 'Run erasure' }));

    expect(await screen.findByText(/Run 6 under policy version 2/)).toBeTruthy();
    expect(screen.getByText('Finished: everything due was erased.')).toBeTruthy();
    expect(screen.getByText('Data key (crypto-shredding): 1')).toBeTruthy();
    const result = screen.getByText('People due but on hold, left as they are').nextElementSibling;
    expect(result?.textContent).toBe('1');
    expect(api.callsTo('POST', '/backoffice/api/retention/run')).toHaveLength(1);
    expect(api.callsTo('GET', '/backoffice/api/retention/redactions')).toHaveLength(2);
  });

  it('when a run is already in progress (62009), then the page explains it', async () => {
    redactionsApi(() => fail(62009, 'running', 409));
    const { user } = renderPage('admin');

    await user.click(await screen.findByRole('button', { name: 'Run erasure now' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Run erasure' }));
    expect(await screen.findByText(/The erasure job is already running/)).toBeTruthy();
  });

  it('when the language is ar-SA, then the page reads in Arabic, right to left, with no raw key on screen', async () => {
    redactionsApi();
    const { i18n } = renderPage('admin');
    i18n.addResourceBundle('ar-SA', NAMESPACE, arabic);
    await act(() => i18n.changeLanguage('ar-SA'));

    expect(
      await screen.findByRole('heading', { level: 1, name: arabic.areas.redactions.title }),
    ).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByText(arabic.retention.redactions.batch)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/retention\.|redaction\.|areas\./);
  });
});
