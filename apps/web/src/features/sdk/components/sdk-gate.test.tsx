// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { SdkTokenInfo } from '@kyc/contracts';
import { MemoryRouter } from '../../../lib/router';
import { configureSdkSession } from '../../../lib/http';
import { readSdkLink, type SdkLink } from '../../../lib/navigation/page-mode';
import { createAppStore } from '../../../lib/store/create-store';
import { fail, fetchCall, ok, stubFetch } from '../../../test/fetch';
import { createTestI18n } from '../../../test/i18n';
import { loadSdkUser, sdkUserWithTokenInfo } from '../api/load-sdk-user';
import { SdkGate } from './sdk-gate';

const TOKEN_INFO: SdkTokenInfo = {
  sdkLang: 'en',
  sdkFrom: 'partner-app',
  sdkScene: 'onboarding',
  sdkBusiness: 'biz-1',
  isUpdatePoi: false,
  hidden: false,
  accessOrigin: 'partner',
  level: 0,
  member_tag: { KYC: '0' },
  email: 'p***@example.com',
  currency_code: '',
  site: 'GLOBAL',
  extraParams: { redirect_url: 'https://partner.example/done' },
  expiresAt: '2030-01-01T00:00:00.000Z',
};

function link(search: string, pathname = '/en/auth/sdk'): SdkLink {
  const found = readSdkLink(pathname, search);
  if (!found) throw new Error('not an SDK link');
  return found;
}

function renderGate(sdkLink: SdkLink) {
  const store = createAppStore();
  render(
    <Provider store={store}>
      <I18nextProvider i18n={createTestI18n()}>
        <MemoryRouter>
          <SdkGate link={sdkLink}>
            <p>sdk screen</p>
          </SdkGate>
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return store;
}

describe('start-up in SDK mode (spec §4, §6, §7)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    configureSdkSession(null);
  });

  it('spec §4: the token info is fetched and stored in the user with the token as id, currency USD and the SDK fields', async () => {
    const fetch = stubFetch(() => ok(TOKEN_INFO));
    const store = renderGate(link('?token=tok-1&lang=ja-JP&from=partner-app&hidden=true'));
    expect(await screen.findByText('sdk screen')).toBeTruthy();
    expect(fetchCall(fetch).url).toBe('/v1/s1/kyc/integration/token-info');
    expect(store.getState().global.user).toMatchObject({
      id: 'tok-1',
      sdkToken: 'tok-1',
      currency_code: 'USD',
      sdkLang: 'ja-JP',
      sdkFrom: 'partner-app',
      hidden: true,
      accessOrigin: 'partner',
      extraParams: { redirect_url: 'https://partner.example/done' },
      email: 'p***@example.com',
    });
  });

  it('spec §6: the token-info call and later calls carry kyc-access-token, kyc-access-origin and kyc-access-business', async () => {
    const fetch = stubFetch(
      () => ok(TOKEN_INFO),
      () => ok(null),
    );
    const sdkLink = link('?token=tok-2&from=partner-app');
    await loadSdkUser(sdkLink);
    const first = new Headers(fetchCall(fetch, 0).init.headers);
    expect(first.get('kyc-access-token')).toBe('tok-2');
    expect(first.get('kyc-access-origin')).toBe('bybit');
    expect(first.get('kyc-access-business')).toBe('partner-app');

    // After the answer: the scene (before the business id and from) and the answer's access origin.
    const { callEndpoint } = await import('../../../lib/http');
    await callEndpoint('kycInfo');
    const second = fetchCall(fetch, 1);
    expect(second.url).toBe('/v1/s1/kyc/integration/info');
    const headers = new Headers(second.init.headers);
    expect(headers.get('kyc-access-token')).toBe('tok-2');
    expect(headers.get('kyc-access-origin')).toBe('partner');
    expect(headers.get('kyc-access-business')).toBe('onboarding');
  });

  it("spec §7: with isUpdatePoi 'true' the token info is asked with type=email_update_poi; otherwise with no query", async () => {
    const fetch = stubFetch(
      () => ok(TOKEN_INFO),
      () => ok(TOKEN_INFO),
    );
    await loadSdkUser(link('?token=t&isUpdatePoi=true'));
    await loadSdkUser(link('?token=t&isUpdatePoi=false'));
    expect(fetchCall(fetch, 0).url).toBe('/v1/s1/kyc/integration/token-info?type=email_update_poi');
    expect(fetchCall(fetch, 1).url).toBe('/v1/s1/kyc/integration/token-info');
  });

  it('spec §8: a token-info error is ignored: the user from the link is stored and the screen shows', async () => {
    stubFetch(() => fail(10007, 'token expired'));
    const store = renderGate(link('?token=tok-3&from=app'));
    expect(await screen.findByText('sdk screen')).toBeTruthy();
    expect(store.getState().global.user).toEqual({
      id: 'tok-3',
      sdkToken: 'tok-3',
      currency_code: 'USD',
      hidden: false,
      sdkFrom: 'app',
    });
    expect(store.getState().global.profileError).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a partner link token (token-info 10007, link-info answers): sign in, the consent naming the partner, then the verification', async () => {
    const linkInfo = { businessName: 'Demo Partner', consentVersion: '2026-11' };
    const fetch = stubFetch(
      () => fail(10007, 'not logged in'),
      () => ok({ step: 'sign_in', ...linkInfo }),
      () => ok({ step: 'consent', ...linkInfo, email: 'an***@example.com', proof: 'proof-1' }),
      () => ok({ linked: true }),
      () => ok(TOKEN_INFO),
    );
    const user = userEvent.setup();
    renderGate(link('?token=tok-link&from=demo-app'));
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    expect(screen.getByText(/Demo Partner\u2069 sent you here/)).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByRole('heading', {
        name: /^Share your verification with \u2068Demo Partner\u2069\?$/,
      }),
    ).toBeTruthy();
    expect(screen.getByText(/Demo Partner\u2069 asks to see your verification status/)).toBeTruthy();
    expect(screen.getByText('Signed in as \u2068an***@example.com\u2069')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Agree and continue' }));
    expect(await screen.findByText('sdk screen')).toBeTruthy();

    expect(fetchCall(fetch, 1).url).toBe('/v1/s1/kyc/integration/link-info');
    expect(fetchCall(fetch, 2).url).toBe('/v1/s1/kyc/integration/link-sign-in');
    expect(JSON.parse(String(fetchCall(fetch, 2).init.body))).toEqual({
      email: 'ana@example.com',
      password: 'correct horse battery',
    });
    const signInHeaders = new Headers(fetchCall(fetch, 2).init.headers);
    expect(signInHeaders.get('kyc-access-token')).toBe('tok-link');
    expect(signInHeaders.get('guid')).toMatch(/^[0-9a-f-]{36}$/);
    // Only the browser that signed in can agree: its proof travels with the consent.
    expect(new Headers(fetchCall(fetch, 3).init.headers).get('kyc-link-proof')).toBe('proof-1');
    expect(JSON.parse(String(fetchCall(fetch, 3).init.body))).toEqual({
      decision: 'agree',
      consentVersion: '2026-11',
    });
  });

  it('D89: a partner link token on a device that keeps failing: the sign-in answered 60014 opens the code step, the code is asked through the link token for this device, and the sign-in carries it', async () => {
    const linkInfo = { businessName: 'Demo Partner', consentVersion: '2026-11' };
    const fetch = stubFetch(
      () => fail(10007, 'not logged in'),
      () => ok({ step: 'sign_in', ...linkInfo }),
      () => fail(60014, 'confirm it is you'),
      () => ok({ expiresAt: Date.now() + 600_000, resendAt: Date.now() + 60_000 }),
      () => ok({ step: 'consent', ...linkInfo, email: 'an***@example.com', proof: 'proof-2' }),
    );
    const user = userEvent.setup();
    renderGate(link('?token=tok-link&from=demo-app'));
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('group', { name: "Confirm it's you" })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await vi.waitFor(() => expect(fetchCall(fetch, 3).url).toBe('/v1/s1/kyc/integration/link-email-code'));
    const sent = new Headers(fetchCall(fetch, 3).init.headers);
    expect(sent.get('kyc-access-token')).toBe('tok-link');
    const device = sent.get('guid');
    expect(device).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(fetchCall(fetch, 3).init.body))).toEqual({ email: 'ana@example.com' });
    await user.type(screen.getByLabelText('Code from the email'), '246810');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Agree and continue' })).toBeTruthy();
    expect(fetchCall(fetch, 4).url).toBe('/v1/s1/kyc/integration/link-sign-in');
    expect(JSON.parse(String(fetchCall(fetch, 4).init.body))).toEqual({
      email: 'ana@example.com',
      password: 'correct horse battery',
      emailCode: '246810',
    });
    // The code was asked for this device: the sign-in names the same one.
    expect(new Headers(fetchCall(fetch, 4).init.headers).get('guid')).toBe(device);
  });

  it('a partner link token declined: nothing shared, and the person is told to go back to the app', async () => {
    stubFetch(
      () => fail(10007, 'not logged in'),
      () =>
        ok({ step: 'consent', businessName: 'Demo Partner', consentVersion: '2026-11', email: 'a***@x.io' }),
      () => ok({ linked: false }),
    );
    const user = userEvent.setup();
    renderGate(link('?token=tok-link&from=demo-app'));
    await user.click(await screen.findByRole('button', { name: "Don't share" }));
    expect(await screen.findByRole('heading', { name: 'Nothing was shared' })).toBeTruthy();
    expect(screen.getByText('Go back to the app to continue.')).toBeTruthy();
    expect(screen.queryByText('sdk screen')).toBeNull();
  });

  it('spec §3: an answer naming a currency keeps it; the link’s lang and from win over the answer’s', () => {
    const user = sdkUserWithTokenInfo(link('?token=t&lang=de-DE'), { ...TOKEN_INFO, currency_code: 'EUR' });
    expect(user).toMatchObject({ currency_code: 'EUR', sdkLang: 'de-DE', sdkFrom: 'partner-app', id: 't' });
  });
});
