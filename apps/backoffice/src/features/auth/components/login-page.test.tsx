// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
});
