// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import arSA from '../../../../../../locales/user-accounts/ar-SA.json';
import { clearRequestCache, setStepUpHandler } from '../../../lib/http';
import { registerMessenger } from '../../../lib/messages/messenger';
import { readSdkLink, setPageModeForTests } from '../../../lib/navigation/page-mode';
import { createAppStore } from '../../../lib/store/create-store';
import { setTelemetryReporter } from '../../../lib/telemetry/telemetry';
import { fail, fetchCall, ok, stubFetch } from '../../../test/fetch';
import { createArabicTestI18n, createTestI18n } from '../../../test/i18n';
import { VerifiedDetails } from './verified-details';
import { VerifiedDetailsSection } from './verified-details-section';

const MASKED = {
  firstName: 'A***',
  lastName: 'L***',
  dateOfBirth: '****-**-**',
  residenceCountry: 'GB',
  country: 'GB',
  editable: false,
  masked: true,
};
const REVEALED = {
  ...MASKED,
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1990-05-17',
  masked: false,
};
const USED = 'This confirmation was already used. Confirm again.';
const toast = vi.fn();
let scenes: number[];
let unregister: () => void;

beforeEach(() => {
  clearRequestCache();
  toast.mockClear();
  registerMessenger({ toast, notify: vi.fn() });
  setTelemetryReporter(() => undefined);
  scenes = [];
  unregister = setStepUpHandler(async (scene) => {
    scenes.push(scene);
    return 'risk-token-30029';
  });
});
afterEach(() => {
  cleanup();
  unregister();
  setPageModeForTests();
  vi.unstubAllGlobals();
});

function renderWidget(i18n = createTestI18n({ '60003': USED })) {
  render(
    <I18nextProvider i18n={i18n}>
      <VerifiedDetails />
    </I18nextProvider>,
  );
}

describe('verified details on the personal page (issue 15, scene 30029)', () => {
  it('masked details are read out as hidden; "Show details" asks for 30029 and shows them; "Hide details" hides them again', async () => {
    const fetch = stubFetch(
      () => ok(MASKED),
      () => ok(REVEALED),
    );
    renderWidget();
    const region = await screen.findByRole('region', { name: 'Verified details' });
    expect(region.textContent).toContain('A*** L***');
    expect(region.textContent).toContain('****-**-**');
    // Screen readers hear "Hidden", not a letter and three stars.
    expect(screen.getAllByText('Hidden')).toHaveLength(2);
    expect(screen.getByText('A*** L***').getAttribute('aria-hidden')).toBe('true');
    expect(fetchCall(fetch, 0).url).toContain('/v3/private/kyc/kyc-personal-info');

    const show = screen.getByRole('button', { name: 'Show details' });
    await userEvent.click(show);
    await screen.findByText('Ada Lovelace');
    expect(scenes).toEqual([30029]);
    const reveal = fetchCall(fetch, 1);
    expect(reveal.url).toContain('/v3/private/kyc/personal-info/reveal');
    expect(new Headers(reveal.init.headers).get('x-risk-token')).toBe('risk-token-30029');
    expect(region.textContent).toContain('1990-05-17');
    expect(screen.queryByText('Hidden')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Your details are shown.');
    const hide = screen.getByRole('button', { name: 'Hide details' });
    await waitFor(() => expect(document.activeElement).toBe(hide));

    await userEvent.click(hide);
    await screen.findByText('A*** L***');
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Your details are hidden again.');
    expect(fetch).toHaveBeenCalledTimes(2); // hiding asks the server nothing
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show details' })),
    );
    expect(toast).not.toHaveBeenCalled();
  });

  it('a refused reveal is announced in words in the alert region, not as a toast; the details stay hidden', async () => {
    stubFetch(
      () => ok(MASKED),
      () => fail(60003, 'the risk token was already used'),
    );
    renderWidget();
    await userEvent.click(await screen.findByRole('button', { name: 'Show details' }));
    expect((await screen.findByRole('alert')).textContent).toBe(USED);
    expect(screen.getByText('A*** L***')).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
  });

  it('when the person cancels the security verification, nothing is revealed and nothing is reported', async () => {
    unregister();
    unregister = setStepUpHandler(async () => null);
    const fetch = stubFetch(() => ok(MASKED));
    renderWidget();
    await userEvent.click(await screen.findByRole('button', { name: 'Show details' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show details' })),
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('before anything is under review or verified (the details are the person’s own draft), the section is not shown', async () => {
    const fetch = stubFetch(() => ok({ ...REVEALED, editable: true, masked: false }));
    const { container } = render(
      <I18nextProvider i18n={createTestI18n()}>
        <VerifiedDetails />
      </I18nextProvider>,
    );
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(container.textContent).toBe(''));
  });

  it('when the details cannot be loaded, a translated message and a retry that loads them', async () => {
    stubFetch(
      () => fail(10000, 'down', 503),
      () => ok(MASKED),
    );
    renderWidget();
    expect((await screen.findByRole('alert')).textContent).toBe('Your verified details could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('A*** L***');
    expect(toast).not.toHaveBeenCalled();
  });

  it('in ar-SA every text is Arabic and a masked value stays left to right', async () => {
    stubFetch(() => ok(MASKED));
    const i18n = createArabicTestI18n();
    render(
      <div dir="rtl">
        <I18nextProvider i18n={i18n}>
          <VerifiedDetails />
        </I18nextProvider>
      </div>,
    );
    await screen.findByRole('region', { name: arSA.verifiedDetails.title });
    expect(screen.getByRole('button', { name: arSA.verifiedDetails.show })).toBeTruthy();
    expect(screen.getByText('A*** L***').getAttribute('dir')).toBe('ltr');
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/verifiedDetails\.|Verified|Show details|Hidden/);
    expect(text).toContain(arSA.verifiedDetails.intro);
  });

  it('in SDK (embedded) mode the section is not there and asks nothing of the server', () => {
    const fetch = stubFetch();
    setPageModeForTests({ sdk: readSdkLink('/en/auth/sdk', '?token=tok-1') });
    const { container } = render(
      <Provider store={createAppStore()}>
        <I18nextProvider i18n={createTestI18n()}>
          <VerifiedDetailsSection />
        </I18nextProvider>
      </Provider>,
    );
    expect(container.textContent).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });
});
