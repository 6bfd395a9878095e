// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { isValidElement, type ReactElement } from 'react';
import { SCREENS } from '@kyc/contracts';
import { MemoryRouter, useLocation, type Location, type RouteObject } from '../lib/router';
import { browserLocation } from '../lib/browser/location';
import { clearRequestCache, configureHttp, configureSdkSession } from '../lib/http';
import { setPageModeForTests } from '../lib/navigation/page-mode';
import { ROUTER_BASENAME } from '../lib/language/app-path';
import { createAppStore } from '../lib/store/create-store';
import { fail, fetchCall, ok, stubFetch } from '../test/fetch';
import { kycInfoFixture } from '../test/kyc-info';
import { createTestI18n } from '../test/i18n';
import { AppRoutes, createRoutes } from './routes';
import { SCREEN_MODULES } from './screen-modules';

const PROFILE = {
  id: 4242,
  email: 'j***@example.com',
  currency_code: 'EUR',
  sub_attribute: '',
  site: 'GLOBAL',
  member_tag: { KYC: '0' },
  registered_member_type: 'individual',
  created_at: '2025-01-01T00:00:00.000Z',
};

function authChildren(): RouteObject[] {
  const shell = createRoutes()[0];
  const lang = shell?.children?.find((r) => r.path === ':lang');
  const auth = lang?.children?.find((r) => r.path === 'auth');
  if (!auth?.children) throw new Error('no /:lang/auth route');
  return auth.children;
}

/** Renders the app at a path; `router.state.location` mirrors the data router's view (basename included). */
function renderApp(path: string) {
  let current: Location | undefined;
  function LocationProbe() {
    current = useLocation();
    return null;
  }
  render(
    <Provider store={createAppStore()}>
      <I18nextProvider i18n={createTestI18n()}>
        <MemoryRouter basename={ROUTER_BASENAME} initialEntries={[`${ROUTER_BASENAME}${path}`]}>
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return {
    state: {
      get location() {
        return { pathname: `${ROUTER_BASENAME}${current?.pathname ?? ''}`, search: current?.search ?? '' };
      },
    },
  };
}

const LAZY = Symbol.for('react.lazy');

/** The lazy component a screen route renders (inside its Suspense boundary). */
function lazyComponentOf(route: RouteObject): unknown {
  const suspense = route.element as ReactElement<{ children: ReactElement }>;
  if (!isValidElement(suspense)) return undefined;
  return (suspense.props.children.type as { $$typeof?: symbol }).$$typeof;
}

describe('route table (spec §2)', () => {
  it('registers every screen of SCREENS under /:lang/auth as its own lazy (React.lazy) element', () => {
    const children = authChildren();
    for (const screen of SCREENS) {
      const route = children.find((r) => r.path === screen.path);
      expect(route, screen.path).toBeDefined();
      expect(lazyComponentOf(route as RouteObject), screen.path).toBe(LAZY);
    }
    const index = children.find((r) => r.index);
    expect(lazyComponentOf(index as RouteObject)).toBe(LAZY);
  });

  it('loads a component from every screen module', async () => {
    for (const screen of SCREENS) {
      const loaded = await SCREEN_MODULES[screen.path]();
      expect(typeof loaded.default, screen.path).toBe('function');
    }
  });
});

describe('routing in the app', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="header"></div><div id="footer"></div>';
  });
  afterEach(() => {
    cleanup();
    clearRequestCache();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.localStorage.clear();
    document.body.innerHTML = '';
    setPageModeForTests();
    configureSdkSession(null);
  });

  it('when a questionnaire screen is opened, then its translated title shows and it asks for its template', async () => {
    const fetch = stubFetch(
      () => ok(PROFILE),
      () => fail(10000, 'unavailable'),
    );
    renderApp('/en/auth/crypto-knowledge-test');
    expect(await screen.findByRole('heading', { level: 1, name: 'Crypto knowledge test' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(fetchCall(fetch, 1).url).toContain(
      'questionnaire-template-detail?biz_from=kyc_web&template_code=crypto-knowledge-test',
    );
  });

  it('when /:lang/auth is opened, then the personal screen shows the account from the profile', async () => {
    // By address: the page's own calls (kyc-info, notices, recent sign-ins) run in no fixed order.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL): Promise<Response> => {
        const url = String(input);
        if (url.endsWith('/profile')) return ok(PROFILE);
        if (url.endsWith('/kyc-info')) return ok(kycInfoFixture());
        if (url.endsWith('/notices')) return ok({ unread: 0, notices: [] });
        if (url.endsWith('/compliance-tasks')) return ok({ tasks: [] });
        if (url.includes('/security/sign-ins')) return ok({ items: [], next_cursor: null });
        return ok(null);
      }),
    );
    renderApp('/en/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Identity verification' })).toBeTruthy();
    expect(screen.getByText('4242')).toBeTruthy();
    expect(screen.getAllByText('j***@example.com').length).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { name: 'Step 1 · Basic verification' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Step 2 · Advanced verification' })).toBeTruthy();
  });

  it('when the language segment is unsupported, then it is replaced by en and the rest is kept', async () => {
    stubFetch(() => ok(PROFILE));
    const router = renderApp('/xx-XX/auth/kyc?from=app');
    expect(await screen.findByRole('heading', { level: 1, name: 'Document verification' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/accounts/en/auth/kyc');
    expect(router.state.location.search).toBe('?from=app');
  });

  it('spec §4: when ?lang= names a supported language, then it comes first and the address moves to its path', async () => {
    stubFetch(() => ok(PROFILE));
    const router = renderApp('/en/auth/kyc?lang=ja-JP&from=app');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/user/accounts/ja-JP/auth/kyc'));
    expect(router.state.location.search).toBe('?lang=ja-JP&from=app');
  });

  it('spec §4: when ?lang= is not offered here, then the URL segment stays', async () => {
    stubFetch(() => ok(PROFILE));
    const router = renderApp('/de-DE/auth/kyc?lang=ar-SA');
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/user/accounts/de-DE/auth/kyc');
  });

  it('when there is no language segment, then the detected language is put in front', async () => {
    window.localStorage.setItem('i18nextLng', 'ja-JP');
    stubFetch(() => ok(PROFILE));
    const router = renderApp('/auth/step1');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/user/accounts/ja-JP/auth/step1'));
  });

  it('when the app root is opened, then it goes to the personal screen in the detected language', async () => {
    vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('ko-KR');
    stubFetch(() => ok(PROFILE));
    const router = renderApp('/');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/user/accounts/ko-KR/auth/personal'));
  });

  it('when the screen is unknown, then a not-found page links to the personal screen', async () => {
    stubFetch(() => ok(PROFILE));
    renderApp('/en/auth/no-such-screen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Go to identity verification' });
    expect(link.getAttribute('href')).toBe('/user/accounts/en/auth/personal');
  });

  it('when another language is chosen in the header, then only the language segment changes', async () => {
    stubFetch(() => ok(PROFILE));
    const router = renderApp('/en/auth/kyc?from=app');
    await screen.findByRole('heading', { level: 1, name: 'Document verification' });
    const header = within(document.getElementById('header') as HTMLElement);
    await userEvent.selectOptions(header.getByRole('combobox', { name: 'Language' }), 'de-DE');
    expect(router.state.location.pathname).toBe('/user/accounts/de-DE/auth/kyc');
    expect(router.state.location.search).toBe('?from=app');
  });

  it('when Log out is pressed, then POST /logout is sent and the browser goes to /login', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    // The personal screen's calls (kyc-info, notices, compliance tasks) answer by address.
    const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit): Promise<Response> => {
      const url = String(input);
      if (url.endsWith('/profile')) return ok(PROFILE);
      if (url.endsWith('/kyc-info')) return ok(kycInfoFixture());
      if (url.endsWith('/notices')) return ok({ unread: 0, notices: [] });
      if (url.endsWith('/compliance-tasks')) return ok({ tasks: [] });
      if (url.includes('/security/sign-ins')) return ok({ items: [], next_cursor: null });
      return ok(null);
    });
    vi.stubGlobal('fetch', fetch);
    renderApp('/en/auth/personal');
    const header = within(document.getElementById('header') as HTMLElement);
    expect(await header.findByText('j***@example.com')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Verification level' })).toBeTruthy();
    await userEvent.click(header.getByRole('button', { name: 'Log out' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    const logout = fetch.mock.calls.find(([input]) => String(input) === '/logout');
    expect(logout?.[1]?.method).toBe('POST');
  });

  it('when Log out is pressed, then a call still in flight that meets the ended session (10007) does not send the browser to /login?redirect_url=…', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const onNotLoggedIn = vi.fn();
    const restore = configureHttp({ onNotLoggedIn });
    try {
      let answerLate: (response: Response) => void = () => {};
      const late = new Promise<Response>((resolve) => (answerLate = resolve));
      const fetch = vi.fn(async (input: RequestInfo | URL): Promise<Response> => {
        const url = String(input);
        if (url.endsWith('/profile')) return ok(PROFILE);
        if (url.endsWith('/kyc-info')) return ok(kycInfoFixture());
        if (url.endsWith('/notices')) return ok({ unread: 0, notices: [] });
        if (url.endsWith('/compliance-tasks')) return ok({ tasks: [] });
        if (url.includes('/security/sign-ins')) return late;
        return ok(null);
      });
      vi.stubGlobal('fetch', fetch);
      renderApp('/en/auth/personal');
      const header = within(document.getElementById('header') as HTMLElement);
      expect(await header.findByText('j***@example.com')).toBeTruthy();
      await vi.waitFor(() =>
        expect(fetch.mock.calls.some(([input]) => String(input).includes('/security/sign-ins'))).toBe(true),
      );
      await userEvent.click(header.getByRole('button', { name: 'Log out' }));
      await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
      answerLate(fail(10007, 'not logged in'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(onNotLoggedIn).not.toHaveBeenCalled();
      expect(assign.mock.calls).toEqual([['/login']]);
    } finally {
      restore();
    }
  });

  it('renders the footer into its host container', async () => {
    stubFetch(() => ok(PROFILE));
    renderApp('/en/auth/personal');
    const footer = document.getElementById('footer') as HTMLElement;
    await vi.waitFor(() => expect(footer.textContent).toContain('All rights reserved'));
  });

  it("spec §2: the footer shows the help-center article links, in the page's language (issue 10)", async () => {
    stubFetch(() => ok(PROFILE));
    renderApp('/en/auth/personal');
    const footer = within(document.getElementById('footer') as HTMLElement);
    const faq = await footer.findByRole('link', { name: 'Verification FAQ' });
    expect(faq.getAttribute('href')).toBe('/help/en/kyc-faq');
    expect(footer.getAllByRole('link')).toHaveLength(6);
  });

  it('spec §2: in app mode the header and the footer are hidden', async () => {
    setPageModeForTests({ app: true });
    stubFetch(() => ok(PROFILE));
    renderApp('/en/auth/personal');
    await screen.findByRole('heading', { level: 1, name: 'Identity verification' });
    const header = document.querySelector('#header header') as HTMLElement;
    const footer = document.querySelector('#footer footer') as HTMLElement;
    expect(header.hidden).toBe(true);
    expect(footer.hidden).toBe(true);
  });

  it('spec §2, §4: in SDK mode the header is absent, the footer stays, and the token info is loaded instead of the profile', async () => {
    const fetch = stubFetch(() =>
      ok({ sdkLang: 'en', sdkFrom: 'partner', email: 'p***@example.com', accessOrigin: 'bybit' }),
    );
    renderApp('/en/auth/sdk?token=tok-9&from=partner&lang=en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Embedded verification' })).toBeTruthy();
    expect(fetchCall(fetch).url).toBe('/v1/s1/kyc/integration/token-info');
    expect(new Headers(fetchCall(fetch).init.headers).get('kyc-access-token')).toBe('tok-9');
    expect(document.getElementById('header')?.childElementCount).toBe(0);
    expect(document.querySelector('#footer footer')).not.toBeNull();
    expect(screen.getByText('p***@example.com')).toBeTruthy();
  });

  it('spec §2: switching language keeps an explicit lang query parameter in step', async () => {
    stubFetch(() => ok(PROFILE));
    const router = renderApp('/en/auth/kyc?lang=en&from=app');
    await screen.findByRole('heading', { level: 1, name: 'Document verification' });
    const header = within(document.getElementById('header') as HTMLElement);
    await userEvent.selectOptions(header.getByRole('combobox', { name: 'Language' }), 'ko-KR');
    expect(router.state.location.pathname).toBe('/user/accounts/ko-KR/auth/kyc');
    expect(router.state.location.search).toBe('?lang=ko-KR&from=app');
  });
});
