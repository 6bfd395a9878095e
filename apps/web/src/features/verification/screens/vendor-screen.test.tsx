// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { clearRequestCache } from '../../../lib/http';
import { registerMessenger } from '../../../lib/messages/messenger';
import { MemoryRouter } from '../../../lib/router';
import { createAppStore } from '../../../lib/store/create-store';
import { envelope, stubMediaDevices, uploadResult } from '../../../test/capture';
import { fetchCall, ok, stubFetch } from '../../../test/fetch';
import { createTestI18n } from '../../../test/i18n';
import { kycStateEntry as entry, kycInfoFixture as info } from '../../../test/kyc-info';
import { stubXhr } from '../../../test/xhr';
import { isValidIdNumber } from '../components/vendor-id-rules';
import VendorScreen from './vendor-screen';

const ALLOW = info({ state: [entry(1, 'ALLOW'), entry(2, 'NOT_ALLOW')] });
const TOKEN = {
  token: 'vt-1',
  provider: 'default',
  idTypes: ['BVN', 'NIN'],
  country: 'NG',
  expiresAt: Date.now() + 15 * 60_000,
};

function renderScreen() {
  render(
    <Provider store={createAppStore()}>
      <I18nextProvider i18n={createTestI18n({ '50016': 'Network error.' })}>
        <MemoryRouter initialEntries={['/en/auth/vendor']}>
          <VendorScreen />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
}

async function fillForm(idNumber: string) {
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Country' }), 'NG');
  await userEvent.type(
    screen.getByRole('textbox', { name: 'Your Bank Verification Number (BVN)' }),
    idNumber,
  );
  await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
  await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Obi');
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-04-02' } });
}

beforeEach(() => {
  stubMediaDevices(undefined);
  const restoreMessenger = registerMessenger({ toast: vi.fn(), notify: vi.fn() });
  afterEach(restoreMessenger);
});

afterEach(() => {
  cleanup();
  clearRequestCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('vendor id formats (mirroring the server)', () => {
  it.each([
    ['BVN', '12345678901', true],
    ['BVN', '1234567890', false],
    ['NIN', '1234567890a', false],
    ['KE_NATIONAL_ID', '1234567', true],
    ['KE_NATIONAL_ID', '123456789', false],
    ['GHANA_CARD', 'gha-123456789-0', true],
    ['GHANA_CARD', 'GHA-12345678-0', false],
  ] as const)('%s %s → %s', (type, value, valid) => {
    expect(isValidIdNumber(type, value)).toBe(valid);
  });
});

describe('VendorScreen (spec §2 /auth/vendor)', () => {
  it('checks the number format and the selfie before calling the vendor', async () => {
    const fetch = stubFetch(() => ok(ALLOW));
    renderScreen();
    await fillForm('123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('This number does not have the expected format.')).toBeTruthy();
    expect(screen.getByText('Please take or upload a selfie.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('vendor-token, then vendor-verify with an Idempotency-Key reused on retry; then under review', async () => {
    const requests = stubXhr();
    const fetch = stubFetch(
      () => ok(ALLOW),
      () => ok(TOKEN),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => ok({ submissionId: 11, level: 1, status: 'PENDING' }),
    );
    renderScreen();
    await fillForm('1234 5678 901');
    // NIN is offered for Nigeria too.
    expect(screen.getByRole('radio', { name: 'National Identification Number (NIN)' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('capture-file-selfie'), {
      target: { files: [new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' })] },
    });
    requests[0]?.respond(200, envelope(uploadResult('selfie', 5)));
    await screen.findByText('Uploaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Network error.');

    expect(fetchCall(fetch, 1).url).toBe('/v3/private/kyc/vendor-token');
    expect(JSON.parse(String(fetchCall(fetch, 1).init.body))).toEqual({ level: 1, idType: 'BVN' });
    const verify = fetchCall(fetch, 2);
    expect(verify.url).toBe('/v3/private/kyc/vendor-verify');
    expect(JSON.parse(String(verify.init.body))).toEqual({
      token: 'vt-1',
      idType: 'BVN',
      idNumber: '12345678901',
      firstName: 'Ada',
      lastName: 'Obi',
      dateOfBirth: '1990-04-02',
      selfieDocumentId: uploadResult('selfie', 5).documentId,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Submit again' }));
    expect(await screen.findByText(/Your details were sent for verification/)).toBeTruthy();
    const retry = fetchCall(fetch, 3);
    expect(retry.url).toBe('/v3/private/kyc/vendor-verify');
    const key = new Headers(verify.init.headers).get('idempotency-key');
    expect(key).toBeTruthy();
    expect(new Headers(retry.init.headers).get('idempotency-key')).toBe(key);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('spec §4: a verified level 1 cannot be started again', async () => {
    stubFetch(() => ok(info()));
    renderScreen();
    expect(await screen.findByText('Your identity is verified for this level.')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
