// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { DataExportStatusResult, DataExportView } from '@kyc/contracts';
import arSA from '../../../../../../locales/user-accounts/ar-SA.json';
import { clearRequestCache, setStepUpHandler } from '../../../lib/http';
import { registerMessenger } from '../../../lib/messages/messenger';
import { readSdkLink, setPageModeForTests } from '../../../lib/navigation/page-mode';
import { createAppStore } from '../../../lib/store/create-store';
import { setTelemetryReporter } from '../../../lib/telemetry/telemetry';
import { fail, fetchCall, ok, stubFetch } from '../../../test/fetch';
import { createArabicTestI18n, createTestI18n } from '../../../test/i18n';
import { DataExport } from './data-export';
import { DataExportSection } from './data-export-section';

const HOUR = 60 * 60_000;
const TOO_SOON = 'You can ask for one copy of your data every 24 hours. Try again later.';
const DOWNLOADED_ALREADY = 'This copy was downloaded already: the link works only once. Ask for a new copy.';
const toast = vi.fn();
let scenes: number[];
let unregister: () => void;

const view = (over: Partial<DataExportView>): DataExportView => ({
  id: 7,
  status: 'pending',
  requestedAt: Date.now() - 60_000,
  readyAt: null,
  expiresAt: null,
  downloadedAt: null,
  size: null,
  ...over,
});
const latest = (exportView: DataExportView | null, nextRequestAt = 0): DataExportStatusResult => ({
  export: exportView,
  nextRequestAt,
});
const READY = view({
  status: 'ready',
  readyAt: Date.now() - 1000,
  expiresAt: Date.now() + 7 * 24 * HOUR,
  size: 2_450_000,
});

/** The zip the download answers, as the server sends it. */
function zipResponse(): Response {
  return new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
    status: 200,
    headers: {
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="personal-data-12-2026-03-02-7.zip"',
    },
  });
}

beforeEach(() => {
  clearRequestCache();
  toast.mockClear();
  registerMessenger({ toast, notify: vi.fn() });
  setTelemetryReporter(() => undefined);
  scenes = [];
  unregister = setStepUpHandler(async (scene) => {
    scenes.push(scene);
    return `risk-token-${scene}`;
  });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  cleanup();
  unregister();
  setPageModeForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderWidget(i18n = createTestI18n({ '62021': TOO_SOON, '62024': DOWNLOADED_ALREADY })) {
  render(
    <I18nextProvider i18n={i18n}>
      <DataExport />
    </I18nextProvider>,
  );
}

describe('"Your data" on the personal page (issue 20)', () => {
  it('request: behind the step-up of 30034 with an Idempotency-Key; the page polls while it is prepared, then offers the download with its end', async () => {
    const fetch = stubFetch(
      () => ok(latest(null)),
      () => ok(view({})),
      () => ok(latest(view({}), Date.now() + 24 * HOUR)),
      () => ok(latest(READY, Date.now() + 24 * HOUR)),
    );
    renderWidget();
    const region = await screen.findByRole('region', { name: 'Your data' });
    await userEvent.click(await screen.findByRole('button', { name: 'Request a copy of my data' }));

    expect(scenes).toEqual([30034]);
    const asked = fetchCall(fetch, 1);
    expect(asked.url).toContain('/v3/private/user/data-exports');
    const headers = new Headers(asked.init.headers);
    expect(headers.get('x-risk-token')).toBe('risk-token-30034');
    expect(headers.get('idempotency-key')).toMatch(/^[\w-]{8,}$/);
    await screen.findByText(/We are preparing your copy/);
    expect(screen.getByRole('status').textContent).toBe('Your copy has been requested.');

    // Polled every few seconds until ready.
    const button = await screen.findByRole('button', { name: 'Download my data' }, { timeout: 5000 });
    expect(region.textContent).toMatch(/Your copy is ready \(2\.5 MB\)\. You can download it once, until /);
    expect(button).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
  });

  it('download: behind 30034 a link is taken, the zip is handed to the browser, and the section says it was downloaded', async () => {
    const fetch = stubFetch(
      () => ok(latest(READY, Date.now() + 20 * HOUR)),
      () =>
        ok({ url: '/v3/private/user/data-exports/download/tok-abc', linkExpiresAt: Date.now() + 900_000 }),
      () => zipResponse(),
      () =>
        ok(
          latest(view({ ...READY, status: 'downloaded', downloadedAt: Date.now() }), Date.now() + 20 * HOUR),
        ),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWidget();
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await screen.findByText(/Your last copy was downloaded on .* and deleted from our servers\./);

    expect(scenes).toEqual([30034]);
    expect(fetchCall(fetch, 1).url).toContain('/v3/private/user/data-exports/7/link');
    expect(new Headers(fetchCall(fetch, 1).init.headers).get('x-risk-token')).toBe('risk-token-30034');
    expect(fetchCall(fetch, 2).url).toContain('/v3/private/user/data-exports/download/tok-abc');
    expect(click).toHaveBeenCalledTimes(1);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('Your copy was downloaded.');
    // The next copy may be asked for tomorrow: the button waits, the date is said.
    expect(screen.getByText(/You can request a new copy from /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request a copy of my data' }).hasAttribute('disabled')).toBe(
      true,
    );
    click.mockRestore();
  });

  it('a refusal is announced in the alert region in words, not as a toast (a second download; one copy a day)', async () => {
    stubFetch(
      () => ok(latest(READY)),
      () =>
        ok({ url: '/v3/private/user/data-exports/download/tok-used', linkExpiresAt: Date.now() + 900_000 }),
      () =>
        new Response(JSON.stringify({ ret_code: 62024, ret_msg: 'downloaded already', result: null }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      () => ok(latest(view({ ...READY, status: 'downloaded', downloadedAt: Date.now() }))),
      () => fail(62021, 'one copy a day'),
      () => ok(latest(view({ ...READY, status: 'downloaded', downloadedAt: Date.now() }))),
    );
    renderWidget();
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(DOWNLOADED_ALREADY));
    await userEvent.click(await screen.findByRole('button', { name: 'Request a copy of my data' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(TOO_SOON));
    expect(toast).not.toHaveBeenCalled();
  });

  it('when the person cancels the security verification, nothing is sent and nothing is said', async () => {
    unregister();
    unregister = setStepUpHandler(async () => null);
    const fetch = stubFetch(() => ok(latest(null)));
    renderWidget();
    const button = await screen.findByRole('button', { name: 'Request a copy of my data' });
    await userEvent.click(button);
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('an expired or failed copy says so and offers a new one', async () => {
    stubFetch(() => ok(latest(view({ status: 'expired', expiresAt: Date.now() - HOUR }))));
    renderWidget();
    await screen.findByText(/Your last copy expired on .* and was deleted\./);
    expect(screen.getByRole('button', { name: 'Request a copy of my data' }).hasAttribute('disabled')).toBe(
      false,
    );
    cleanup();
    stubFetch(() => ok(latest(view({ status: 'failed' }))));
    renderWidget();
    await screen.findByText('We could not prepare your last copy. Please request a new one.');
  });

  it('in ar-SA every text is Arabic and no raw key shows', async () => {
    stubFetch(() => ok(latest(READY, Date.now() + HOUR)));
    const i18n = createArabicTestI18n();
    render(
      <div dir="rtl">
        <I18nextProvider i18n={i18n}>
          <DataExport />
        </I18nextProvider>
      </div>,
    );
    await screen.findByRole('region', { name: arSA.dataExport.title });
    await screen.findByRole('button', { name: arSA.dataExport.download });
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/dataExport\.|Your data|Download|copy/);
    expect(text).toContain(arSA.dataExport.intro);
  });

  it('in SDK (embedded) mode the section is not there and asks nothing of the server', () => {
    const fetch = stubFetch();
    setPageModeForTests({ sdk: readSdkLink('/en/auth/sdk', '?token=tok-1') });
    const { container } = render(
      <Provider store={createAppStore()}>
        <I18nextProvider i18n={createTestI18n()}>
          <DataExportSection />
        </I18nextProvider>
      </Provider>,
    );
    expect(container.textContent).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });
});
