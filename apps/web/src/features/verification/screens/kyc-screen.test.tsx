// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { CountryEntry } from '@kyc/contracts';
import { clearRequestCache } from '../../../lib/http';
import { registerMessenger } from '../../../lib/messages/messenger';
import { MemoryRouter, useLocation } from '../../../lib/router';
import { createAppStore } from '../../../lib/store/create-store';
import { setUserInfo } from '../../../lib/store/global-slice';
import { envelope, stubMediaDevices, uploadResult } from '../../../test/capture';
import { fetchCall, ok, stubFetch } from '../../../test/fetch';
import { createTestI18n } from '../../../test/i18n';
import { kycStateEntry as entry, kycInfoFixture as info } from '../../../test/kyc-info';
import { stubXhr, type FakeXhrControl } from '../../../test/xhr';
import KycScreen from './kyc-screen';

const COUNTRIES: CountryEntry[] = [
  {
    code: 'DE',
    nameKey: 'country.DE',
    alpha3: 'DEU',
    state: 'offered',
    closedReason: '',
    isDisabled: false,
    documentTypes: ['ID_CARD', 'PASSPORT'],
  },
  {
    code: 'GB',
    nameKey: 'country.GB',
    alpha3: 'GBR',
    state: 'offered',
    closedReason: '',
    isDisabled: false,
    documentTypes: ['PASSPORT', 'DRIVERS'],
  },
  {
    code: 'IR',
    nameKey: 'country.IR',
    alpha3: 'IRN',
    state: 'closed',
    closedReason: 'SANCTIONS',
    isDisabled: true,
    documentTypes: ['PASSPORT'],
  },
];

const NEW_USER = info({
  applicant: { country: '', firstname: '', lastname: '', level: 0, identifies: [] },
  residenceCountry: '',
  state: [entry(1, 'ALLOW'), entry(2, 'NOT_ALLOW')],
});

function Probe() {
  const location = useLocation();
  return <span data-testid="location">{location.pathname}</span>;
}

function renderScreen(path = '/en/auth/kyc?level=1') {
  const store = createAppStore();
  store.dispatch(setUserInfo({ id: 1001, email: 'l***@demo.test' }));
  render(
    <Provider store={store}>
      <I18nextProvider i18n={createTestI18n({ '50016': 'Network error.' })}>
        <MemoryRouter initialEntries={[path]}>
          <KycScreen />
          <Probe />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
}

/** Uploads a file on the capture step shown and answers the upload. */
async function uploadOn(requests: FakeXhrControl[], side: 'front' | 'back' | 'selfie' | 'poa', n: number) {
  const file =
    side === 'poa'
      ? new File(['%PDF-1.7'], 'bill.pdf', { type: 'application/pdf' })
      : new File(['jpeg'], `${side}.jpg`, { type: 'image/jpeg' });
  fireEvent.change(screen.getByTestId(`capture-file-${side}`), { target: { files: [file] } });
  requests[requests.length - 1]?.respond(200, envelope(uploadResult(side, n)));
  await screen.findByText('Uploaded.');
}

async function next() {
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

const DETAILS = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10' };
const detailsSaved = () => ok({ ...DETAILS, residenceCountry: '', country: '', editable: true });

/** The details step: the name and date of birth as on the document, then Continue (stored first). */
async function enterDetails() {
  await userEvent.type(await screen.findByLabelText('First name(s)'), DETAILS.firstName);
  await userEvent.type(screen.getByLabelText('Last name'), DETAILS.lastName);
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: DETAILS.dateOfBirth } });
  await next();
}

/** The document step's number (D125); a passport's issuing country is offered as the nationality. */
async function enterDocument() {
  await userEvent.type(screen.getByLabelText('Document number'), 'c01x00t47');
  await next();
}

/** The consent step (issue 10): Continue stays disabled until both boxes are ticked. */
async function giveConsent() {
  expect(currentStep()).toContain('Consent and declaration');
  expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
  await userEvent.click(screen.getByRole('checkbox', { name: /I consent to the processing/ }));
  expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
  await userEvent.click(screen.getByRole('checkbox', { name: /I declare that the information/ }));
  await next();
}

const CONSENT = { privacy: true, declaration: true, version: '1', language: 'en' };

function currentStep(): string {
  return document.querySelector('[aria-current="step"]')?.textContent ?? '';
}

beforeEach(() => {
  stubMediaDevices(undefined);
  const restoreMessenger = registerMessenger({ toast: vi.fn(), notify: vi.fn() });
  afterEach(restoreMessenger);
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  clearRequestCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('KycScreen (spec §2 /auth/kyc)', () => {
  it('level 1 PASSPORT: country → type → front → selfie → review (no back), then submit', async () => {
    const requests = stubXhr();
    const fetch = stubFetch(
      () => ok(NEW_USER),
      () => ok({ list: COUNTRIES }),
      detailsSaved,
      () => ok({ country: 'DE', documentTypes: ['ID_CARD', 'PASSPORT'] }),
      () => ok({ submissionId: 7, level: 1, status: 'PENDING' }),
    );
    renderScreen();
    const country = await screen.findByRole('combobox', { name: 'Country that issued your document' });
    expect(screen.getByText('Step 1 of 8')).toBeTruthy();
    // A closed country is listed in its own group; choosing it says why, and the flow stops there.
    const closedGroup = screen.getByRole('group', { name: 'Not available for verification' });
    expect(within(closedGroup).getByRole('option', { name: 'Iran' })).toBeTruthy();
    await userEvent.selectOptions(country, 'IR');
    expect(screen.getByRole('alert').textContent).toContain(
      'Identity verification is not available for Iran.',
    );
    expect(screen.getByRole('alert').textContent).toContain('comprehensive international sanctions');
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
    await userEvent.selectOptions(country, 'DE');
    expect(screen.queryByRole('alert')).toBeNull();
    await next();

    // The details are checked before anything is sent, then stored.
    expect(currentStep()).toContain('Your details');
    await next();
    expect(screen.getAllByText('This field is required.')).toHaveLength(3);
    await enterDetails();
    // The next step appears once the details are stored and the country's documents are read.
    const passport = await screen.findByRole('radio', { name: 'Passport' });
    expect(fetchCall(fetch, 2).url).toBe('/v3/private/kyc/kyc-personal-info');
    expect(JSON.parse(String(fetchCall(fetch, 2).init.body))).toEqual(DETAILS);
    expect(fetchCall(fetch, 3).url).toBe('/v3/private/kyc/supported-document-type');
    expect(JSON.parse(String(fetchCall(fetch, 3).init.body))).toEqual({ country: 'DE' });
    await userEvent.click(passport);
    expect(screen.getByText('Step 3 of 7')).toBeTruthy();
    expect(currentStep()).toContain('Your document');
    // D125: a passport's country is offered as the nationality; the number is required and checked.
    expect((screen.getByLabelText('Nationality') as HTMLSelectElement).value).toBe('DE');
    await next();
    expect(screen.getByText('Enter the document number.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Document number'), 'C01 X00');
    await next();
    expect(
      screen.getByText('Use only the letters A to Z, digits and hyphens, no spaces, at most 20 characters.'),
    ).toBeTruthy();
    expect(currentStep()).toContain('Your document');
    await userEvent.clear(screen.getByLabelText('Document number'));
    await userEvent.type(screen.getByLabelText('Document number'), ' c01x00t47 ');
    await next();

    expect(currentStep()).toContain('Front of the document');
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
    await uploadOn(requests, 'front', 1);
    await next();
    expect(screen.getByText('Step 5 of 7')).toBeTruthy();
    expect(currentStep()).toContain('Selfie');
    await uploadOn(requests, 'selfie', 2);
    await next();
    await giveConsent();

    expect(screen.getByText('Step 7 of 7')).toBeTruthy();
    expect(screen.getByText('Given')).toBeTruthy();
    expect(screen.queryByText('Back of the document')).toBeNull();
    // The issuing country and the nationality.
    expect(screen.getAllByText('Germany')).toHaveLength(2);
    expect(screen.getByText('C01X00T47')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getAllByText('Passport').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));

    expect(await screen.findByText(/Your documents are under review/)).toBeTruthy();
    const submit = fetchCall(fetch, 4);
    expect(submit.url).toBe('/v3/private/kyc/submit');
    expect(JSON.parse(String(submit.init.body))).toEqual({
      level: 1,
      country: 'DE',
      documentType: 'PASSPORT',
      documentIds: [uploadResult('front', 1).documentId, uploadResult('selfie', 2).documentId],
      consent: CONSENT,
      nationality: 'DE',
      documentNumber: 'C01X00T47',
    });
    expect(new Headers(submit.init.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);

    // spec §2: after the step, the default page.
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('location').textContent).toBe('/en/auth/personal');
  });

  it('an ID card needs the back; a retry after a network error reuses the Idempotency-Key', async () => {
    const requests = stubXhr();
    const fetch = stubFetch(
      () =>
        ok(
          info({
            applicant: { country: 'DE', firstname: '', lastname: '', level: 0, identifies: [] },
            state: [entry(1, 'FAILED_AND_CAN_RETRY', 'Blurred'), entry(2, 'NOT_ALLOW')],
          }),
        ),
      () => ok({ list: COUNTRIES }),
      detailsSaved,
      () => ok({ country: 'DE', documentTypes: ['ID_CARD', 'PASSPORT'] }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => ok({ submissionId: 8, level: 1, status: 'PENDING' }),
    );
    renderScreen();
    // The applicant's country is preselected.
    const country = await screen.findByRole('combobox', { name: 'Country that issued your document' });
    expect((country as HTMLSelectElement).value).toBe('DE');
    await next();
    await enterDetails();
    await userEvent.click(await screen.findByRole('radio', { name: 'National ID card' }));
    // Not a passport: the nationality is the person's to choose.
    expect((screen.getByLabelText('Nationality') as HTMLSelectElement).value).toBe('');
    await userEvent.type(screen.getByLabelText('Document number'), 'T22000129');
    await next();
    expect(screen.getByText('Choose your nationality.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Nationality'), 'FR');
    await next();
    await uploadOn(requests, 'front', 1);
    await next();
    expect(currentStep()).toContain('Back of the document');
    expect(screen.getByText('Step 5 of 8')).toBeTruthy();
    await uploadOn(requests, 'back', 2);
    await next();
    await uploadOn(requests, 'selfie', 3);
    await next();
    await giveConsent();
    await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Network error.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit again' }));
    expect(await screen.findByText(/Your documents are under review/)).toBeTruthy();

    const first = new Headers(fetchCall(fetch, 4).init.headers).get('idempotency-key');
    const second = new Headers(fetchCall(fetch, 5).init.headers).get('idempotency-key');
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    expect(JSON.parse(String(fetchCall(fetch, 5).init.body))).toMatchObject({
      documentIds: expect.arrayContaining([expect.any(String)]) as unknown,
      nationality: 'FR',
      documentNumber: 'T22000129',
    });
    expect(JSON.parse(String(fetchCall(fetch, 5).init.body)).documentIds).toHaveLength(3);
  });

  it('going back and changing the document makes a new attempt with a new key', async () => {
    const requests = stubXhr();
    const fetch = stubFetch(
      () => ok(NEW_USER),
      () => ok({ list: COUNTRIES }),
      detailsSaved,
      () => ok({ country: 'DE', documentTypes: ['ID_CARD', 'PASSPORT'] }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => ok({ submissionId: 9, level: 1, status: 'PENDING' }),
    );
    renderScreen();
    await userEvent.selectOptions(await screen.findByRole('combobox'), 'DE');
    await next();
    await enterDetails();
    await userEvent.click(await screen.findByRole('radio', { name: 'Passport' }));
    await enterDocument();
    await uploadOn(requests, 'front', 1);
    await next();
    await uploadOn(requests, 'selfie', 2);
    await next();
    await giveConsent();
    await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    await screen.findByRole('alert');
    // Back to the selfie (past the consent, which stays given; a chosen file, so "Choose another file").
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose another file: Selfie' }));
    await uploadOn(requests, 'selfie', 3);
    await next();
    await next();
    await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    await screen.findByText(/Your documents are under review/);
    const first = new Headers(fetchCall(fetch, 4).init.headers).get('idempotency-key');
    const second = new Headers(fetchCall(fetch, 5).init.headers).get('idempotency-key');
    expect(second).not.toBe(first);
  });

  it('level 2: the residence address, then the proof of address (PDF) filed under the verified identity', async () => {
    const requests = stubXhr();
    const answers: Record<string, () => Response | Promise<Response>> = {
      '/v3/private/kyc/kyc-info': () => ok(info()),
      '/v2/public/country-list': () => ok({ list: COUNTRIES }),
      '/v3/private/kyc/supported-document-type': () =>
        ok({ country: 'DE', documentTypes: ['ID_CARD', 'PASSPORT'] }),
      '/v3/private/kyc/submit': () => ok({ submissionId: 10, level: 2, status: 'PENDING' }),
    };
    const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      const answer = answers[new URL(String(input), 'http://localhost').pathname];
      if (!answer) throw new Error(`unexpected fetch ${String(input)}`);
      return answer();
    });
    vi.stubGlobal('fetch', fetch);
    renderScreen('/en/auth/kyc?level=2');
    const country = await screen.findByRole('combobox', { name: 'Country of residence' });
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    // Checked before the proof of address is asked for.
    await userEvent.selectOptions(country, 'DE');
    await next();
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('Street and number'), 'Unter den Linden 1');
    await userEvent.type(screen.getByLabelText('City'), 'Berlin');
    await userEvent.type(screen.getByLabelText('Postal code (optional)'), '10117');
    await next();

    await screen.findByRole('region', { name: 'Proof of address' });
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    await uploadOn(requests, 'poa', 4);
    await next();
    expect(screen.getByText(/Unter den Linden 1, 10117, Berlin/)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit for review' }).hasAttribute('disabled')).toBe(false),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    await screen.findByText(/Your documents are under review/);
    const submit = fetch.mock.calls.find(([url]) => String(url).endsWith('/submit'));
    expect(JSON.parse(String((submit?.[1] as RequestInit | undefined)?.body))).toEqual({
      level: 2,
      country: 'DE',
      documentType: 'ID_CARD',
      documentIds: [uploadResult('poa', 4).documentId],
      residence: { country: 'DE', line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117' },
    });
  });

  it('when the page is reloaded mid-flow, then the step and answers come back (not the files); after the submission the draft is gone', async () => {
    stubXhr();
    stubFetch(
      () => ok(NEW_USER),
      () => ok({ list: COUNTRIES }),
      detailsSaved,
      () => ok({ country: 'DE', documentTypes: ['ID_CARD', 'PASSPORT'] }),
    );
    renderScreen();
    await userEvent.selectOptions(await screen.findByRole('combobox'), 'DE');
    await next();
    await enterDetails();
    await userEvent.click(await screen.findByRole('radio', { name: 'Passport' }));
    await enterDocument();
    expect(currentStep()).toContain('Front of the document');
    cleanup();
    clearRequestCache();

    // The reload: a new page with the same tab's sessionStorage.
    stubFetch(
      () => ok(NEW_USER),
      () => ok({ list: COUNTRIES }),
      () => ok({ country: 'DE', documentTypes: ['ID_CARD', 'PASSPORT'] }),
    );
    renderScreen();
    await screen.findByRole('region', { name: 'Front of the document' });
    expect(screen.getByText('Step 4 of 7')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(((await screen.findByRole('radio', { name: 'Passport' })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Nationality') as HTMLSelectElement).value).toBe('DE');
    expect((screen.getByLabelText('Document number') as HTMLInputElement).value).toBe('c01x00t47');
    const stored = Object.keys(window.sessionStorage).find((k) => k.startsWith('kyc-capture-draft:'));
    expect(stored).toBeTruthy();
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.getItem(stored ?? '')).not.toMatch(/jpeg|base64/);
  });

  it('spec §4: a level under review is not startable: why, and a link back to /auth/personal', async () => {
    stubFetch(() => ok(info({ state: [entry(1, 'PENDING'), entry(2, 'NOT_ALLOW')] })));
    renderScreen();
    expect(await screen.findByText(/We are reviewing your submission/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Under review' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to identity verification' }).getAttribute('href')).toBe(
      '/en/auth/personal',
    );
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('spec §4: level 2 is locked until level 1 is verified', async () => {
    stubFetch(() => ok(NEW_USER));
    renderScreen('/en/auth/kyc?level=2');
    expect(await screen.findByText('Complete step 1 first to unlock this step.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: "Verification can't be started" })).toBeTruthy();
  });
});
