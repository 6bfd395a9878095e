// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { SignInEvent } from '@kyc/contracts';
import { Provider } from 'react-redux';
import { clearRequestCache } from '../../../lib/http';
import { readSdkLink, setPageModeForTests } from '../../../lib/navigation/page-mode';
import { createAppStore } from '../../../lib/store/create-store';
import { fail, fetchCall, ok, stubFetch } from '../../../test/fetch';
import { createTestI18n } from '../../../test/i18n';
import { RecentSignIns } from './recent-sign-ins';
import { RecentSignInsSection } from './recent-sign-ins-section';

const event = (
  id: number,
  kind: SignInEvent['kind'],
  browser = 'Firefox',
  system = 'Windows',
): SignInEvent => ({
  id,
  kind,
  at: '2026-11-02T09:00:00.000Z',
  browser,
  system,
  network: '203.0.113.0/24',
});

function renderSection() {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <RecentSignIns />
    </I18nextProvider>,
  );
}

afterEach(() => {
  cleanup();
  setPageModeForTests();
  clearRequestCache();
  vi.unstubAllGlobals();
});

describe('Recent sign-ins', () => {
  it('lists the entries with their translated kind, device and network, and pages back with Show more', async () => {
    const fetch = stubFetch(
      () => ok({ items: [event(9, 'sign_in'), event(8, 'sign_in_failed', '', '')], next_cursor: 8 }),
      () => ok({ items: [event(3, 'sign_in_throttled', 'Safari', 'iOS')], next_cursor: null }),
    );
    renderSection();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.replace(/[\u2068\u2069]/g, ''))).toEqual([
      expect.stringContaining('Signed inFirefox on Windows'),
      expect.stringContaining('Wrong passwordUnknown browser'),
    ]);
    expect(items[0]?.textContent).toContain('Network 203.0.113.0/24');
    expect(fetchCall(fetch).url).toContain('/v3/private/user/security/sign-ins?limit=10');

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(fetchCall(fetch, 1).url).toContain('cursor=8');
    expect(screen.getByText('Sign-ins paused')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('when the log cannot be read, then it says so and Try again loads it', async () => {
    stubFetch(
      () => fail(10016, 'internal error', 500),
      () => ok({ items: [], next_cursor: null }),
    );
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your recent sign-ins could not be loaded.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No sign-ins recorded yet.')).toBeTruthy();
  });

  it('in SDK (embedded) mode the section is not there and asks nothing of the server', async () => {
    const fetch = stubFetch();
    setPageModeForTests({ sdk: readSdkLink('/en/auth/sdk', '?token=tok-1') });
    const { container } = render(
      <Provider store={createAppStore()}>
        <I18nextProvider i18n={createTestI18n()}>
          <RecentSignInsSection />
        </I18nextProvider>
      </Provider>,
    );
    // Not even the box kept for it while its code loads.
    expect(container.innerHTML).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
  });
});
