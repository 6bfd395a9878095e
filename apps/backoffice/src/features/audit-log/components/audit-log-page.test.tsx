// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditChainStatus, StaffMe } from '@kyc/contracts';
import { ok, stubApi, type RecordedCall } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { AuditLogPage } from './audit-log-page.tsx';
import { nth } from '../../../test/nth.ts';

const auditor: StaffMe = { id: 3, email: 'aziz@kyc.example', display_name: 'Aziz', role: 'auditor' };
const admin: StaffMe = { id: 1, email: 'ada@kyc.example', display_name: 'Ada', role: 'admin' };

function entry(id: number, action: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    at: Date.UTC(2026, 10, 20, 10, id),
    staffId: 2,
    staffName: null as string | null,
    action,
    subjectUserId: 41,
    caseRef: `user:41/level:1`,
    details: { from: 'PENDING', to: 'SUCCESS' },
    ...extra,
  };
}

const VERIFIED: AuditChainStatus = {
  state: 'verified',
  verifiedThroughId: 120,
  verifiedAt: Date.UTC(2026, 10, 20, 11, 0),
  pending: 0,
  broken: null,
};

function auditApi(total: number, extra: Record<string, unknown> = {}, chain: AuditChainStatus = VERIFIED) {
  const queries: URLSearchParams[] = [];
  stubApi({
    'GET /backoffice/api/audit/chain': () => ok(chain),
    'GET /backoffice/api/audit': (call: RecordedCall) => {
      queries.push(call.query);
      // Cursor paging (issue 17): the cursor after page N is "pN".
      const cursor = call.query.get('cursor');
      const page = cursor ? Number(cursor.slice(1)) + 1 : 1;
      const nextCursor = total > page * 50 ? `p${page}` : null;
      return ok({
        items: [entry(page * 10, 'decision.approve', extra)],
        total,
        totalCapped: false,
        nextCursor,
      });
    },
  });
  return queries;
}

function renderAudit(staff: StaffMe, path = '/backoffice/audit-log') {
  return renderAsStaff(staff, [{ path: 'audit-log', Component: AuditLogPage }], path);
}

afterEach(cleanup);

describe('AuditLogPage', () => {
  it('when entries exist, then each row shows time, staff, translated action, person and details', async () => {
    auditApi(1);
    renderAudit(auditor);

    const row = nth(await screen.findAllByRole('row'), 1);
    expect(within(row).getByText('Staff member #2')).toBeTruthy();
    expect(within(row).getByText('Level approved')).toBeTruthy();
    expect(within(row).getByText('user:41/level:1')).toBeTruthy();
    expect(within(row).getByText('SUCCESS')).toBeTruthy();
    // An auditor may not open cases: the person is text, not a link.
    expect(within(row).getByText('User 41').closest('a')).toBeNull();
  });

  it('when an entry holds sealed free texts (D110), then the row names them as sealed and shows no ciphertext', async () => {
    const sealed = { sealed: 'QUJDREVGR0g=', ref: 'f1c6d9a2-0000-4000-8000-000000000001' };
    auditApi(1, {
      details: { from: 'PENDING', comment: sealed, access: { reason: sealed, until: 1 } },
    });
    renderAudit(auditor);

    const row = nth(await screen.findAllByRole('row'), 1);
    expect(within(row).getByText("Sealed under the person's key: read it on their case")).toBeTruthy();
    expect(
      within(row).getByText(`{"reason":"Sealed under the person's key: read it on their case","until":1}`),
    ).toBeTruthy();
    expect(row.textContent).not.toContain('QUJDREVGR0g=');
  });

  it('when the staff member is known, then the row names them, with the number the staff filter takes', async () => {
    auditApi(1, { staffName: 'Riley Reviewer' });
    renderAudit(auditor);

    const row = nth(await screen.findAllByRole('row'), 1);
    expect(within(row).getByText('Riley Reviewer (#2)')).toBeTruthy();
  });

  it('when entries come from the questionnaire review and the quotas page, then their actions are named too', async () => {
    const named: [action: string, name: string][] = [
      ['questionnaire.evidence.view', 'Questionnaire evidence viewed'],
      ['questionnaire.rfi', 'Request for information raised'],
      ['quotas.view', 'Quotas viewed'],
    ];
    for (const [action, name] of named) {
      auditApi(1, { action });
      renderAudit(auditor);
      const row = nth(await screen.findAllByRole('row'), 1);
      expect(within(row).getByText(name)).toBeTruthy();
      cleanup();
    }
  });

  it('when an admin reads the log, then the person links to the case', async () => {
    auditApi(1);
    renderAudit(admin);

    expect((await screen.findByRole('link', { name: 'User 41' })).getAttribute('href')).toBe(
      '/backoffice/cases/41',
    );
  });

  it('when paging, then Next and Previous move through the pages of the API', async () => {
    const queries = auditApi(120);
    const { user, router } = renderAudit(auditor);
    await screen.findByText('Page 1');
    expect(queries[0]?.get('limit')).toBe('50');

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await screen.findByText('Page 2');
    expect(router.state.location.search).toBe('?cursor=p1');
    expect(queries.at(-1)?.get('cursor')).toBe('p1');

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await screen.findByText('Page 3');
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Previous page' }));
    await screen.findByText('Page 2');
    expect(queries.at(-1)?.get('cursor')).toBe('p1');
  });

  it('when filters are applied, then the URL keeps days and the API gets the UTC time range', async () => {
    const queries = auditApi(1);
    const { user, router } = renderAudit(auditor, '/backoffice/audit-log?cursor=p3');
    await screen.findByText('Level approved');

    await user.type(screen.getByLabelText('Staff member ID'), '2');
    await user.type(screen.getByLabelText('Person (user ID)'), '41');
    await user.selectOptions(screen.getByLabelText('Action'), 'document.view');
    await user.type(screen.getByLabelText('From (UTC day)'), '2026-11-01');
    await user.type(screen.getByLabelText('To (UTC day)'), '2026-11-02');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?staffId=2&subjectUserId=41&action=document.view&from=2026-11-01&to=2026-11-02',
      ),
    );
    await waitFor(() => expect(queries.at(-1)?.get('action')).toBe('document.view'));
    const q = nth(queries, -1);
    expect(q.get('staffId')).toBe('2');
    expect(q.get('subjectUserId')).toBe('41');
    expect(q.get('from')).toBe(String(Date.UTC(2026, 10, 1)));
    expect(q.get('to')).toBe(String(Date.UTC(2026, 10, 3) - 1));
    expect(q.get('cursor')).toBeNull();
  });

  it('when the end day is before the start day or an id is not a number, then the form says so', async () => {
    const queries = auditApi(1);
    const { user, router } = renderAudit(auditor);
    await screen.findByText('Level approved');

    await user.type(screen.getByLabelText('Staff member ID'), 'abc');
    await user.type(screen.getByLabelText('From (UTC day)'), '2026-11-05');
    await user.type(screen.getByLabelText('To (UTC day)'), '2026-11-02');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(screen.getByText('Enter a positive whole number, or leave the field empty.')).toBeTruthy();
    expect(screen.getByText('The end day cannot be before the start day.')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(queries).toHaveLength(1);
  });

  it('when the chain verifies, then the page says up to which entry and when, and how many wait for the next visit', async () => {
    auditApi(1, {}, { ...VERIFIED, pending: 3 });
    renderAudit(auditor);
    const status = await screen.findByText(/Chain verified up to entry 120 at /);
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(status.textContent).toContain('Entries written since then, checked on the next visit: 3.');
  });

  it('when the chain is broken, then the page says at which entry and how, as an alert', async () => {
    auditApi(
      1,
      {},
      {
        ...VERIFIED,
        state: 'broken',
        broken: { id: 42, kind: 'deleted', foundAt: Date.UTC(2026, 10, 21, 9, 0) },
      },
    );
    renderAudit(auditor);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Chain broken at entry 42.')).toBeTruthy();
    expect(alert.textContent).toContain('An entry was deleted here.');
    expect(alert.textContent).toContain('report this to the security team');
  });
});

describe('AuditLogPage CSV', () => {
  it('when filters are in the URL, then "Download as CSV" asks the export for the same range and filters', async () => {
    auditApi(1);
    renderAudit(auditor, '/backoffice/audit-log?action=case.view&from=2026-11-01&to=2026-11-20&staffId=2');
    const link = await screen.findByRole('link', { name: 'Download as CSV' });
    expect(link.getAttribute('href')).toBe(
      '/backoffice/api/audit/export?staffId=2&action=case.view&from=2026-11-01&to=2026-11-20',
    );
    expect(link.hasAttribute('download')).toBe(true);
  });
});
