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
import { Authenticator, groupSecret } from './authenticator';
import { AuthenticatorSection } from './authenticator-section';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const ENROLMENT = {
  otpauthUri: `otpauth://totp/KYC:a%40example.com?secret=${SECRET}&issuer=KYC`,
  secret: SECRET,
};
const WRONG = 'The code is not right. Check it and try again.';
const toast = vi.fn();
let scenes: number[];
let unregister: () => void;

beforeEach(() => {
  clearRequestCache();
  toast.mockClear();
  registerMessenger({ toast, notify: vi.fn() });
  setTelemetryReporter(() => undefined);
  scenes = [];
  // The app's dialog stands in: it answers a risk token for the scene asked.
  unregister = setStepUpHandler(async (scene) => {
    scenes.push(scene);
    return 'risk-token-30032';
  });
});
afterEach(() => {
  cleanup();
  unregister();
  setPageModeForTests();
  vi.unstubAllGlobals();
});

function renderWidget(i18n = createTestI18n({ '60005': WRONG })) {
  render(
    <I18nextProvider i18n={i18n}>
      <Authenticator />
    </I18nextProvider>,
  );
}

async function startSetup() {
  await userEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
  await screen.findByRole('heading', { name: 'Add this account to your app' });
}

describe('authenticator app on the personal page (issue 15)', () => {
  it('set up: behind the email-code step-up of 30032, the QR code and grouped key, then the first code enables it', async () => {
    const fetch = stubFetch(
      () => ok({ enabled: false }),
      () => ok(ENROLMENT),
      () => ok({ enabled: true }),
    );
    renderWidget();
    const region = await screen.findByRole('region', { name: 'Authenticator app' });
    expect(region.textContent).toContain('Off');
    await startSetup();

    expect(scenes).toEqual([30032]);
    const enrol = fetchCall(fetch, 1);
    expect(enrol.url).toContain('/v3/private/user/security/totp/enrol');
    expect(new Headers(enrol.init.headers).get('x-risk-token')).toBe('risk-token-30032');
    // Focus moves to the start of the new step.
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Add this account to your app' }),
    );
    // The QR code is drawn here (no image request), named for screen readers.
    const qr = await screen.findByRole('img', {
      name: 'QR code for adding this account to an authenticator app',
    });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    const key = screen.getByText(groupSecret(SECRET));
    expect(key.textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(key.getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('link', { name: 'Open in an app on this device' }).getAttribute('href')).toBe(
      ENROLMENT.otpauthUri,
    );

    const field = screen.getByLabelText('Code from the authenticator app');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    await userEvent.type(field, '12 34x56');
    await userEvent.click(screen.getByRole('button', { name: 'Finish setup' }));

    await screen.findByText(/Your authenticator app is set up\./);
    expect(JSON.parse(String(fetchCall(fetch, 2).init.body))).toEqual({ code: '123456' });
    expect(region.textContent).toContain('On');
    expect(screen.getByRole('status').textContent).toBe('The authenticator app is set up.');
    expect(document.activeElement?.textContent).toMatch(/^Your authenticator app is set up\./);
    expect(toast).not.toHaveBeenCalled();
  });

  it('a wrong code is announced in the alert region in words, not as a toast; the field is cleared and keeps focus', async () => {
    stubFetch(
      () => ok({ enabled: false }),
      () => ok(ENROLMENT),
      () => fail(60005, 'the authenticator code is not right'),
    );
    renderWidget();
    await startSetup();
    const field = screen.getByLabelText<HTMLInputElement>('Code from the authenticator app');
    await userEvent.type(field, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Finish setup' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG);
    expect(field.value).toBe('');
    expect(document.activeElement).toBe(field);
    expect(toast).not.toHaveBeenCalled();
  });

  it('fewer than six digits are refused before anything is sent; Cancel returns to the start with focus on its button', async () => {
    const fetch = stubFetch(
      () => ok({ enabled: false }),
      () => ok(ENROLMENT),
    );
    renderWidget();
    await startSetup();
    await userEvent.type(screen.getByLabelText('Code from the authenticator app'), '123');
    await userEvent.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6 digits of the code.');
    expect(fetch).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const start = await screen.findByRole('button', { name: 'Set up an authenticator app' });
    await waitFor(() => expect(document.activeElement).toBe(start));
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('when the person cancels the security verification, nothing is sent and nothing is reported', async () => {
    unregister();
    unregister = setStepUpHandler(async () => null);
    const fetch = stubFetch(() => ok({ enabled: false }));
    renderWidget();
    await userEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Set up an authenticator app' }),
      ),
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
  });

  it('remove: asks for a code from the app, then the app is off', async () => {
    const fetch = stubFetch(
      () => ok({ enabled: true }),
      () => fail(60005, 'the authenticator code is not right'),
      () => ok({ enabled: false }),
    );
    renderWidget();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const field = screen.getByLabelText('Code from the authenticator app');
    expect(document.activeElement).toBe(field);
    expect(screen.getByText('To remove the authenticator app, enter the code it shows now.')).toBeTruthy();
    await userEvent.type(field, '111111{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG);
    await userEvent.type(field, '222222');
    await userEvent.click(screen.getByRole('button', { name: 'Remove the app' }));
    const start = await screen.findByRole('button', { name: 'Set up an authenticator app' });
    expect(fetchCall(fetch, 2).url).toContain('/v3/private/user/security/totp/disable');
    expect(JSON.parse(String(fetchCall(fetch, 2).init.body))).toEqual({ code: '222222' });
    expect(screen.getByRole('status').textContent).toBe('The authenticator app was removed.');
    await waitFor(() => expect(document.activeElement).toBe(start));
    expect(scenes).toEqual([]);
  });

  it('in ar-SA every text is Arabic, while the key and the QR code stay left to right', async () => {
    stubFetch(
      () => ok({ enabled: false }),
      () => ok(ENROLMENT),
    );
    const i18n = createArabicTestI18n();
    render(
      <div dir="rtl">
        <I18nextProvider i18n={i18n}>
          <Authenticator />
        </I18nextProvider>
      </div>,
    );
    await screen.findByRole('region', { name: arSA.authenticator.title });
    await userEvent.click(screen.getByRole('button', { name: arSA.authenticator.setUp }));
    const qr = await screen.findByRole('img', { name: arSA.authenticator.setup.qrLabel });
    expect(qr.parentElement?.getAttribute('dir')).toBe('ltr');
    expect(screen.getByText(groupSecret(SECRET)).getAttribute('dir')).toBe('ltr');
    expect(screen.getByLabelText(arSA.authenticator.code).getAttribute('dir')).toBe('ltr');
    // No English and no raw key is left on the screen.
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/authenticator\.|Authenticator|Scan|Cancel/);
    expect(text).toContain(arSA.authenticator.setup.keepPrivate);
  });

  it('in SDK (embedded) mode the section is not there and asks nothing of the server', () => {
    const fetch = stubFetch();
    setPageModeForTests({ sdk: readSdkLink('/en/auth/sdk', '?token=tok-1') });
    const { container } = render(
      <Provider store={createAppStore()}>
        <I18nextProvider i18n={createTestI18n()}>
          <AuthenticatorSection />
        </I18nextProvider>
      </Provider>,
    );
    expect(container.textContent).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });
});
