// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { clearRequestCache, withStepUp } from '../../../lib/http';
import { isStepUpCancelled } from '../../../lib/http/step-up';
import { registerMessenger } from '../../../lib/messages/messenger';
import { setTelemetryReporter } from '../../../lib/telemetry/telemetry';
import { fail, fetchCall, ok, stubFetch } from '../../../test/fetch';
import { createTestI18n } from '../../../test/i18n';
import StepUpDialog from './step-up-dialog';
import { StepUpHost } from './step-up-host';

const QUERY = { scene: 30331, needed: true, components: ['otp'], maskedEmail: 'l***@demo.test' };
const SENT = { ...QUERY, challengeId: 'challenge-0123456789', expiresAt: 1, resendAt: Date.now() + 60_000 };
const toast = vi.fn();

beforeEach(() => {
  clearRequestCache();
  toast.mockClear();
  registerMessenger({ toast, notify: vi.fn() });
  setTelemetryReporter(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const i18n = () => createTestI18n({ '60005': 'The code is not right. Check it and try again.' });

describe('security verification dialog (issue 15)', () => {
  it('a wrapped call opens the dialog for its scene; the emailed code earns the token the call then carries', async () => {
    const fetch = stubFetch(
      () => ok(QUERY),
      () => ok(SENT),
      () => ok({ ...QUERY, riskToken: 'the-risk-token', riskTokenExpiresAt: 2 }),
    );
    render(
      <I18nextProvider i18n={i18n()}>
        <StepUpHost />
      </I18nextProvider>,
    );
    const call = vi.fn(async (headers: Record<string, string>) => headers);
    let answer: Promise<Record<string, string>> | undefined;
    act(() => {
      answer = withStepUp(30331, call);
    });
    const purpose = await screen.findByText('To reset your verification, confirm that it is you.');
    const dialog = purpose.closest('dialog');
    // Labelled by its title, described by the purpose of the scene.
    expect(document.getElementById(dialog?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      'Security verification',
    );
    expect(dialog?.getAttribute('aria-describedby')).toBe(purpose.id);
    expect(
      await screen.findByText('We will send a 6-digit code to \u2066l***@demo.test\u2069.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send code', hidden: true }));
    expect(await screen.findByRole('status', { hidden: true })).toHaveProperty(
      'textContent',
      'Code sent to \u2066l***@demo.test\u2069. It is valid for 10 minutes.',
    );
    expect(screen.getByRole('button', { name: /Send again in \d+ s/, hidden: true })).toHaveProperty(
      'disabled',
      true,
    );
    await userEvent.type(screen.getByLabelText('Code from the email'), '12a3456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm', hidden: true }));
    await expect(answer).resolves.toEqual({ 'x-risk-token': 'the-risk-token' });
    expect(JSON.parse(String(fetchCall(fetch, 2).init.body))).toEqual({
      action: 'verify',
      scene: 30331,
      component: 'otp',
      code: '123456',
      challengeId: 'challenge-0123456789',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
  });

  it('a wrong code is announced in the alert region, not as a toast; the field is cleared', async () => {
    stubFetch(
      () => ok(QUERY),
      () => fail(60005, 'the code is not right; 4 tries left'),
    );
    render(
      <I18nextProvider i18n={i18n()}>
        <StepUpDialog scene={30331} onDone={vi.fn()} />
      </I18nextProvider>,
    );
    await screen.findByText('We will send a 6-digit code to \u2066l***@demo.test\u2069.');
    await userEvent.type(screen.getByLabelText('Code from the email'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm', hidden: true }));
    expect((await screen.findByRole('alert', { hidden: true })).textContent).toBe(
      'The code is not right. Check it and try again.',
    );
    expect(toast).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Code from the email').value).toBe('');
  });

  it('fewer than six digits are refused before anything is sent; Cancel answers null and the call never runs', async () => {
    const fetch = stubFetch(() => ok(QUERY));
    render(
      <I18nextProvider i18n={i18n()}>
        <StepUpHost />
      </I18nextProvider>,
    );
    const call = vi.fn(async () => 'ran');
    let outcome: Promise<unknown> | undefined;
    act(() => {
      outcome = withStepUp(70029, call).catch((error: unknown) => error);
    });
    await screen.findByText('To update your identity document, confirm that it is you.');
    await userEvent.type(screen.getByLabelText('Code from the email'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm', hidden: true }));
    expect((await screen.findByRole('alert', { hidden: true })).textContent).toBe(
      'Enter the 6 digits of the code.',
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    expect(isStepUpCancelled(await outcome)).toBe(true);
    expect(call).not.toHaveBeenCalled();
  });

  it('with an authenticator app enrolled, the person can choose it and no email is sent', async () => {
    const fetch = stubFetch(
      () => ok({ ...QUERY, components: ['otp', 'totp'] }),
      () => ok({ ...QUERY, riskToken: 't', riskTokenExpiresAt: 2 }),
    );
    const onDone = vi.fn();
    render(
      <I18nextProvider i18n={i18n()}>
        <StepUpDialog scene={30029} onDone={onDone} />
      </I18nextProvider>,
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Authenticator app', hidden: true }));
    await userEvent.type(screen.getByLabelText('Code from the authenticator app'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm', hidden: true }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('t'));
    expect(JSON.parse(String(fetchCall(fetch, 1).init.body))).toMatchObject({
      component: 'totp',
      code: '654321',
    });
  });
});
