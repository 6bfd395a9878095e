// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from '../../../lib/router';
import { browserLocation } from '../../../lib/browser/location';
import { clearRequestCache } from '../../../lib/http';
import { registerMessenger, type ToastMessage } from '../../../lib/messages/messenger';
import { createAppStore } from '../../../lib/store/create-store';
import { fail, ok, stubFetch } from '../../../test/fetch';
import { createTestI18n } from '../../../test/i18n';
import { ProfileGate } from './profile-gate';

const PROFILE = {
  id: 1001,
  email: 'a***@example.com',
  currency_code: '',
  sub_attribute: '',
  site: 'GLOBAL',
  member_tag: { KYC: '0' },
  registered_member_type: 'individual',
  created_at: '2025-01-01T00:00:00.000Z',
};

function renderGate() {
  const store = createAppStore();
  render(
    <Provider store={store}>
      <I18nextProvider i18n={createTestI18n()}>
        <MemoryRouter>
          <ProfileGate>
            <p>screen content</p>
          </ProfileGate>
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return store;
}

describe('ProfileGate (spec §4 start-up)', () => {
  afterEach(() => {
    cleanup();
    clearRequestCache();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('when the profile loads, then the user is stored (empty currency → USD) and the screen shows', async () => {
    const fetch = stubFetch(() => ok(PROFILE));
    const store = renderGate();

    expect(screen.getByRole('status').textContent).toBe('Loading your account…');
    expect(await screen.findByText('screen content')).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/v2/private/user/profile');
    expect(store.getState().global.user).toMatchObject({
      id: 1001,
      email: 'a***@example.com',
      currency_code: 'USD',
    });
    expect(store.getState().global.profileError).toBe(false);
  });

  it('when the answer is 10007, then the browser goes to /login with the full current address', async () => {
    window.history.replaceState(null, '', '/user/accounts/en/auth/kyc?from=app#top');
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    stubFetch(() => fail(10007, 'not logged in'));
    const store = renderGate();

    await vi.waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const href = window.location.href;
    expect(href).toMatch(/^https?:\/\/[^/]+\/user\/accounts\/en\/auth\/kyc\?from=app#top$/);
    expect(assign).toHaveBeenCalledWith('/login?redirect_url=' + encodeURIComponent(href));
    expect(screen.queryByText('screen content')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(store.getState().global.profileError).toBe(false);
  });

  it('when the profile fails otherwise, then profileError is set and Retry loads it again', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const fetch = stubFetch(
      () => fail(10016, 'internal error', 500),
      () => ok(PROFILE),
    );
    const store = renderGate();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load your account");
    expect(store.getState().global.profileError).toBe(true);
    expect(screen.queryByText('screen content')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('screen content')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(store.getState().global.profileError).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('when the network is down, then the error state is shown too, with the 2 s 50016 toast of spec §8', async () => {
    const messages: ToastMessage[] = [];
    const unregister = registerMessenger({ toast: (m) => messages.push(m), notify: () => undefined });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const store = renderGate();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(store.getState().global.profileError).toBe(true);
    expect(messages).toEqual([expect.objectContaining({ kind: 'fail', duration: 2000 })]);
    unregister();
  });

  it('spec §4: the profile may come from the response cache: a second gate within 60 s sends no new request', async () => {
    const fetch = stubFetch(() => ok(PROFILE));
    renderGate();
    expect(await screen.findByText('screen content')).toBeTruthy();
    cleanup();
    const store = renderGate();
    expect(await screen.findByText('screen content')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store.getState().global.user).toMatchObject({ id: 1001, currency_code: 'USD' });
  });
});
