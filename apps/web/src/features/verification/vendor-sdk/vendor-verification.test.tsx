// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import type { VerificationSdkInfo } from '@kyc/contracts';
import { clearRequestCache } from '../../../lib/http';
import { registerMessenger } from '../../../lib/messages/messenger';
import { MemoryRouter } from '../../../lib/router';
import { createAppStore } from '../../../lib/store/create-store';
import { setTelemetryReporter } from '../../../lib/telemetry/telemetry';
import { setUserInfo } from '../../../lib/store/global-slice';
import { fail, fetchCall, ok, stubFetch } from '../../../test/fetch';
import { createTestI18n } from '../../../test/i18n';
import { kycStateEntry as entry, kycInfoFixture as info } from '../../../test/kyc-info';
import KycScreen from '../screens/kyc-screen';
import { launchVendorSdk, type VendorHandlers } from './launch-vendor-sdk';
import type * as LaunchModule from './launch-vendor-sdk';
import { loadScript } from './load-script';
import VendorVerification from './vendor-verification';

/** The value, or the test fails here. */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('missing');
  return value;
}

vi.mock('./load-script', () => ({ loadScript: vi.fn(() => Promise.resolve()) }));
vi.mock('./launch-vendor-sdk', async (original) => ({
  ...(await original<typeof LaunchModule>()),
  launchVendorSdk: vi.fn(() => ({ destroy: vi.fn() })),
}));

const launch = vi.mocked(launchVendorSdk);
const load = vi.mocked(loadScript);
const UNAVAILABLE =
  'The verification service is not responding right now. Please try again in a few minutes.';

const VENDOR_USER = info({
  provider: 'sumsub',
  state: [entry(1, 'ALLOW'), entry(2, 'NOT_ALLOW')],
});

function sdkInfo(
  token = 'sbx-token-1',
  provider: VerificationSdkInfo['provider'] = 'sumsub',
): VerificationSdkInfo {
  return {
    level: 1,
    provider,
    apiUrl: 'https://api.sumsub.test',
    flowName: 'basic-kyc-level',
    country: '',
    steps: [],
    documentTypes: [],
    sidesByDocumentType: {},
    vendorIdTypes: [],
    acceptedMimeTypes: [],
    maxFileBytes: 0,
    languages: [],
    vendorSdk: {
      token,
      apiUrl: 'https://api.sumsub.test',
      flowName: 'basic-kyc-level',
      sdkUrl: 'https://static.sumsub.test/websdk.js',
      flowUrl: '',
      expiresAt: 1_900_000_000_000,
    },
  };
}

function wrap(children: ReactNode) {
  const store = createAppStore();
  store.dispatch(setUserInfo({ id: 1001, email: 'l***@demo.test' }));
  return (
    <Provider store={store}>
      <I18nextProvider i18n={createTestI18n({ '30061': UNAVAILABLE })}>
        <MemoryRouter initialEntries={['/en/auth/kyc?level=1']}>{children}</MemoryRouter>
      </I18nextProvider>
    </Provider>
  );
}

/** The handlers the n-th launch was given. */
const handlersOf = (n = 0) => launch.mock.calls[n]?.[3] as VendorHandlers;

beforeEach(() => {
  launch.mockClear();
  load.mockReset();
  load.mockResolvedValue(undefined);
  const restoreMessenger = registerMessenger({ toast: vi.fn(), notify: vi.fn() });
  const restoreTelemetry = setTelemetryReporter(() => undefined);
  afterEach(() => {
    restoreMessenger();
    restoreTelemetry();
  });
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  clearRequestCache();
  vi.unstubAllGlobals();
});

describe('/auth/kyc with a vendor provider', () => {
  it('opens the vendor SDK in the container with the session token and the page language', async () => {
    const fetch = stubFetch(
      () => ok(VENDOR_USER),
      () => ok(sdkInfo()),
    );
    render(wrap(<KycScreen />));
    const container = await screen.findByTestId('vendor-sdk-container');
    await waitFor(() => expect(launch).toHaveBeenCalledTimes(1));
    expect(fetchCall(fetch, 1).url).toBe('/v3/private/kyc/get-verification-sdk-info');
    expect(JSON.parse(String(fetchCall(fetch, 1).init.body))).toEqual({ level: 1 });
    expect(load).toHaveBeenCalledWith('https://static.sumsub.test/websdk.js');
    const [provider, session, element, handlers] = must(launch.mock.calls[0]);
    expect(provider).toBe('sumsub');
    expect(session.token).toBe('sbx-token-1');
    expect(element).toBe(container);
    expect(handlers.lang).toBe('en');
    // Our capture flow is not shown.
    expect(screen.queryByRole('combobox', { name: 'Country that issued your document' })).toBeNull();
  });

  it('the in-house provider still runs our capture flow', async () => {
    stubFetch(
      () => ok({ ...VENDOR_USER, provider: 'default' }),
      () => ok({ list: [] }),
    );
    render(wrap(<KycScreen />));
    expect(await screen.findByRole('combobox', { name: 'Country that issued your document' })).toBeTruthy();
    expect(screen.queryByTestId('vendor-sdk-container')).toBeNull();
    expect(launch).not.toHaveBeenCalled();
  });

  it('a script that fails to load: a translated error with Retry, which loads it again', async () => {
    load.mockRejectedValueOnce(new Error('offline'));
    stubFetch(
      () => ok(VENDOR_USER),
      () => ok(sdkInfo()),
      () => ok(sdkInfo('sbx-token-2')),
    );
    render(wrap(<KycScreen />));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The verification service could not be loaded.');
    expect(launch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(launch).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(2);
    expect(must(launch.mock.calls[0])[1].token).toBe('sbx-token-2');
  });

  it('30061 (vendor unavailable): the translated message with Retry, never a spinner that stays', async () => {
    stubFetch(
      () => ok(VENDOR_USER),
      () => fail(30061, 'vendor unavailable', 503),
      () => ok(sdkInfo()),
    );
    render(wrap(<KycScreen />));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(UNAVAILABLE);
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(launch).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('VendorVerification', () => {
  it('on the vendor completion event: "Submitted — under review", then kyc-info polled until decided', async () => {
    const onFinished = vi.fn();
    const fetch = stubFetch(
      () => ok(sdkInfo()),
      () => ok(info({ state: [entry(1, 'ALLOW'), entry(2, 'NOT_ALLOW')] })),
      () => ok(info({ state: [entry(1, 'PENDING'), entry(2, 'NOT_ALLOW')] })),
      () => ok(info({ state: [entry(1, 'SUCCESS'), entry(2, 'ALLOW')] })),
    );
    render(
      wrap(
        <VendorVerification
          provider="sumsub"
          level={1}
          onFinished={onFinished}
          pollIntervalMs={10}
          pollLimitMs={5_000}
        />,
      ),
    );
    await waitFor(() => expect(launch).toHaveBeenCalledTimes(1));
    act(() => handlersOf().onSubmitted());
    expect(await screen.findByText('Submitted — under review')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('vendor-sdk-submitted').getAttribute('data-status')).toBe('SUCCESS'),
    );
    expect(screen.getByTestId('vendor-sdk-submitted').getAttribute('data-polling')).toBe('false');
    expect(screen.getByText('Your identity is verified for this level.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(fetchCall(fetch, 3).url).toBe('/v3/private/kyc/kyc-info');
    await userEvent.click(screen.getByRole('button', { name: 'Back to your personal page' }));
    expect(onFinished).toHaveBeenCalled();
  });

  it('stops polling after the limit while the level stays PENDING', async () => {
    stubFetch(
      () => ok(sdkInfo()),
      ...Array.from({ length: 40 }, () => () => ok(info({ state: [entry(1, 'PENDING')] }))),
    );
    render(
      wrap(
        <VendorVerification
          provider="sumsub"
          level={1}
          onFinished={vi.fn()}
          pollIntervalMs={10}
          pollLimitMs={50}
        />,
      ),
    );
    await waitFor(() => expect(launch).toHaveBeenCalledTimes(1));
    act(() => handlersOf().onSubmitted());
    await waitFor(() =>
      expect(screen.getByTestId('vendor-sdk-submitted').getAttribute('data-polling')).toBe('false'),
    );
    expect(screen.getByText(/The review is taking longer than usual/)).toBeTruthy();
  });

  it('an expired token fetches a fresh session and launches again; Sumsub asks for a token itself', async () => {
    const fetch = stubFetch(
      () => ok(sdkInfo('t1')),
      () => ok(sdkInfo('t2')),
      () => ok(sdkInfo('t3')),
    );
    render(wrap(<VendorVerification provider="sumsub" level={1} onFinished={vi.fn()} />));
    await waitFor(() => expect(launch).toHaveBeenCalledTimes(1));
    await expect(handlersOf().refreshToken()).resolves.toBe('t2');
    act(() => handlersOf().onError('expired'));
    await waitFor(() => expect(launch).toHaveBeenCalledTimes(2));
    expect(must(launch.mock.calls[1])[1].token).toBe('t3');
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
