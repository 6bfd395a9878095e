// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { DisplayUpdatePoi } from '@kyc/contracts';
import { browserLocation } from '../../../lib/browser/location';
import { clearRequestCache, configureHttp } from '../../../lib/http';
import { registerMessenger } from '../../../lib/messages/messenger';
import { setTelemetryReporter } from '../../../lib/telemetry/telemetry';
import { fail, fetchCall, ok, stubFetch } from '../../../test/fetch';
import { createTestI18n } from '../../../test/i18n';
import { ReverificationPanel } from './reverification-panel';

const toast = vi.fn();
const restore: Array<() => void> = [];

function poi(
  status: DisplayUpdatePoi['status'],
  siteInfo = { site: 'GLOBAL', country: 'IN' },
): DisplayUpdatePoi {
  return {
    status,
    rejectReason: status.includes('Rejected') ? 'Blurred photo.' : '',
    deadline: null,
    siteInfo,
  };
}

function renderPanel(value: DisplayUpdatePoi, lang = 'en') {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <ReverificationPanel poi={value} lang={lang} />
    </I18nextProvider>,
  );
}

/** A fetch answer that waits until the test lets it go. */
function deferred() {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

beforeEach(() => {
  toast.mockReset();
  restore.push(
    registerMessenger({ toast, notify: vi.fn() }),
    setTelemetryReporter(() => undefined),
    configureHttp({ translate: (code) => (code === 30001 ? 'This step cannot be changed now.' : undefined) }),
  );
});

afterEach(() => {
  cleanup();
  while (restore.length) restore.pop()?.();
  clearRequestCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('re-verification start (spec §4: verify / resubmit start a session, then the SDK page)', () => {
  it('Needed: "Verify" posts sdk-access for level 1 with reason UPDATE_KYC and opens the SDK page', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const fetch = stubFetch(() => ok({ accessToken: 'tok_123', expiresAt: 1 }));
    renderPanel(poi('DisplayUpdatePOIStatus_Needed'), 'de-DE');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const { url, init } = fetchCall(fetch);
    expect(url).toBe('/v3/private/kyc/sdk-access');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      level: 1,
      isSecondary: false,
      from: 'web',
      action: 'verify',
      lang: 'de-DE',
      extraParams: { reason: 'UPDATE_KYC', redirect_url: '/user/accounts/de-DE/auth/personal' },
    });
    expect(assign).toHaveBeenCalledWith(
      '/user/accounts/de-DE/auth/sdk?token=tok_123&from=web&lang=de-DE&isUpdatePoi=true',
    );
  });

  it('Rejected (default region): "Resubmit" starts a session with action resubmit', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const fetch = stubFetch(() => ok({ accessToken: 'tok_r', expiresAt: 1 }));
    renderPanel(poi('DisplayUpdatePOIStatus_Rejected'));
    await userEvent.click(screen.getByRole('button', { name: 'Resubmit' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchCall(fetch).init.body))).toMatchObject({ action: 'resubmit' });
    expect(assign).toHaveBeenCalledWith(
      '/user/accounts/en/auth/sdk?token=tok_r&from=web&lang=en&isUpdatePoi=true',
    );
  });

  it('while a start runs the button shows its loading state and repeated clicks send one request', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const answer = deferred();
    const fetch = stubFetch(() => answer.promise);
    renderPanel(poi('DisplayUpdatePOIStatus_Needed'));
    const button = screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
    await userEvent.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.disabled).toBe(true);
    // A double click that reaches the handler before the re-render is ignored as well.
    button.disabled = false;
    await userEvent.click(button);
    await userEvent.click(button);
    expect(fetch).toHaveBeenCalledTimes(1);
    answer.release(ok({ accessToken: 'tok', expiresAt: 1 }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a refusal is reported with the inverse-error-code toast and the button can be used again', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const fetch = stubFetch(
      () => fail(30001, 'illegal transition'),
      () => ok({ accessToken: 'tok2', expiresAt: 1 }),
    );
    renderPanel(poi('DisplayUpdatePOIStatus_Needed'));
    const button = screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
    await userEvent.click(button);
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(toast).toHaveBeenCalledWith({ kind: 'fail', message: 'This step cannot be changed now.' });
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    await userEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('an answer without an access token is a failure: a toast, no navigation, the button usable', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    stubFetch(() => ok({ accessToken: '', expiresAt: 1 }));
    renderPanel(poi('DisplayUpdatePOIStatus_Needed'));
    const button = screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
    await userEvent.click(button);
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(toast).toHaveBeenCalledWith({
      kind: 'fail',
      message: "We couldn't start re-verification. Please try again.",
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    ['Needed, Turkey region', poi('DisplayUpdatePOIStatus_Needed', { site: 'TUR', country: 'TR' })],
    ['Rejected, Turkey region', poi('DisplayUpdatePOIStatus_Rejected', { site: 'TUR', country: 'TR' })],
    ['Rejected_Daily', poi('DisplayUpdatePOIStatus_Rejected_Daily')],
    ['Pending', poi('DisplayUpdatePOIStatus_Pending')],
  ])('%s: nothing can start a session', async (_name, value) => {
    const fetch = stubFetch();
    renderPanel(value);
    for (const button of screen.queryAllByRole('button')) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});
