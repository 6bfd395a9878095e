// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { browserLocation } from '../lib/browser/location';
import { fail, fetchCall, ok, stubFetch } from '../test/fetch';
import { createTestI18n } from '../test/i18n';
import { LoginForm } from './login-form';
import { hostileRedirects } from '@kyc/contracts/hostile-redirects';

function renderForm(redirectUrl: string | null = null, errorCodes: Record<string, string> = {}) {
  render(
    <I18nextProvider i18n={createTestI18n(errorCodes)}>
      <LoginForm redirectUrl={redirectUrl} />
    </I18nextProvider>,
  );
  return {
    email: screen.getByLabelText('Email') as HTMLInputElement,
    password: screen.getByLabelText('Password') as HTMLInputElement,
    signIn: screen.getByRole('button', { name: 'Sign in' }),
    createAccount: screen.getByRole('button', { name: 'Create account' }),
  };
}

/** The texts an input's aria-describedby points at. */
function description(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

describe('LoginForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('when submitted empty, then both fields say what is missing and nothing is sent', async () => {
    const fetch = stubFetch();
    const { email, password, signIn } = renderForm();
    await userEvent.click(signIn);

    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(description(email)).toContain('Enter your email address.');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(description(password)).toContain('Enter your password.');
    expect(document.activeElement).toBe(email);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('when the email is not an address, then it is refused inline (spec §5)', async () => {
    const fetch = stubFetch();
    const { email, password, signIn } = renderForm();
    await userEvent.type(email, 'not-an-email');
    await userEvent.type(password, 'correct horse battery');
    await userEvent.click(signIn);

    expect(description(email)).toContain('Enter a valid email address, like name@example.com.');
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('when an account is created with a short password or one holding the email, then the policy message shows before any request', async () => {
    const fetch = stubFetch();
    const { email, password, createAccount } = renderForm();
    expect(description(password)).toContain(
      'New accounts need at least 12 characters. Common passwords and your own email address are not accepted.',
    );
    await userEvent.type(email, 'newcomer@example.com');
    await userEvent.type(password, 'iloveyou1');
    await userEvent.click(createAccount);
    expect(description(password)).toContain('Use at least 12 characters.');

    await userEvent.clear(password);
    await userEvent.type(password, 'i am newcomer here');
    await userEvent.click(createAccount);
    expect(description(password)).toContain('Your password must not contain your email address.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('when the server finds the new password too common, then its translated reason shows in the alert region', async () => {
    stubFetch(() => fail(20014, 'password is too common'));
    const { email, password, createAccount } = renderForm(null, {
      '20014':
        'This password is one of the most common passwords and is easy to guess. Please choose another.',
    });
    await userEvent.type(email, 'newcomer@example.com');
    await userEvent.type(password, 'password1234');
    await userEvent.click(createAccount);
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This password is one of the most common passwords and is easy to guess. Please choose another.',
      ),
    );
  });

  it('when an existing account signs in, then the password policy is not re-checked', async () => {
    const fetch = stubFetch(() => ok({ redirect: '/user/accounts/en/auth/personal' }));
    vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { email, password, signIn } = renderForm();
    await userEvent.type(email, 'old@example.com');
    await userEvent.type(password, 'short');
    await userEvent.click(signIn);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  });

  it('when Sign in succeeds, then it posts the credentials with redirect_url and follows the answer', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const fetch = stubFetch(() => ok({ redirect: '/user/accounts/en/auth/kyc' }));
    const { email, password, signIn, createAccount } = renderForm('/user/accounts/en/auth/kyc');
    await userEvent.type(email, '  someone@example.com ');
    await userEvent.type(password, 'correct horse battery');
    await userEvent.click(signIn);

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/user/accounts/en/auth/kyc'));
    const { url, init } = fetchCall(fetch);
    expect(url).toBe('/user/public/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'someone@example.com',
      password: 'correct horse battery',
      redirect_url: '/user/accounts/en/auth/kyc',
    });
    // Still disabled: the page is being replaced.
    expect((signIn as HTMLButtonElement).disabled).toBe(true);
    expect((createAccount as HTMLButtonElement).disabled).toBe(true);
  });

  it('when the redirect is any hostile variant (issue 11), then the browser stays on the portal', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const hostile = hostileRedirects(window.location.origin);
    expect(hostile.length).toBeGreaterThanOrEqual(20);
    for (const target of hostile) {
      // As if the server (an older one, or a proxy in between) had let the page's redirect_url through.
      stubFetch(() => ok({ redirect: target }));
      const { email, password, signIn } = renderForm(target);
      fireEvent.change(email, { target: { value: 'someone@example.com' } });
      fireEvent.change(password, { target: { value: 'correct horse battery' } });
      fireEvent.click(signIn);
      await vi.waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
      expect(assign.mock.calls[0]?.[0], target).toBe('/user/accounts/en/auth/personal');
      assign.mockClear();
      cleanup();
    }
  }, 30_000);

  it('when Create account is pressed, then it posts to /user/public/register', async () => {
    vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const fetch = stubFetch(() => ok({ redirect: '/user/accounts/en/auth/personal' }));
    const { email, password, createAccount } = renderForm();
    await userEvent.type(email, 'new@example.com');
    await userEvent.type(password, 'a long enough passphrase');
    await userEvent.click(createAccount);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetchCall(fetch).url).toBe('/user/public/register');
    expect(JSON.parse(String(fetchCall(fetch).init.body))).not.toHaveProperty('redirect_url');
  });

  it('when the request is in flight, then both buttons are disabled', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { email, password, signIn, createAccount } = renderForm();
    await userEvent.type(email, 'someone@example.com');
    await userEvent.type(password, 'correct horse battery');
    await userEvent.click(signIn);
    expect((signIn as HTMLButtonElement).disabled).toBe(true);
    expect((createAccount as HTMLButtonElement).disabled).toBe(true);
    answer(fail(20001, 'invalid credentials'));
    await vi.waitFor(() => expect((signIn as HTMLButtonElement).disabled).toBe(false));
  });

  it('when the server refuses, then the inverse-error-code translation shows in the alert region', async () => {
    stubFetch(() => fail(20001, 'invalid credentials'));
    const { email, password, signIn } = renderForm(null, { '20001': 'Incorrect email or password.' });
    await userEvent.type(email, 'someone@example.com');
    await userEvent.type(password, 'wrong password');
    await userEvent.click(signIn);
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Incorrect email or password.'),
    );
  });

  it('when the code has no translation, then the alert shows "code: ret_msg"', async () => {
    stubFetch(() => fail(10006, 'too many requests', 429));
    const { email, password, signIn } = renderForm();
    await userEvent.type(email, 'someone@example.com');
    await userEvent.type(password, 'wrong password');
    await userEvent.click(signIn);
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('10006: too many requests'));
  });

  it('when the show-password toggle is pressed, then the password becomes readable and back', async () => {
    const { password } = renderForm();
    const toggle = screen.getByRole('button', { name: 'Show' });
    expect(password.type).toBe('password');
    await userEvent.click(toggle);
    expect(password.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(toggle);
    expect(password.type).toBe('password');
  });
});
