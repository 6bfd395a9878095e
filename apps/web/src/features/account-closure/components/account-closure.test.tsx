// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { AccountClosureResult } from '@kyc/contracts';
import arSA from '../../../../../../locales/user-accounts/ar-SA.json';
import { clearRequestCache, setStepUpHandler } from '../../../lib/http';
import { registerMessenger } from '../../../lib/messages/messenger';
import { readSdkLink, setPageModeForTests } from '../../../lib/navigation/page-mode';
import { createAppStore } from '../../../lib/store/create-store';
import { setTelemetryReporter } from '../../../lib/telemetry/telemetry';
import { fail, fetchCall, ok, stubFetch } from '../../../test/fetch';
import { createArabicTestI18n, createTestI18n } from '../../../test/i18n';
import { AccountClosedScreen } from './account-closed-screen';
import { AccountClosure } from './account-closure';
import { AccountClosureSection } from './account-closure-section';

const CLOSED_AT = Date.UTC(2026, 10, 28, 12, 0, 0);
const AML = 'FATF Recommendation 11: at least five years after the end of the business relationship';
const GDPR = 'GDPR Art. 5(1)(e) storage limitation: a draft untouched for 30 days is abandoned';
const kept = (kind: string, until: number, legalSource = AML) => ({
  kind,
  period: 'P5Y',
  clock: 'relationship_end',
  until,
  legalSource,
});
const RESULT = {
  closedAt: CLOSED_AT,
  closedBy: 'self',
  site: 'GLOBAL',
  policyVersion: 1,
  remains: [
    kept('identity_documents', Date.UTC(2031, 10, 28, 12)),
    kept('personal_data', Date.UTC(2031, 10, 28, 12)),
    { ...kept('drafts', Date.UTC(2026, 11, 28, 12), GDPR), period: 'P30D', clock: 'last_activity' },
  ],
} as AccountClosureResult;
const ALREADY = 'This account is already closed. Nothing more was changed.';

const toast = vi.fn();
let scenes: number[];
let unregister: () => void;

beforeEach(() => {
  clearRequestCache();
  toast.mockClear();
  registerMessenger({ toast, notify: vi.fn() });
  setTelemetryReporter(() => undefined);
  scenes = [];
  // The app's dialog stands in: it answers a risk token for the scene asked.
  unregister = setStepUpHandler(async (scene) => {
    scenes.push(scene);
    return 'risk-token-30035';
  });
});
afterEach(() => {
  cleanup();
  unregister();
  setPageModeForTests();
  vi.unstubAllGlobals();
});

function renderSection(onClosed = vi.fn(), i18n = createTestI18n({ '62031': ALREADY })) {
  render(
    <I18nextProvider i18n={i18n}>
      <AccountClosure onClosed={onClosed} />
    </I18nextProvider>,
  );
  return onClosed;
}

describe('closing the account on the personal page (issue 20)', () => {
  it('asks for the confirmation before anything is sent, then closes behind the step-up of 30035 and hands the answer on', async () => {
    const fetch = stubFetch(() => ok(RESULT));
    const onClosed = renderSection();
    expect(screen.getByRole('region', { name: 'Close account' })).toBeTruthy();
    // The erasure request says before confirming that it closes the account too.
    expect(screen.getByText(/An erasure request closes your account too\./)).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Close my account' });
    await userEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Tick the box to confirm that you understand.',
    );
    const confirm = screen.getByRole('checkbox', { name: /I understand that my account will be closed/ });
    expect(document.activeElement).toBe(confirm);
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.click(confirm);
    expect(screen.getByRole('alert').textContent).toBe('');
    await userEvent.click(submit);
    await waitFor(() => expect(onClosed).toHaveBeenCalledWith(RESULT));
    expect(scenes).toEqual([30035]);
    const call = fetchCall(fetch, 0);
    expect(call.url).toContain('/v3/private/user/account/close');
    expect(new Headers(call.init.headers).get('x-risk-token')).toBe('risk-token-30035');
    expect(JSON.parse(String(call.init.body))).toEqual({ confirm: true });
    expect(toast).not.toHaveBeenCalled();
  });

  it('with the erasure request ticked, the button says so and the request goes to erasure-request', async () => {
    const fetch = stubFetch(() => ok(RESULT));
    const onClosed = renderSection();
    await userEvent.click(screen.getByRole('checkbox', { name: /erase my data \(GDPR Art\. 17\)/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /I understand/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Close my account and erase my data' }));
    await waitFor(() => expect(onClosed).toHaveBeenCalled());
    expect(fetchCall(fetch, 0).url).toContain('/v3/private/user/account/erasure-request');
  });

  it('a refusal (62031, another tab closed it first) is announced inline in words, not as a toast; focus returns to the button', async () => {
    stubFetch(() => fail(62031, 'closed already'));
    const onClosed = renderSection();
    await userEvent.click(screen.getByRole('checkbox', { name: /I understand/ }));
    const submit = screen.getByRole('button', { name: 'Close my account' });
    await userEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(ALREADY);
    await waitFor(() => expect(document.activeElement).toBe(submit));
    expect(onClosed).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it('when the person cancels the security verification, nothing is sent and nothing is said', async () => {
    unregister();
    unregister = setStepUpHandler(async () => null);
    const fetch = stubFetch();
    const onClosed = renderSection();
    await userEvent.click(screen.getByRole('checkbox', { name: /I understand/ }));
    const submit = screen.getByRole('button', { name: 'Close my account' });
    await userEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(submit));
    expect(fetch).not.toHaveBeenCalled();
    expect(onClosed).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('the final screen takes focus and says what remains, grouped by the date it goes, with the legal source', () => {
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <AccountClosedScreen
          result={{
            ...RESULT,
            erasure: {
              id: 1,
              requestedAt: CLOSED_AT,
              policyVersion: 1,
              granted: [
                { kind: 'unsubmitted_uploads', count: 2 },
                { kind: 'notices', count: 0 },
              ],
              kept: RESULT.remains,
            },
          }}
        />
      </I18nextProvider>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Your account is closed' });
    expect(document.activeElement).toBe(heading);
    const text = document.body.textContent ?? '';
    expect(text).toContain('Your account was closed on November 28, 2026.');
    expect(text).toContain('Erased at your request');
    expect(screen.getByText('Uploads never submitted')).toBeTruthy();
    expect(screen.queryByText('Notifications')).toBeNull();
    // Two groups: five years for the person's records, 30 days for the drafts; latest first.
    const groups = document.querySelectorAll('.account-closed__group');
    expect(groups).toHaveLength(2);
    expect(groups[0]?.textContent).toContain('Deleted by November 28, 2031 at the latest');
    expect(groups[0]?.textContent).toContain('Identity documents and selfies');
    expect(groups[0]?.textContent).toContain('Personal details (name, date of birth, email)');
    expect(groups[1]?.textContent).toContain('Deleted by December 28, 2026 at the latest');
    const source = screen.getByText(AML);
    expect(source.getAttribute('lang')).toBe('en');
    expect(screen.getByRole('link', { name: 'Go to the sign-in page' }).getAttribute('href')).toBe('/login');
  });

  it('in ar-SA every text of the section and the final screen is Arabic (the legal source excepted, marked English)', async () => {
    const i18n = createArabicTestI18n();
    render(
      <div dir="rtl">
        <I18nextProvider i18n={i18n}>
          <AccountClosure onClosed={vi.fn()} />
          <AccountClosedScreen result={RESULT} />
        </I18nextProvider>
      </div>,
    );
    expect(screen.getByRole('region', { name: arSA.accountClosure.title })).toBeTruthy();
    expect(screen.getByRole('button', { name: arSA.accountClosure.submit })).toBeTruthy();
    const text = (document.body.textContent ?? '').replace(AML, '').replace(GDPR, '');
    expect(text).not.toMatch(/accountClosure\.|[A-Za-z]{4,}/);
    expect(text).toContain(arSA.accountClosure.closed.keptTitle);
  });

  it('in SDK (embedded) mode the section is not there and asks nothing of the server', () => {
    const fetch = stubFetch();
    setPageModeForTests({ sdk: readSdkLink('/en/auth/sdk', '?token=tok-1') });
    const { container } = render(
      <Provider store={createAppStore()}>
        <I18nextProvider i18n={createTestI18n()}>
          <AccountClosureSection onClosed={vi.fn()} />
        </I18nextProvider>
      </Provider>,
    );
    expect(container.textContent).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });
});
