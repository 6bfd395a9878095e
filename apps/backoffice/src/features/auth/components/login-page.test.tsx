// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCookie, fail, ok, setCookie, stubApi } from '../../../test/api-stub.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

const staff = { id: 7, email: 'rita@kyc.example', display_name: 'Rita Reviewer', role: 'reviewer' };

function renderLogin(path = '/backoffice/login') {
  return renderRoutes(
    [
      { path: '/login', Component: LoginPage },
      { path: '/', element: <p>home page</p> },
      { path: '/audit-log', element: <p>audit log page</p> },
    ],
    path,
  );
}

afterEach(() => {
  cleanup();
  clearCookie('kyc_staff_csrf');
});

describe('LoginPage', () => {
  it('when the form is sent, then it posts email and password with the CSRF header and returns to ?next=', async () => {
    setCookie('kyc_staff_csrf', 'csrf-abc');
    const api = stubApi({ 'POST /backoffice/api/login': () => ok(staff) });
    const { user, router } = renderLogin('/backoffice/login?next=%2Fbackoffice%2Faudit-log');

    await user.type(screen.getByLabelText('Email'), '  rita@kyc.example ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('audit log page')).toBeTruthy();
    const [call] = api.callsTo('POST', '/backoffice/api/login');
    expect(call?.body).toEqual({ email: 'rita@kyc.example', password: 'correct horse' });
    expect(call?.headers.get('X-CSRF-Token')).toBe('csrf-abc');
    expect(call?.credentials).toBe('include');
    expect(router.state.location.pathname).toBe('/backoffice/audit-log');
  });

  it('when the server answers 20001, then the translated generic error shows and the password is cleared', async () => {
    stubApi({ 'POST /backoffice/api/login': () => fail(20001, 'invalid credentials') });
    const { user, router } = renderLogin();

    await user.type(screen.getByLabelText('Email'), 'rita@kyc.example');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('The email or password is incorrect.');
    expect(screen.queryByText('invalid credentials')).toBeNull();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(router.state.location.pathname).toBe('/backoffice/login');
  });

  it('when the server answers 10006 (HTTP 429), then the rate-limit message shows', async () => {
    stubApi({ 'POST /backoffice/api/login': () => fail(10006, 'too many requests', 429) });
    const { user } = renderLogin();

    await user.type(screen.getByLabelText('Email'), 'rita@kyc.example');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many sign-in attempts. Wait a few minutes, then try again.',
    );
  });

  it('when the fields are empty or the email is malformed, then nothing is sent and the fields say why', async () => {
    const api = stubApi({});
    const { user } = renderLogin();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter an email address in the form name@example.com.')).toBeTruthy();

    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('when ?next= points outside the back office, then success goes to Home instead', async () => {
    stubApi({ 'POST /backoffice/api/login': () => ok(staff) });
    const { user, router } = renderLogin('/backoffice/login?next=https%3A%2F%2Fevil.example%2F');

    await user.type(screen.getByLabelText('Email'), 'rita@kyc.example');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice');
  });

  it('when the page shows, then it offers the language switcher labelled "Language"', () => {
    stubApi({});
    renderLogin();

    const select = screen.getByLabelText('Language') as HTMLSelectElement;
    expect(select.value).toBe('en');
    expect(screen.getByRole('option', { name: 'Deutsch' })).toBeTruthy();
  });

  describe('verification code step', () => {
    const enrolment = {
      otpauthUri:
        'otpauth://totp/KYC%20back%20office%3Anew%40kyc.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=KYC%20back%20office',
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      enrolmentToken: 'sealed-token',
    };

    async function signInWithPassword(user: ReturnType<typeof renderLogin>['user']) {
      await user.type(screen.getByLabelText('Email'), 'rita@kyc.example');
      await user.type(screen.getByLabelText('Password'), 'correct horse');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
    }

    it('when the password is right and the server asks for the code (20007), then the code step posts it with the password', async () => {
      const api = stubApi({
        'POST /backoffice/api/login': (call) =>
          (call.body as { totpCode?: string }).totpCode === '123456'
            ? ok(staff)
            : fail(20007, 'authentication code required'),
      });
      const { user, router } = renderLogin();
      await signInWithPassword(user);

      const code = await screen.findByLabelText('Verification code');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Enter your verification code');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(document.activeElement).toBe(code);
      expect(code.getAttribute('inputmode')).toBe('numeric');
      expect(code.getAttribute('autocomplete')).toBe('one-time-code');
      expect(screen.queryByLabelText('Password')).toBeNull();

      await user.type(code, '123 456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));

      expect(await screen.findByText('home page')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/backoffice');
      expect(api.callsTo('POST', '/backoffice/api/login').map((c) => c.body)).toEqual([
        { email: 'rita@kyc.example', password: 'correct horse' },
        { email: 'rita@kyc.example', password: 'correct horse', totpCode: '123456' },
      ]);
    });

    it('when the code is empty or not 6 digits, then nothing is sent; a wrong code (20001) says so and clears the field', async () => {
      const api = stubApi({
        'POST /backoffice/api/login': (call) =>
          (call.body as { totpCode?: string }).totpCode === undefined
            ? fail(20007, 'authentication code required')
            : fail(20001, 'invalid credentials'),
      });
      const { user } = renderLogin();
      await signInWithPassword(user);
      const code = await screen.findByLabelText('Verification code');

      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
      await user.type(code, '12345');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(screen.getByText('The code has exactly 6 digits.')).toBeTruthy();
      expect(code.getAttribute('aria-invalid')).toBe('true');
      expect(api.callsTo('POST', '/backoffice/api/login')).toHaveLength(1);

      await user.type(code, '9');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'The code is incorrect or has expired. Enter the code your app shows now.',
      );
      expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('');
      expect(document.activeElement).toBe(screen.getByLabelText('Verification code'));

      await user.click(screen.getByRole('button', { name: 'Use a different account' }));
      expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('rita@kyc.example');
    });

    it('when it is the first sign-in, then the setup key and link show, and the first code confirms the enrolment', async () => {
      const api = stubApi({
        'POST /backoffice/api/login': (call) =>
          (call.body as { totpEnrolmentToken?: string }).totpEnrolmentToken === 'sealed-token'
            ? ok(staff)
            : ok({ totpEnrolment: enrolment }),
      });
      const { user } = renderLogin();
      // After userEvent.setup(), which installs its own clipboard stub.
      const writeText = vi.fn(() => Promise.resolve());
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      await signInWithPassword(user);

      const heading = await screen.findByRole('heading', { level: 1, name: 'Set up two-step verification' });
      expect(document.activeElement).toBe(heading);
      expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
      expect(screen.getByText(enrolment.otpauthUri)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Open in authenticator app' }).getAttribute('href')).toBe(
        enrolment.otpauthUri,
      );

      await user.click(screen.getByRole('button', { name: 'Copy setup key' }));
      expect(writeText).toHaveBeenCalledWith(enrolment.secret);
      expect(await screen.findByText('Copied.')).toBeTruthy();

      await user.type(screen.getByLabelText('Verification code'), '654321');
      await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));

      expect(await screen.findByText('home page')).toBeTruthy();
      expect(api.callsTo('POST', '/backoffice/api/login')[1]?.body).toEqual({
        email: 'rita@kyc.example',
        password: 'correct horse',
        totpCode: '654321',
        totpEnrolmentToken: 'sealed-token',
      });
    });
  });
});
