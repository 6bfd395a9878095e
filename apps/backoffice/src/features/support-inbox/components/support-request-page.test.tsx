// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe, StaffRole, SupportRequestDetail } from '@kyc/contracts';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { renderAsStaff } from '../../../test/render.tsx';
import { SupportRequestPage } from './support-request-page.tsx';
import { SupportInboxPage } from './support-inbox-page.tsx';

const T0 = Date.UTC(2026, 10, 20, 9, 30);
const staff = (role: StaffRole): StaffMe => ({
  id: 7,
  email: `${role}@kyc.example`,
  display_name: 'Riley',
  role,
});

const OPEN: SupportRequestDetail = {
  id: 12,
  topic: 'documents',
  status: 'open',
  language: 'de-DE',
  createdAt: T0,
  userId: 41,
  email: 'ana@example.com',
  excerpt: 'My upload fails',
  closed: false,
  message: 'My upload fails every time.',
  answer: null,
  answeredAt: null,
  answeredBy: null,
  answeredByName: null,
};
const answered = (answer: string, by = 'Riley'): SupportRequestDetail => ({
  ...OPEN,
  status: 'answered',
  answer,
  answeredAt: T0 + 60_000,
  answeredBy: 7,
  answeredByName: by,
});

const renderRequest = (role: StaffRole) =>
  renderAsStaff(
    staff(role),
    [{ path: 'support-inbox/:id', Component: SupportRequestPage }],
    '/backoffice/support-inbox/12',
  );

describe('SupportRequestPage', () => {
  afterEach(() => cleanup());

  it('when a reviewer answers, then the answer is sent trimmed and shown with "Answer sent."', async () => {
    const api = stubApi({
      'GET /backoffice/api/support-requests/12': () => ok(OPEN),
      'POST /backoffice/api/support-requests/12/answer': () => ok(answered('Use a PDF.')),
    });
    renderRequest('reviewer');
    const field = await screen.findByLabelText('Your answer');
    expect(screen.getByText('My upload fails every time.')).toBeTruthy();
    expect(screen.getByText('Deutsch')).toBeTruthy();
    await userEvent.type(field, '  Use a PDF.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    await screen.findByText('Answer sent.');
    expect(screen.getByText('Use a PDF.')).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/api/support-requests/12/answer')[0]?.body).toEqual({
      answer: 'Use a PDF.',
    });
  });

  it('when the answer is empty, then the field says so and nothing is sent', async () => {
    const api = stubApi({ 'GET /backoffice/api/support-requests/12': () => ok(OPEN) });
    renderRequest('reviewer');
    await userEvent.click(await screen.findByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Write an answer.')).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/api/support-requests/12/answer')).toHaveLength(0);
  });

  it('when another member answered first (52005), then the page says so and shows their answer', async () => {
    let reads = 0;
    stubApi({
      'GET /backoffice/api/support-requests/12': () => ok(reads++ === 0 ? OPEN : answered('Theirs.', 'Sam')),
      'POST /backoffice/api/support-requests/12/answer': () => fail(52005),
    });
    renderRequest('senior_reviewer');
    await userEvent.type(await screen.findByLabelText('Your answer'), 'Mine.');
    await userEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    await screen.findByText('Another staff member answered this request first. Their answer is shown below.');
    await waitFor(() => expect(screen.getByText('Theirs.')).toBeTruthy());
    expect(screen.queryByLabelText('Your answer')).toBeNull();
  });

  it('when the id does not exist (52004), then the page says there is no such request', async () => {
    stubApi({ 'GET /backoffice/api/support-requests/12': () => fail(52004) });
    renderRequest('admin');
    expect(await screen.findByText('There is no support request with this id.')).toBeTruthy();
  });
});

describe('SupportInboxPage', () => {
  afterEach(() => cleanup());

  it('reads status and cursor from the URL, and links to the next page by cursor', async () => {
    const api = stubApi({
      'GET /backoffice/api/support-requests': () =>
        ok({
          items: [
            { ...OPEN, id: 30, excerpt: 'First report' },
            { ...OPEN, id: 29, userId: null, email: 'guest@example.com', excerpt: 'Second report' },
          ],
          nextCursor: 29,
        }),
    });
    renderAsStaff(
      staff('reviewer'),
      [{ path: 'support-inbox', Component: SupportInboxPage }],
      '/backoffice/support-inbox?status=open&cursor=31',
    );
    expect(await screen.findByRole('link', { name: 'Open request 30' })).toBeTruthy();
    expect(screen.getByText('Signed out: guest@example.com')).toBeTruthy();
    const call = api.callsTo('GET', '/backoffice/api/support-requests')[0];
    expect(call?.query.get('status')).toBe('open');
    expect(call?.query.get('cursor')).toBe('31');
    expect(screen.getByRole('link', { name: 'Older requests' }).getAttribute('href')).toBe(
      '/backoffice/support-inbox?status=open&cursor=29',
    );
    expect(screen.getByRole('link', { name: 'Newest requests' }).getAttribute('href')).toBe(
      '/backoffice/support-inbox?status=open',
    );
  });
});
