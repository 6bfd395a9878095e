// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { ComplianceTask } from '@kyc/contracts';
import questionnairesEn from '../../../../../../locales/questionnaires/en.json';
import { clearRequestCache } from '../../../lib/http';
import { QUESTIONNAIRES_NAMESPACE } from '../../../lib/i18n/namespaces';
import { registerMessenger } from '../../../lib/messages/messenger';
import { MemoryRouter, useRoutes } from '../../../lib/router';
import { setTelemetryReporter } from '../../../lib/telemetry/telemetry';
import { fail, fetchCall, ok, stubFetch } from '../../../test/fetch';
import { createTestI18n } from '../../../test/i18n';
import { TaskList } from './task-list';

const TASKS: ComplianceTask[] = [
  {
    id: 't1',
    kind: 'rfi',
    templateCode: 'rfi',
    screen: 'rfiQuestion',
    status: 'UNSUBMIT',
    open: true,
    requestText: 'Please explain the deposit of 3 BTC on 2 November.',
    createdAt: Date.UTC(2026, 10, 20),
  },
  {
    id: 't2',
    kind: 'edd',
    templateCode: 'edd',
    screen: 'eddQuestionnaire',
    status: 'REJECTED',
    open: true,
    requestText: '',
    createdAt: Date.UTC(2026, 10, 18),
  },
  {
    id: 't3',
    kind: 'aml',
    templateCode: 'aml-200',
    screen: 'question',
    status: 'APPROVED',
    open: false,
    requestText: '',
    createdAt: Date.UTC(2026, 10, 1),
  },
];

function Screens() {
  return useRoutes([
    { path: '/:lang/auth/complianceTasks', element: <TaskList /> },
    { path: '/:lang/auth/:screen', element: <p>Questionnaire screen</p> },
  ]);
}

function renderList() {
  const i18n = createTestI18n();
  i18n.addResourceBundle('en', QUESTIONNAIRES_NAMESPACE, questionnairesEn);
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/en/auth/complianceTasks']}>
        <Screens />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const restore: Array<() => void> = [];
beforeEach(() => {
  restore.push(
    registerMessenger({ toast: vi.fn(), notify: vi.fn() }),
    setTelemetryReporter(() => undefined),
  );
});
afterEach(() => {
  cleanup();
  while (restore.length) restore.pop()?.();
  clearRequestCache();
  vi.unstubAllGlobals();
});

describe('TaskList (complianceTasks)', () => {
  it('lists each task with its status, the request text, and a link to the screen that completes it', async () => {
    const fetch = stubFetch(() => ok({ tasks: TASKS }));
    renderList();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(fetchCall(fetch).url).toBe('/v3/private/kyc/compliance-tasks');

    const rfi = within(items[0] as HTMLElement);
    expect(rfi.getByRole('heading', { name: questionnairesEn.rfi.title })).toBeTruthy();
    expect(rfi.getByText('To do')).toBeTruthy();
    expect(
      rfi.getByText(
        'Request from our compliance team: \u2068Please explain the deposit of 3 BTC on 2 November.\u2069',
      ),
    ).toBeTruthy();
    expect(rfi.getByRole('link', { name: 'Start' }).getAttribute('href')).toBe('/en/auth/rfiQuestion');

    const edd = within(items[1] as HTMLElement);
    // The kind is left out where the title already says it; elsewhere it leads the line.
    expect(edd.getByText(/Rejected/).textContent).not.toMatch(/Enhanced due diligence/);
    expect(edd.getByRole('link', { name: 'Start' }).getAttribute('href')).toBe('/en/auth/eddQuestionnaire');

    const done = within(items[2] as HTMLElement);
    expect(done.getByText('Done')).toBeTruthy();
    expect(done.getByText(/Approved/).textContent).toMatch(/^Anti-money-laundering questionnaire · /);
    expect(done.getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/en/auth/question');

    await userEvent.click(rfi.getByRole('link', { name: 'Start' }));
    expect(await screen.findByText('Questionnaire screen')).toBeTruthy();
  });

  it('says when there is nothing to do', async () => {
    stubFetch(() => ok({ tasks: [] }));
    renderList();
    expect(await screen.findByText('You have no compliance tasks.')).toBeTruthy();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    stubFetch(
      () => fail(10000, 'server error', 500),
      () => ok({ tasks: TASKS.slice(0, 1) }),
    );
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
  });
});
