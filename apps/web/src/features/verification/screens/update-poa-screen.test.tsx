// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { KycInfo } from '@kyc/contracts';
import { clearRequestCache } from '../../../lib/http';
import { registerMessenger } from '../../../lib/messages/messenger';
import { MemoryRouter } from '../../../lib/router';
import { setTelemetryReporter } from '../../../lib/telemetry/telemetry';
import { fail, fetchCall, ok, stubFetch } from '../../../test/fetch';
import { createTestI18n } from '../../../test/i18n';
import { kycStateEntry as entry, kycInfoFixture as info } from '../../../test/kyc-info';
import type { DocumentCaptureProps } from '../capture/document-capture';
import UpdatePoaScreen from './update-poa-screen';

const captureProps = vi.fn<(props: DocumentCaptureProps) => void>();

// The capture (camera, upload-document) has its own tests; here a button stands in for an upload.
vi.mock('../capture/document-capture', () => ({
  DocumentCapture: (props: DocumentCaptureProps) => {
    captureProps(props);
    return (
      <button
        type="button"
        onClick={() =>
          props.onUploaded(
            { documentId: 'a'.repeat(32), side: props.side, mime: 'application/pdf', size: 1, sha256: '' },
            new Blob(),
          )
        }
      >
        {`Upload ${props.label}`}
      </button>
    );
  },
}));

const toast = vi.fn();
const restore: Array<() => void> = [];
const VERIFIED = [entry(1, 'SUCCESS'), entry(2, 'SUCCESS')];

function verifiedInfo(hkg = false): KycInfo {
  const base = info({ state: VERIFIED });
  return { ...base, displayControl: { ...base.displayControl, displayHkgPoaAgreement: hkg } };
}

function renderScreen() {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <MemoryRouter initialEntries={['/en/auth/updatePOA']}>
        <UpdatePoaScreen />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
const upload = async () =>
  userEvent.click(await screen.findByRole('button', { name: 'Upload Proof of address' }));
const AGREE = 'I have read and agree to the declaration above.';

beforeEach(() => {
  toast.mockReset();
  captureProps.mockReset();
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

describe('UpdatePoaScreen (spec §2 updatePOA, displayControl.displayHkgPoaAgreement)', () => {
  it.each([
    [
      'level 2 not verified',
      [entry(1, 'SUCCESS'), entry(2, 'ALLOW')],
      /once step 2 \(proof of address\) is verified/,
    ],
    ['level 2 under review', [entry(1, 'SUCCESS'), entry(2, 'PENDING')], /under review\. You can update it/],
  ])('%s: explains why there is no form', async (_name, state, text) => {
    const fetch = stubFetch(() => ok(info({ state })));
    renderScreen();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('takes a PDF, JPEG or PNG proof of address (side poa) and submits update-poa with an Idempotency-Key', async () => {
    const fetch = stubFetch(
      () => ok(verifiedInfo()),
      () => ok({ submissionId: 3, status: 'PENDING' }),
    );
    renderScreen();
    await upload();
    expect(captureProps).toHaveBeenLastCalledWith(
      expect.objectContaining({ side: 'poa', accept: 'application/pdf,image/jpeg,image/png' }),
    );
    expect(screen.queryByText(AGREE)).toBeNull();
    await submit();
    expect(await screen.findByRole('region', { name: 'Your proof of address is under review' })).toBeTruthy();
    const { url, init } = fetchCall(fetch, 1);
    expect(url).toBe('/v3/private/kyc/update-poa');
    expect(JSON.parse(String(init.body))).toEqual({ documentIds: ['a'.repeat(32)] });
    expect(new Headers(init.headers).get('idempotency-key')).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
  });

  it('without a document nothing is sent', async () => {
    const fetch = stubFetch(() => ok(verifiedInfo()));
    renderScreen();
    await screen.findByRole('button', { name: 'Upload Proof of address' });
    await submit();
    const message = screen.getByText('Please add your proof of address.');
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('Hong Kong site: the declaration must be accepted before update-poa, which then carries hkgPoaAgreement', async () => {
    const fetch = stubFetch(
      () => ok(verifiedInfo(true)),
      () => ok({ submissionId: 4, status: 'PENDING' }),
    );
    renderScreen();
    await upload();
    expect(screen.getByRole('region', { name: 'Hong Kong proof of address declaration' })).toBeTruthy();
    expect(screen.getByText(/current residential address in Hong Kong/)).toBeTruthy();
    await submit();
    expect(screen.getByText('Please accept the declaration to continue.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: AGREE })));
    expect(fetch).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('checkbox', { name: AGREE }));
    expect(screen.queryByText('Please accept the declaration to continue.')).toBeNull();
    await submit();
    await screen.findByRole('region', { name: 'Your proof of address is under review' });
    expect(JSON.parse(String(fetchCall(fetch, 1).init.body))).toEqual({
      documentIds: ['a'.repeat(32)],
      hkgPoaAgreement: true,
    });
  });

  it('a refusal (30001) is explained inline, not as a toast', async () => {
    stubFetch(
      () => ok(verifiedInfo()),
      () => fail(30001, 'illegal transition'),
    );
    renderScreen();
    await upload();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toMatch(/cannot be updated in the current state/);
    expect(toast).not.toHaveBeenCalled();
  });

  it('another failure gets the standard report and the same Idempotency-Key on the retry', async () => {
    const fetch = stubFetch(
      () => ok(verifiedInfo()),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => ok({ submissionId: 5, status: 'PENDING' }),
    );
    renderScreen();
    await upload();
    await submit();
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1));
    await submit();
    await screen.findByRole('region', { name: 'Your proof of address is under review' });
    const key = (n: number) => new Headers(fetchCall(fetch, n).init.headers).get('idempotency-key');
    expect(key(2)).toBe(key(1));
  });
});
