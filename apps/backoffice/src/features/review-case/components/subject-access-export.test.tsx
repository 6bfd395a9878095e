// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffMe, SubjectAccessExportView } from '@kyc/contracts';
import { fail, ok, stubApi, type Handler } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { SubjectAccessExportSection } from './subject-access-export.tsx';

const SENIOR: StaffMe = {
  id: 9,
  email: 'senior@kyc.example',
  display_name: 'Sam Senior',
  role: 'senior_reviewer',
};
const REASON = 'Subject access request by letter of 2 March';

const view = (over: Partial<SubjectAccessExportView>): SubjectAccessExportView => ({
  id: 3,
  status: 'pending',
  requestedAt: Date.UTC(2026, 2, 2, 9),
  readyAt: null,
  expiresAt: null,
  downloadedAt: null,
  size: null,
  requestedBy: { staffId: 9, name: 'Sam Senior' },
  reason: REASON,
  ...over,
});

function renderSection(handlers: Record<string, Handler>) {
  const api = stubApi(handlers);
  const rendered = renderAsStaff(
    SENIOR,
    [{ path: 'cases/:userId', element: <SubjectAccessExportSection userId={41} /> }],
    '/backoffice/cases/41',
  );
  return { ...rendered, api };
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:zip');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SubjectAccessExportSection', () => {
  it('when a reason is given in the dialog, then the export is requested with it; an empty reason is refused first', async () => {
    const statuses = [
      { export: null },
      { export: view({ status: 'ready', expiresAt: Date.UTC(2026, 2, 9) }) },
    ];
    const { user, api } = renderSection({
      'GET /backoffice/api/cases/41/data-exports': () => ok(statuses.shift() ?? { export: null }),
      'POST /backoffice/api/cases/41/data-exports': () => ok(view({})),
    });
    const section = await screen.findByRole('region', { name: "Copy of the person's data" });
    await user.click(within(section).getByRole('button', { name: "Export the person's data" }));
    const dialog = screen.getByRole('dialog', { name: 'Export for a subject access request' });
    await user.click(within(dialog).getByRole('button', { name: 'Request the export' }));
    expect(within(dialog).getByText('Enter the reason (at least 3 characters).')).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/api/cases/41/data-exports')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Request the export' }));
    expect(await screen.findByText('The export was requested. It is being prepared.')).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/api/cases/41/data-exports')[0]?.body).toEqual({ reason: REASON });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(`Reason: ${REASON}`)).toBeTruthy();
    // Polled until ready.
    await screen.findByRole('button', { name: 'Download (once)' }, { timeout: 5000 });
  });

  it('when the ready copy is downloaded, then a link is taken and the zip handed to the browser; a second download is explained', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const downloads = [
      () =>
        new Response(new Uint8Array([0x50, 0x4b]), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="p.zip"',
          },
        }),
      () => fail(62024, 'downloaded already'),
    ];
    const { user, api } = renderSection({
      'GET /backoffice/api/cases/41/data-exports': () =>
        ok({ export: view({ status: 'ready', expiresAt: Date.UTC(2026, 2, 9) }) }),
      'POST /backoffice/api/data-exports/3/link': () =>
        ok({ url: '/backoffice/api/data-exports/download/tok-1', linkExpiresAt: Date.now() + 900_000 }),
      'GET /backoffice/api/data-exports/download/tok-1': () => {
        const next = downloads.shift();
        return next ? next() : fail(62024, 'downloaded already');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download (once)' }));
    expect(await screen.findByText('The copy was downloaded.')).toBeTruthy();
    expect(click).toHaveBeenCalledTimes(1);
    expect(api.callsTo('POST', '/backoffice/api/data-exports/3/link')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Download (once)' }));
    await waitFor(() =>
      expect(
        screen.getByText('This copy was downloaded already: its link works once. Request a new export.'),
      ).toBeTruthy(),
    );
    click.mockRestore();
  });
});
