// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { clearRequestCache, setStepUpHandler } from '../../../lib/http';
import { registerMessenger } from '../../../lib/messages/messenger';
import { MemoryRouter } from '../../../lib/router';
import { setTelemetryReporter } from '../../../lib/telemetry/telemetry';
import { fail, fetchCall, ok, stubFetch } from '../../../test/fetch';
import { createTestI18n } from '../../../test/i18n';
import { kycStateEntry as entry, kycInfoFixture as info } from '../../../test/kyc-info';
import type { DocumentCaptureProps } from '../capture/document-capture';
import UpdatekycScreen from './updatekyc-screen';

// The capture (camera, upload-document) has its own tests; here a button stands in for an upload.
vi.mock('../capture/document-capture', () => ({
  DocumentCapture: ({ side, label, onUploaded, onCleared }: DocumentCaptureProps) => (
    <div>
      <button
        type="button"
        onClick={() =>
          onUploaded(
            { documentId: `${side}`.padEnd(32, '0'), side, mime: 'image/jpeg', size: 1, sha256: '' },
            new Blob(),
          )
        }
      >
        {`Upload ${label}`}
      </button>
      <button type="button" onClick={() => onCleared?.()}>
        {`Clear ${label}`}
      </button>
    </div>
  ),
}));

const toast = vi.fn();
const restore: Array<() => void> = [];

const COUNTRIES = {
  list: [
    { code: 'DE', nameKey: 'country.DE', isDisabled: false, documentTypes: ['ID_CARD', 'PASSPORT'] },
    { code: 'FR', nameKey: 'country.FR', isDisabled: false, documentTypes: ['PASSPORT'] },
    { code: 'KP', nameKey: 'country.KP', isDisabled: true, documentTypes: ['PASSPORT'] },
  ],
};

function renderScreen() {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <MemoryRouter initialEntries={['/en/auth/updatekyc']}>
        <UpdatekycScreen />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

async function form() {
  await screen.findByRole('region', { name: 'Your new document' });
  return screen;
}

function fillDetails(birth = '1990-05-01', expiry = '2035-01-31') {
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: birth } });
  fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: expiry } });
}

async function uploadAll(labels = ['Front of the document', 'Back of the document', 'Selfie']) {
  for (const label of labels) await userEvent.click(screen.getByRole('button', { name: `Upload ${label}` }));
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
const bodyOf = (fetch: ReturnType<typeof stubFetch>, n: number) =>
  JSON.parse(String(fetchCall(fetch, n).init.body)) as Record<string, unknown>;
const keyOf = (fetch: ReturnType<typeof stubFetch>, n: number) =>
  new Headers(fetchCall(fetch, n).init.headers).get('idempotency-key');

// Issue 15: the security-verification dialog is the app shell's; here it answers a token at once.
const stepUp = vi.fn(async (_scene: number) => 'risk-token-of-the-test');
let dropStepUp: () => void = () => undefined;
afterEach(() => dropStepUp());

beforeEach(() => {
  stepUp.mockClear();
  dropStepUp = setStepUpHandler(stepUp);
  toast.mockReset();
  restore.push(
    registerMessenger({ toast, notify: vi.fn() }),
    setTelemetryReporter(() => undefined),
  );
});

afterEach(() => {
  cleanup();
  while (restore.length) restore.pop()?.();
  clearRequestCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('UpdatekycScreen (spec §2 updatekyc, §8 update-id errors)', () => {
  it.each([
    ['level 1 not verified', [entry(1, 'ALLOW'), entry(2, 'NOT_ALLOW')], /once your identity is verified/],
    ['level 1 under review', [entry(1, 'PENDING'), entry(2, 'NOT_ALLOW')], /under review\. You can update/],
    [
      'level 1 rejected',
      [entry(1, 'FAILED_AND_CAN_RETRY', 'Blur'), entry(2, 'NOT_ALLOW')],
      /once your identity is verified/,
    ],
  ])('%s: explains why there is no form', async (_name, state, text) => {
    const fetch = stubFetch(() => ok(info({ state })));
    renderScreen();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('offers the open countries by name, preselects the verified identity’s country and its types', async () => {
    stubFetch(
      () => ok(info()),
      () => ok(COUNTRIES),
    );
    renderScreen();
    await form();
    const country = screen.getByLabelText('Issuing country') as HTMLSelectElement;
    expect(country.value).toBe('DE');
    expect(
      within(country)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['France', 'Germany']);
    const type = screen.getByLabelText('Document type') as HTMLSelectElement;
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['National ID card', 'Passport']);
    expect((screen.getByLabelText('First name(s)') as HTMLInputElement).value).toBe('Lena');
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Schmidt');
  });

  it('validates before sending: required fields, an expired document, a birth date in the future, photos', async () => {
    const fetch = stubFetch(
      () => ok(info()),
      () => ok(COUNTRIES),
    );
    renderScreen();
    await form();
    await userEvent.clear(screen.getByLabelText('First name(s)'));
    await submit();
    expect(screen.getAllByText('This field is required.')).toHaveLength(3);
    expect(screen.getAllByText('Please add this photo.')).toHaveLength(3);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First name(s)')));

    fillDetails('2999-01-01', '2001-01-01');
    await submit();
    expect(screen.getByText('The date of birth must be in the past.')).toBeTruthy();
    expect(screen.getByText('This document has expired. Use a document that is still valid.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('submits update-id with the document, names, dates and photo ids, an Idempotency-Key, then shows the review', async () => {
    const fetch = stubFetch(
      () => ok(info()),
      () => ok(COUNTRIES),
      () => ok({ submissionId: 7, status: 'PENDING' }),
    );
    renderScreen();
    await form();
    fillDetails();
    await uploadAll();
    await submit();
    expect(await screen.findByRole('region', { name: 'Your new document is under review' })).toBeTruthy();
    expect(fetchCall(fetch, 2).url).toBe('/v3/private/kyc/update-id');
    expect(bodyOf(fetch, 2)).toEqual({
      documentType: 'ID_CARD',
      country: 'DE',
      documentIds: ['front'.padEnd(32, '0'), 'back'.padEnd(32, '0'), 'selfie'.padEnd(32, '0')],
      firstName: 'Lena',
      lastName: 'Schmidt',
      dateOfBirth: '1990-05-01',
      expiryDate: '2035-01-31',
    });
    expect(keyOf(fetch, 2)).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
    expect(stepUp).toHaveBeenCalledWith(70029);
    expect(new Headers(fetchCall(fetch, 2).init.headers).get('x-risk-token')).toBe('risk-token-of-the-test');
  });

  it('a passport needs no back: front and selfie only; another country keeps a type it issues', async () => {
    const fetch = stubFetch(
      () => ok(info()),
      () => ok(COUNTRIES),
      () => ok({ submissionId: 8, status: 'PENDING' }),
    );
    renderScreen();
    await form();
    await userEvent.selectOptions(screen.getByLabelText('Issuing country'), 'FR');
    expect((screen.getByLabelText('Document type') as HTMLSelectElement).value).toBe('PASSPORT');
    expect(screen.queryByRole('button', { name: 'Upload Back of the document' })).toBeNull();
    fillDetails();
    await uploadAll(['Front of the document', 'Selfie']);
    await submit();
    await screen.findByRole('region', { name: 'Your new document is under review' });
    expect(bodyOf(fetch, 2)).toMatchObject({
      documentType: 'PASSPORT',
      country: 'FR',
      documentIds: ['front'.padEnd(32, '0'), 'selfie'.padEnd(32, '0')],
    });
  });

  it.each([
    [1045, /not verified yet/],
    [1046, /already under review/],
    [1047, /This document has expired\. Please submit/],
    [1048, /name on the document does not match/],
    [1049, /date of birth does not match/],
    [1050, /same country as your verified identity/],
    [1051, /today's limit of ID update attempts/],
    [1052, /same country as your verified identity/],
    [1053, /same country as your verified identity/],
    [1062, /already under review/],
  ])('ret_code %i is explained inline with its updateIDError text, not as a toast', async (code, text) => {
    stubFetch(
      () => ok(info()),
      () => ok(COUNTRIES),
      () => fail(code, 'refused'),
    );
    renderScreen();
    await form();
    fillDetails();
    await uploadAll();
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(text);
    expect(toast).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Submit for review' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('keeps the Idempotency-Key when a retry follows a network failure, and takes a new one after a refusal', async () => {
    const fetch = stubFetch(
      () => ok(info()),
      () => ok(COUNTRIES),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => fail(1048, 'name differs'),
      () => ok({ submissionId: 9, status: 'PENDING' }),
    );
    renderScreen();
    await form();
    fillDetails();
    await uploadAll();
    await submit();
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1));
    await submit();
    await screen.findByRole('alert');
    await userEvent.clear(screen.getByLabelText('First name(s)'));
    await userEvent.type(screen.getByLabelText('First name(s)'), 'Lena Maria');
    await submit();
    await screen.findByRole('region', { name: 'Your new document is under review' });
    expect(keyOf(fetch, 3)).toBe(keyOf(fetch, 2));
    expect(keyOf(fetch, 4)).not.toBe(keyOf(fetch, 3));
    expect(bodyOf(fetch, 4)).toMatchObject({ firstName: 'Lena Maria' });
  });

  it('a cleared photo must be added again', async () => {
    const fetch = stubFetch(
      () => ok(info()),
      () => ok(COUNTRIES),
    );
    renderScreen();
    await form();
    fillDetails();
    await uploadAll();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Selfie' }));
    await submit();
    expect(screen.getAllByText('Please add this photo.')).toHaveLength(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
