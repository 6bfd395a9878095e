// @vitest-environment jsdom
import { hostileRedirects } from '@kyc/contracts/hostile-redirects';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from '../router';
import { browserLocation } from '../browser/location';
import { setCurrentLanguage } from '../language/current';
import { createAppStore } from '../store/create-store';
import type { GlobalUser } from '../store/global-slice';
import { afterVerificationStepTarget, useAfterVerificationStep } from './after-step';
import {
  chromeVisibility,
  detectPageMode,
  enterSdkMode,
  isAppMode,
  pageMode,
  readSdkLink,
  setPageModeForTests,
  startPageMode,
} from './page-mode';
import { APP_ROUTES, PERSONAL_REDIRECT_PATH, redirectToPersonal } from './routes';

const SDK_USER: GlobalUser = { sdkToken: 'tok123', sdkLang: 'ja-JP', sdkFrom: 'partner', hidden: false };

describe('page modes (spec §2, §6)', () => {
  afterEach(() => setPageModeForTests());

  it('spec §6: the route /auth/sdk is SDK mode and its query isUpdatePoi, site, update, lang, from, hidden, token is read', () => {
    expect(
      readSdkLink(
        '/user/accounts/en/auth/sdk',
        '?isUpdatePoi=true&site=TUR&update=1&lang=tr-TR&from=app&hidden=true&token=abc',
      ),
    ).toEqual({
      token: 'abc',
      isUpdatePoi: 'true',
      site: 'TUR',
      update: '1',
      lang: 'tr-TR',
      from: 'app',
      hidden: true,
    });
    expect(readSdkLink('/en/auth/sdk/', '')).toMatchObject({ token: '', hidden: false, isUpdatePoi: null });
  });

  it('spec §6: a token query parameter on any screen is SDK mode; without either it is not', () => {
    expect(readSdkLink('/user/accounts/en/auth/kyc', '?token=t1&hidden=false')).toMatchObject({
      token: 't1',
      hidden: false,
    });
    expect(readSdkLink('/user/accounts/en/auth/kyc', '?from=app')).toBeNull();
    expect(readSdkLink('/user/accounts/en/auth/sdkx', '')).toBeNull();
    expect(readSdkLink('/user/accounts/en/auth/kyc', '?token=')).toBeNull();
  });

  it('spec §2: app mode is the query mode=app or the ExchangeApp/{version} user-agent marker', () => {
    expect(isAppMode('?mode=app', 'Mozilla/5.0')).toBe(true);
    expect(isAppMode('?mode=web', 'Mozilla/5.0')).toBe(false);
    expect(isAppMode('', 'Mozilla/5.0 (iPhone) Mobile/15E148 ExchangeApp/4.12.0')).toBe(true);
    expect(isAppMode('', 'Mozilla/5.0 (iPhone) Mobile/15E148')).toBe(false);
  });

  it('spec §2, §6: the page mode is decided once at start-up and kept while navigating; a later SDK link enters SDK mode', () => {
    startPageMode({ pathname: '/user/accounts/en/auth/personal', search: '?mode=app' }, 'Mozilla/5.0');
    expect(pageMode()).toEqual({ sdk: null, app: true });
    const link = readSdkLink('/en/auth/sdk', '?token=x');
    if (!link) throw new Error('no link');
    enterSdkMode(link);
    expect(pageMode().sdk?.token).toBe('x');
    enterSdkMode({ ...link, token: 'other' });
    expect(pageMode().sdk?.token).toBe('x');
    expect(detectPageMode({ pathname: '/x', search: '' }, '')).toEqual({ sdk: null, app: false });
  });
});

describe('navigation after a verification step (spec §2)', () => {
  it('spec §2: outside SDK mode the user goes to the default page /user/accounts/{lang}/auth/personal', () => {
    expect(afterVerificationStepTarget({ language: 'de-DE', sdk: false, user: {} })).toEqual({
      kind: 'app',
      to: '/de-DE/auth/personal',
      href: '/user/accounts/de-DE/auth/personal',
    });
  });

  it('spec §2: in SDK mode the user goes to the SDK landing path with lang, from and token', () => {
    expect(afterVerificationStepTarget({ language: 'en', sdk: true, user: SDK_USER })).toEqual({
      kind: 'app',
      to: '/en/auth/sdk?lang=ja-JP&from=partner&token=tok123',
      href: '/user/accounts/en/auth/sdk?lang=ja-JP&from=partner&token=tok123',
    });
  });

  it('spec §2: in SDK mode hidden=true is added when the session is hidden', () => {
    const target = afterVerificationStepTarget({
      language: 'en',
      sdk: true,
      user: { ...SDK_USER, hidden: true },
    });
    expect(target).toMatchObject({
      href: '/user/accounts/en/auth/sdk?lang=ja-JP&from=partner&hidden=true&token=tok123',
    });
  });

  it('spec §2: with a redirect URL in the SDK session, the user goes there only when the caller asks', () => {
    const user = { ...SDK_USER, extraParams: { redirect_url: 'https://partner.example/done?x=1' } };
    expect(afterVerificationStepTarget({ language: 'en', sdk: true, user, useRedirectUrl: true })).toEqual({
      kind: 'external',
      url: 'https://partner.example/done?x=1',
    });
    expect(afterVerificationStepTarget({ language: 'en', sdk: true, user })).toMatchObject({ kind: 'app' });
  });

  it('spec §2: a redirect URL that is not http(s) or a same-site path is not followed', () => {
    // Issue 11: '/..//evil.example' and the rest. (An https address elsewhere is the server's to judge
    // against the partner's allowed origins; the browser does not know that list.)
    const hostile = hostileRedirects(window.location.origin).filter((v) => !/^https:\/\//i.test(v));
    for (const redirect_url of [
      'javascript:alert(1)',
      '//evil.example/',
      'data:text/html,x',
      '',
      ...hostile,
    ]) {
      const user = { ...SDK_USER, extraParams: { redirect_url } };
      expect(
        afterVerificationStepTarget({ language: 'en', sdk: true, user, useRedirectUrl: true }).kind,
        redirect_url,
      ).toBe('app');
    }
  });

  it('spec §2: the hook navigates inside the SPA, or loads the redirect URL', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    setCurrentLanguage('en');
    setPageModeForTests({
      sdk: {
        token: 'tok123',
        isUpdatePoi: null,
        site: null,
        update: null,
        lang: 'ja-JP',
        from: 'partner',
        hidden: false,
      },
    });
    const store = createAppStore({
      global: {
        user: { ...SDK_USER, extraParams: { redirect_url: 'https://partner.example/done' } },
        rate: 1,
        complianceConfig: {},
        profileError: false,
      },
    });
    let location = '';
    function Step() {
      const next = useAfterVerificationStep();
      const current = useLocation();
      location = `${current.pathname}${current.search}`;
      return (
        <>
          <button type="button" onClick={() => next()}>
            next
          </button>
          <button type="button" onClick={() => next({ useRedirectUrl: true })}>
            redirect
          </button>
        </>
      );
    }
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/en/auth/kyc']}>
          <Step />
        </MemoryRouter>
      </Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(location).toBe('/en/auth/sdk?lang=ja-JP&from=partner&token=tok123');
    await userEvent.click(screen.getByRole('button', { name: 'redirect' }));
    expect(assign).toHaveBeenCalledWith('https://partner.example/done');
    cleanup();
    setPageModeForTests();
    vi.restoreAllMocks();
  });
});

describe('route constants and the redirect helper (spec §2)', () => {
  it('spec §2: route constants /auth/personal and /auth/sdk exist', () => {
    expect(APP_ROUTES.personal.path).toBe('/auth/personal');
    expect(APP_ROUTES.sdk.path).toBe('/auth/sdk');
    expect(APP_ROUTES.personal.getHref('ko-KR')).toBe('/user/accounts/ko-KR/auth/personal');
  });

  it('spec §2: the redirect helper sends the browser to /user/accounts/auth/personal', () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    redirectToPersonal();
    expect(PERSONAL_REDIRECT_PATH).toBe('/user/accounts/auth/personal');
    expect(assign).toHaveBeenCalledWith('/user/accounts/auth/personal');
    vi.restoreAllMocks();
  });
});

describe('chrome per page mode (spec §2)', () => {
  it('spec §2: normally the header and footer are shown', () => {
    expect(chromeVisibility({ sdk: false, app: false })).toEqual({ header: 'shown', footer: 'shown' });
  });

  it('spec §2: in app mode the header and the footer are hidden', () => {
    expect(chromeVisibility({ sdk: false, app: true })).toEqual({ header: 'hidden', footer: 'hidden' });
  });

  it('spec §2: in SDK mode the header is absent; the footer is hidden only in app mode', () => {
    expect(chromeVisibility({ sdk: true, app: false })).toEqual({ header: 'absent', footer: 'shown' });
    expect(chromeVisibility({ sdk: true, app: true })).toEqual({ header: 'absent', footer: 'hidden' });
  });
});
