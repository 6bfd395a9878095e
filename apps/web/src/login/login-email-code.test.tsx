// @vitest-environment jsdom
/**
 * D80: the sign-in's email-code step, for a device default-intercept intercepts (or a sign-in answered
 * 60014): "Send code" to the typed email, a resend countdown, the code field, the code sent with the
 * sign-in, refusals announced in the alert region.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import enErrors from '../../../../locales/inverse-error-code/en.json';
import { browserLocation } from '../lib/browser/location';
import { fail, fetchCall, ok, stubFetch } from '../test/fetch';
import { createTestI18n } from '../test/i18n';
import { LoginForm } from './login-form';

function renderForm(emailCodeNeeded: boolean) {
  render(
    <I18nextProvider i18n={createTestI18n(enErrors)}>
      <LoginForm redirectUrl={null} emailCodeNeeded={emailCodeNeeded} />
    </I18nextProvider>,
  );
  return {
    email: screen.getByLabelText('Email') as HTMLInputElement,
    password: screen.getByLabelText('Password') as HTMLInputElement,
    signIn: screen.getByRole('button', { name: 'Sign in' }),
  };
}

const codeField = () => screen.getByLabelText('Code from the email') as HTMLInputElement;
const bodyOf = (fetch: ReturnType<typeof stubFetch>, n: number) =>
  JSON.parse(String(fetchCall(fetch, n).init.body)) as Record<string, unknown>;

describe('LoginForm email-code step (D80)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('when the device is not intercepted, then there is no code step', () => {
    renderForm(false);
    expect(screen.queryByRole('group', { name: "Confirm it's you" })).toBeNull();
    expect(screen.queryByLabelText('Code from the email')).toBeNull();
  });

  it('when the device is intercepted, then "Send code" mails the typed email, announces it, counts down and focuses the code field; the sign-in carries the code', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const fetch = stubFetch(
      () => ok({ expiresAt: Date.now() + 600_000, resendAt: Date.now() + 60_000 }),
      () => ok({ redirect: '/user/accounts/en/auth/personal' }),
    );
    const { email, password, signIn } = renderForm(true);
    const group = screen.getByRole('group', { name: "Confirm it's you" });
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    const code = codeField();
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('dir')).toBe('ltr');

    // Without an email there is nothing to send to: the email field says so, nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.type(email, 'person@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'If an account uses this address, a code is on its way. It is valid for 10 minutes.',
      ),
    );
    const sent = fetchCall(fetch, 0);
    expect(sent.url).toBe('/user/public/login/email-code');
    expect(bodyOf(fetch, 0)).toEqual({ email: 'person@example.com' });
    expect(new Headers(sent.init.headers).get('guid')).toMatch(/^[0-9a-f-]{36}$/);
    const resend = screen.getByRole('button', { name: /^Send again in (59|60) s$/ });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(code);

    // Only digits, at most six.
    await userEvent.type(code, '12a34-5678');
    expect(code.value).toBe('123456');
    await userEvent.type(password, 'correct horse battery');
    await userEvent.click(signIn);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/user/accounts/en/auth/personal'));
    expect(fetchCall(fetch, 1).url).toBe('/user/public/login');
    expect(bodyOf(fetch, 1)).toEqual({
      email: 'person@example.com',
      password: 'correct horse battery',
      emailCode: '123456',
    });
  });

  it('when the code is not six digits, then the field says so and nothing is sent', async () => {
    const fetch = stubFetch();
    const { email, password, signIn } = renderForm(true);
    await userEvent.type(email, 'person@example.com');
    await userEvent.type(password, 'correct horse battery');
    await userEvent.type(codeField(), '123');
    await userEvent.click(signIn);
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('login-email-code-error')?.textContent).toBe(
      'Enter the 6 digits of the code.',
    );
    expect(document.activeElement).toBe(codeField());
    expect(fetch).not.toHaveBeenCalled();
  });

  it('when a sign-in answers 60014, then the translated reason is announced and the code step opens', async () => {
    stubFetch(() => fail(60014, 'email code required'));
    const { email, password, signIn } = renderForm(false);
    await userEvent.type(email, 'person@example.com');
    await userEvent.type(password, 'correct horse battery');
    await userEvent.click(signIn);
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many failed sign-ins from this device. Enter the code we email you to continue.',
      ),
    );
    expect(screen.getByRole('group', { name: "Confirm it's you" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });

  it('when the code is wrong, then the translated refusal is announced, the field is cleared and focused', async () => {
    stubFetch(() => fail(60005, 'the code is not right; 4 tries left'));
    const { email, password, signIn } = renderForm(true);
    await userEvent.type(email, 'person@example.com');
    await userEvent.type(password, 'correct horse battery');
    await userEvent.type(codeField(), '000000');
    await userEvent.click(signIn);
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The code is not right. Check it and try again.'),
    );
    expect(codeField().value).toBe('');
    expect(document.activeElement).toBe(codeField());
  });

  it('when sending is refused (60008), then the reason is announced in the alert region', async () => {
    stubFetch(() => fail(60008, 'wait'));
    const { email } = renderForm(true);
    await userEvent.type(email, 'person@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Please wait a minute before asking for another code.',
      ),
    );
  });
});
