// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import arSA from '../../../../locales/user-accounts/ar-SA.json';
import { MemoryRouter } from '../lib/router';
import { resetRuntimeConfigForTests } from '../lib/config/runtime-config';
import { clearRequestCache } from '../lib/http';
import { DEFAULT_NAMESPACE } from '../lib/i18n/namespaces';
import { ROUTER_BASENAME } from '../lib/language/app-path';
import { setPageModeForTests } from '../lib/navigation/page-mode';
import { createAppStore } from '../lib/store/create-store';
import { setTelemetryReporter, type TelemetryEvent } from '../lib/telemetry/telemetry';
import { kycInfoFixture } from '../test/kyc-info';
import { ok } from '../test/fetch';
import { createTestI18n } from '../test/i18n';
import type * as RecentSignInsModule from '../features/security/components/recent-sign-ins';
import { AppRoutes } from './routes';
import type * as ScreenModules from './screen-modules';

// The chunks of the screens in `chunksDown` fail to load, as after a dropped connection or a deploy
// that replaced the hashed files; the recent sign-ins widget throws while `signInsThrow` is set.
const faults = vi.hoisted(() => ({ chunksDown: new Set<string>(), signInsThrow: false }));

vi.mock('./screen-modules', async (importOriginal) => {
  const real = await importOriginal<typeof ScreenModules>();
  return {
    ...real,
    SCREEN_MODULES: Object.fromEntries(
      Object.entries(real.SCREEN_MODULES).map(([path, load]) => [
        path,
        () =>
          faults.chunksDown.has(path)
            ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
            : load(),
      ]),
    ),
  };
});

vi.mock('../features/security/components/recent-sign-ins', async (importOriginal) => {
  const real = await importOriginal<typeof RecentSignInsModule>();
  return {
    ...real,
    RecentSignIns: () => {
      if (faults.signInsThrow) throw new Error('sign-ins widget broke');
      return <real.RecentSignIns />;
    },
  };
});

/** Chunks load slowly on a busy machine: wait for them longer than findBy's default second. */
const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT_MS = 30_000;

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

function arabicI18n() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'ar-SA',
    ns: [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    resources: { 'ar-SA': { [DEFAULT_NAMESPACE]: arSA } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

function renderApp(path: string, i18n = createTestI18n()) {
  render(
    <Provider store={createAppStore()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter basename={ROUTER_BASENAME} initialEntries={[`${ROUTER_BASENAME}${path}`]}>
          <AppRoutes />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
}

describe('error boundaries (the app, each route, the widgets that fail alone)', () => {
  let reported: TelemetryEvent[];
  let restoreTelemetry: () => void;

  beforeEach(() => {
    document.body.innerHTML = '<div id="header"></div><div id="footer"></div>';
    reported = [];
    restoreTelemetry = setTelemetryReporter((event) => reported.push(event));
    // React reports every caught error on the console; the boundaries' own report is checked below.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL): Promise<Response> => {
        const url = String(input);
        if (url.endsWith('/profile')) return ok(PROFILE);
        if (url.endsWith('/kyc-info')) return ok(kycInfoFixture());
        if (url.endsWith('/notices')) return ok({ unread: 0, notices: [] });
        if (url.endsWith('/compliance-tasks')) return ok({ tasks: [] });
        if (url.includes('/security/sign-ins')) return ok({ items: [], next_cursor: null });
        if (url.endsWith('/data-exports/latest')) return ok({ export: null, nextRequestAt: 0 });
        return ok(null);
      }),
    );
  });

  afterEach(() => {
    cleanup();
    restoreTelemetry();
    clearRequestCache();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.localStorage.clear();
    document.body.innerHTML = '';
    setPageModeForTests();
    faults.chunksDown.clear();
    faults.signInsThrow = false;
    resetRuntimeConfigForTests();
  });

  it(
    'when a screen’s chunk fails to load, then the screen shows a translated Retry, the header stays, and Retry loads it',
    async () => {
      faults.chunksDown.add('complianceTasks');
      renderApp('/en/auth/complianceTasks');

      expect(await screen.findByRole('heading', { name: "This page couldn't be shown" }, SLOW)).toBeTruthy();
      expect(screen.getByText('Check your connection and try again.')).toBeTruthy();
      const header = document.getElementById('header') as HTMLElement;
      expect(within(header).getByRole('button', { name: 'Log out' })).toBeTruthy();
      expect(reported).toContainEqual(expect.objectContaining({ type: 'render-error', depth: 'screen' }));

      faults.chunksDown.clear();
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Compliance tasks' }, SLOW)).toBeTruthy();
      expect(await screen.findByText('You have no compliance tasks.')).toBeTruthy();
      expect(screen.queryByText("This page couldn't be shown")).toBeNull();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'when the chunk fails again on Retry, then the Retry stays offered (in the page’s language, ar-SA)',
    async () => {
      resetRuntimeConfigForTests({ site: 'ARE' }); // the Emirates site offers ar-SA
      faults.chunksDown.add('updatePOA');
      renderApp('/ar-SA/auth/updatePOA', arabicI18n());

      const retry = await screen.findByRole('button', { name: 'إعادة المحاولة' }, SLOW);
      expect(screen.getByRole('heading', { name: 'تعذّر عرض هذه الصفحة' })).toBeTruthy();
      await userEvent.click(retry);
      expect(await screen.findByRole('button', { name: 'إعادة المحاولة' }, SLOW)).toBeTruthy();

      faults.chunksDown.clear();
      await userEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: arSA.screens.updatePOA }, SLOW),
      ).toBeTruthy();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'when a widget of the personal page throws, then only it is replaced and the rest of the page works',
    async () => {
      faults.signInsThrow = true;
      renderApp('/en/auth');

      expect(await screen.findByText("This part of the page couldn't be shown.", {}, SLOW)).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1, name: 'Identity verification' })).toBeTruthy();
      expect(await screen.findByRole('heading', { name: 'Step 1 · Basic verification' })).toBeTruthy();
      expect(screen.getByText('4242')).toBeTruthy();
      expect(reported).toContainEqual(expect.objectContaining({ type: 'render-error', depth: 'widget' }));

      faults.signInsThrow = false;
      // The broken widget's own Retry (other widgets may offer a Retry of their own for a failed load).
      const broken = screen.getByText("This part of the page couldn't be shown.").parentElement;
      if (!broken) throw new Error('the widget fallback has no container');
      await userEvent.click(within(broken).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { name: 'Recent sign-ins' }, SLOW)).toBeTruthy();
      expect(screen.queryByText("This part of the page couldn't be shown.")).toBeNull();
      expect(screen.getByRole('heading', { name: 'Step 1 · Basic verification' })).toBeTruthy();
    },
    TEST_TIMEOUT_MS,
  );
});
