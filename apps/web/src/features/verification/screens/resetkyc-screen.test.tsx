// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { clearRequestCache, setStepUpHandler } from '../../../lib/http';
import { registerMessenger } from '../../../lib/messages/messenger';
import { MemoryRouter, useLocation } from '../../../lib/router';
import { setTelemetryReporter } from '../../../lib/telemetry/telemetry';
import { fail, fetchCall, ok, stubFetch } from '../../../test/fetch';
import { createTestI18n } from '../../../test/i18n';
import { kycStateEntry as entry, kycInfoFixture as info } from '../../../test/kyc-info';
import ResetkycScreen from './resetkyc-screen';

const toast = vi.fn();
const restore: Array<() => void> = [];

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderScreen() {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <MemoryRouter initialEntries={['/en/auth/resetkyc']}>
        <ResetkycScreen />
        <Where />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const SELF_RESET_OK = {
  level: 0,
  state: [
    { level: 1, status: 'ALLOW' },
    { level: 2, status: 'NOT_ALLOW' },
  ],
};

async function confirmForm() {
  return within(await screen.findByRole('region', { name: 'Confirm the reset' }));
}

// Issue 15: the security-verification dialog is the app shell's; here it answers a token at once.
const stepUp = vi.fn(async (_scene: number) => 'risk-token-of-the-test');
let dropStepUp: () => void = () => undefined;
afterEach(() => dropStepUp());

beforeEach(() => {
  stepUp.mockClear();
  dropStepUp = setStepUpHandler(stepUp);
  toast.mockReset();
  restore.push(
    registerMessenger({ toast, notify: vi.fn() }),
    setTelemetryReporter(() => undefined),
  );
});

afterEach(() => {
  cleanup();
  while (restore.length) restore.pop()?.();
  clearRequestCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ResetkycScreen (spec §2 resetkyc; docs/kyc.md self-reset)', () => {
  it('explains what a reset does: both levels, level 0 and its limit, documents kept, when it is refused', async () => {
    stubFetch(() => ok(info({ state: [entry(1, 'SUCCESS'), entry(2, 'SUCCESS')] })));
    renderScreen();
    const card = within(await screen.findByRole('region', { name: 'What a reset does' }));
    expect(card.getByText(/Both verification steps go back to the start.*level 0/)).toBeTruthy();
    expect(
      card.getByText('At level 0 your daily withdrawal limit is 0 BTC until you are verified again.'),
    ).toBeTruthy();
    expect(card.getByText(/documents you submitted are not deleted/)).toBeTruthy();
    expect(
      card.getByText(/not possible while a verification is under review or after a final rejection/),
    ).toBeTruthy();
  });

  it('the reset needs the "I understand" box and the typed word: nothing is sent without them', async () => {
    const fetch = stubFetch(() => ok(info()));
    renderScreen();
    const form = await confirmForm();
    await userEvent.click(form.getByRole('button', { name: 'Reset verification' }));
    expect(form.getByText('Please confirm that you understand what a reset does.')).toBeTruthy();
    expect(form.getByText('Type RESET exactly as shown.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(form.getByRole('checkbox')));

    await userEvent.click(form.getByRole('checkbox'));
    await userEvent.type(form.getByLabelText('Type RESET to confirm'), 'RESTE');
    await userEvent.click(form.getByRole('button', { name: 'Reset verification' }));
    expect(form.queryByText('Please confirm that you understand what a reset does.')).toBeNull();
    expect(form.getByText('Type RESET exactly as shown.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('confirmed: POST self-reset once, a success toast and back to /auth/personal', async () => {
    const fetch = stubFetch(
      () => ok(info()),
      () => ok(SELF_RESET_OK),
    );
    renderScreen();
    const form = await confirmForm();
    await userEvent.click(form.getByRole('checkbox'));
    await userEvent.type(form.getByLabelText('Type RESET to confirm'), ' reset ');
    await userEvent.click(form.getByRole('button', { name: 'Reset verification' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/en/auth/personal'));
    expect(fetch).toHaveBeenCalledTimes(2);
    const { url, init } = fetchCall(fetch, 1);
    expect(url).toBe('/v3/private/kyc/self-reset');
    expect(init.method).toBe('POST');
    expect(stepUp).toHaveBeenCalledWith(30331);
    expect(new Headers(init.headers).get('x-risk-token')).toBe('risk-token-of-the-test');
    expect(toast).toHaveBeenCalledWith({ kind: 'success', message: 'Your verification has been reset.' });
  });

  it('a refusal (30001) is explained inline, not as a toast, and Refresh reloads the status', async () => {
    const fetch = stubFetch(
      () => ok(info()),
      () => fail(30001, 'illegal transition'),
      () => ok(info({ state: [entry(1, 'PENDING'), entry(2, 'NOT_ALLOW')] })),
    );
    renderScreen();
    const form = await confirmForm();
    await userEvent.click(form.getByRole('checkbox'));
    await userEvent.type(form.getByLabelText('Type RESET to confirm'), 'RESET');
    await userEvent.click(form.getByRole('button', { name: 'Reset verification' }));
    const alert = await form.findByRole('alert');
    expect(alert.textContent).toMatch(/cannot be reset in its current state/);
    expect(toast).not.toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toBe('/en/auth/resetkyc');
    await userEvent.click(within(alert).getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(/under review, so it cannot be reset now/)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it.each([
    [
      'a review runs (PENDING)',
      [entry(1, 'SUCCESS'), entry(2, 'PENDING')],
      /under review, so it cannot be reset now/,
    ],
    [
      'a final rejection',
      [entry(1, 'FAILED_AND_CAN_NOT_RETRY', 'Forged.'), entry(2, 'NOT_ALLOW')],
      /final decision, so it cannot be reset/,
    ],
    ['nothing started', [entry(1, 'ALLOW'), entry(2, 'NOT_ALLOW')], /nothing to reset/],
    [
      'the country is closed',
      [entry(1, 'CERTIFICATION_DISABLED'), entry(2, 'CERTIFICATION_DISABLED')],
      /cannot be reset at the moment/,
    ],
  ])('%s: the reset is not offered and the screen says why', async (_name, state, text) => {
    const fetch = stubFetch(() => ok(info({ state })));
    renderScreen();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Confirm the reset' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset verification' })).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a final rejection offers the contact-support link', async () => {
    stubFetch(() =>
      ok(info({ state: [entry(1, 'FAILED_AND_CAN_NOT_RETRY', 'Forged.'), entry(2, 'NOT_ALLOW')] })),
    );
    renderScreen();
    const link = await screen.findByRole('link', { name: 'Contact support' });
    expect(link.getAttribute('href')).toMatch(/web-form-issue-report/);
  });
});
