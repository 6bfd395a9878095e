// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { browserLocation } from '../lib/browser/location';
import { clearRequestCache, configureSdkSession } from '../lib/http';
import { registerMessenger } from '../lib/messages/messenger';
import { readSdkLink, setPageModeForTests } from '../lib/navigation/page-mode';
import { MemoryRouter } from '../lib/router';
import { createAppStore } from '../lib/store/create-store';
import { setUserInfo } from '../lib/store/global-slice';
import { envelope, stubMediaDevices, uploadResult } from '../test/capture';
import { fetchCall, ok, stubFetch } from '../test/fetch';
import { createTestI18n } from '../test/i18n';
import { kycStateEntry as entry, kycInfoFixture as info } from '../test/kyc-info';
import { stubXhr } from '../test/xhr';
import SdkRoute from './sdk-route';

function renderSdk(search: string) {
  const link = readSdkLink('/en/auth/sdk', search);
  setPageModeForTests({ sdk: link });
  configureSdkSession({ token: 'tok-1', from: 'web' });
  const store = createAppStore();
  store.dispatch(
    setUserInfo({
      id: 'tok-1',
      sdkToken: 'tok-1',
      sdkFrom: 'web',
      email: 'p***@example.com',
      extraParams: { redirect_url: 'https://partner.example/done' },
    }),
  );
  render(
    <Provider store={store}>
      <I18nextProvider i18n={createTestI18n()}>
        <MemoryRouter initialEntries={[`/en/auth/sdk${search}`]}>
          <SdkRoute />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
}

afterEach(() => {
  cleanup();
  clearRequestCache();
  configureSdkSession(null);
  setPageModeForTests();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SDK screen (spec §2 route sdk, §6)', () => {
  it('an update-POI session runs the level-1 capture with reason UPDATE_KYC through the integration endpoints, then the redirect_url', async () => {
    const restoreMessenger = registerMessenger({ toast: vi.fn(), notify: vi.fn() });
    stubMediaDevices(undefined);
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const requests = stubXhr();
    const fetch = stubFetch(
      () => ok(info({}, { status: 'DisplayUpdatePOIStatus_Needed' })),
      () =>
        ok({
          list: [
            {
              code: 'DE',
              nameKey: 'country.DE',
              alpha3: 'DEU',
              state: 'offered',
              closedReason: '',
              isDisabled: false,
              documentTypes: ['PASSPORT'],
            },
          ],
        }),
      () => ok({ country: 'DE', documentTypes: ['PASSPORT'] }),
      () => ok({ submissionId: 3, level: 1, status: 'SUCCESS' }),
    );
    renderSdk('?token=tok-1&from=web&lang=en&isUpdatePoi=true');
    expect(screen.getByRole('heading', { level: 1, name: 'Embedded verification' })).toBeTruthy();
    await screen.findByRole('combobox');
    expect(fetchCall(fetch, 0).url).toBe('/v1/s1/kyc/integration/info');
    expect(new Headers(fetchCall(fetch, 0).init.headers).get('kyc-access-token')).toBe('tok-1');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Passport' }));
    expect(fetchCall(fetch, 2).url).toBe('/v1/s1/kyc/integration/supported-document-type');
    // The document step asks the number (D125); a passport's country is offered as the nationality.
    await userEvent.type(screen.getByLabelText('Document number'), 'C01X00T47');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    for (const [side, n] of [
      ['front', 1],
      ['selfie', 2],
    ] as const) {
      const file = new File(['jpeg'], `${side}.jpg`, { type: 'image/jpeg' });
      fireEvent.change(screen.getByTestId(`capture-file-${side}`), { target: { files: [file] } });
      const upload = requests[requests.length - 1];
      expect(upload?.call.url).toBe('/v1/s1/kyc/integration/upload-document');
      expect(upload?.call.headers['kyc-access-token']).toBe('tok-1');
      upload?.respond(200, envelope(uploadResult(side, n)));
      await screen.findByText('Uploaded.');
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    }
    // A re-verification sends an ID and a selfie too: the consent and declaration first (issue 10).
    await userEvent.click(screen.getByRole('checkbox', { name: /I consent to the processing/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /I declare that the information/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText(/re-verification documents are under review/)).toBeTruthy();
    const submit = fetchCall(fetch, 3);
    expect(submit.url).toBe('/v1/s1/kyc/integration/submit');
    expect(JSON.parse(String(submit.init.body))).toMatchObject({
      level: 1,
      reason: 'UPDATE_KYC',
      consent: { privacy: true, declaration: true, version: '1', language: 'en' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(assign).toHaveBeenCalledWith('https://partner.example/done');
    restoreMessenger();
  });

  it('any other session runs the next startable level; nothing startable says why, without a link', async () => {
    stubFetch(() => ok(info({ state: [entry(1, 'SUCCESS'), entry(2, 'PENDING')] })));
    renderSdk('?token=tok-1&from=web&lang=en');
    expect(await screen.findByText(/We are reviewing your submission/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Back to identity verification' })).toBeNull();
  });

  it('a session whose level 1 is verified goes to level 2: the residence address, then the proof of address', async () => {
    stubFetch(
      () => ok(info()),
      () =>
        ok({ list: [{ code: 'DE', nameKey: 'country.DE', isDisabled: false, documentTypes: ['ID_CARD'] }] }),
      () => ok({ country: 'DE', documentTypes: ['ID_CARD'] }),
    );
    renderSdk('?token=tok-1&from=web&lang=en');
    expect(await screen.findByRole('heading', { name: 'Your address' })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Country of residence' })).toBeTruthy();
  });
});
