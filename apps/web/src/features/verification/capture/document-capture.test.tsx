// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { registerMessenger } from '../../../lib/messages/messenger';
import {
  envelope,
  fakeStream,
  stubMediaDevices,
  stubVideoAndCanvas,
  uploadResult,
} from '../../../test/capture';
import { createTestI18n } from '../../../test/i18n';
import { stubXhr } from '../../../test/xhr';
import { DocumentCapture, type DocumentCaptureProps } from './document-capture';

const restore: Array<() => void> = [];

function renderCapture(props: Partial<DocumentCaptureProps> = {}) {
  const onUploaded = vi.fn();
  const onCleared = vi.fn();
  render(
    <I18nextProvider
      i18n={createTestI18n({ '40006': 'The photo is too small.', '10016': 'The server had a problem.' })}
    >
      <DocumentCapture
        side="front"
        label="Front of the document"
        hint="Place the whole document inside the frame."
        onUploaded={onUploaded}
        onCleared={onCleared}
        {...props}
      />
    </I18nextProvider>,
  );
  return { onUploaded, onCleared };
}

function fileInput(side = 'front'): HTMLInputElement {
  return screen.getByTestId(`capture-file-${side}`);
}

function choose(file: File, side = 'front') {
  fireEvent.change(fileInput(side), { target: { files: [file] } });
}

const photo = () => new File(['jpeg'], 'front.jpg', { type: 'image/jpeg' });

beforeEach(() => {
  restore.push(registerMessenger({ toast: vi.fn(), notify: vi.fn() }));
});

afterEach(() => {
  cleanup();
  while (restore.length) restore.pop()?.();
  stubMediaDevices(undefined);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DocumentCapture', () => {
  it('without getUserMedia: explains why and offers only the file upload', () => {
    stubMediaDevices(undefined);
    renderCapture();
    expect(screen.getByRole('region', { name: 'Front of the document' })).toBeTruthy();
    expect(screen.getByText(/This browser cannot use a camera on this page/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take a photo' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload a file' })).toBeTruthy();
    expect(fileInput().accept).toBe('image/jpeg,image/png');
  });

  it('a chosen file uploads with a real progress bar, then reports the result', async () => {
    stubMediaDevices(undefined);
    const requests = stubXhr();
    const { onUploaded } = renderCapture();
    const file = photo();
    choose(file);
    const bar = screen.getByRole('progressbar', { name: 'Upload of Front of the document' });
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    const sent = requests[0]?.call.body as FormData;
    expect(sent.get('side')).toBe('front');
    expect((sent.get('file') as File).name).toBe('front.jpg');
    requests[0]?.progress(40, 100);
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    requests[0]?.progress(100, 100);
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('100'));
    requests[0]?.respond(200, envelope(uploadResult('front')));
    expect(await screen.findByText('Uploaded.')).toBeTruthy();
    expect(onUploaded).toHaveBeenCalledWith(uploadResult('front'), file);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('issue 10: a photo the server refuses (40006, too small) shows the translated reason and offers a retake at once, not a resend', async () => {
    stubMediaDevices(undefined);
    const requests = stubXhr();
    const { onUploaded } = renderCapture();
    choose(photo());
    requests[0]?.respond(200, envelope(null, 40006, 'too small'));
    expect((await screen.findByRole('alert')).textContent).toBe('The photo is too small.');
    expect(onUploaded).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload a file' })).toBeTruthy();
    choose(photo());
    expect(requests).toHaveLength(2);
    requests[1]?.respond(200, envelope(uploadResult('front')));
    expect(await screen.findByText('Uploaded.')).toBeTruthy();
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });

  it('spec §8: a failure that is not the file (10016) is shown inline with its translation; Try again re-sends the same file', async () => {
    stubMediaDevices(undefined);
    const requests = stubXhr();
    const { onUploaded } = renderCapture();
    choose(photo());
    requests[0]?.respond(200, envelope(null, 10016, 'server error'));
    expect((await screen.findByRole('alert')).textContent).toBe('The server had a problem.');
    expect(onUploaded).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(requests).toHaveLength(2);
    expect(((requests[1]?.call.body as FormData).get('file') as File).name).toBe('front.jpg');
    requests[1]?.respond(200, envelope(uploadResult('front')));
    expect(await screen.findByText('Uploaded.')).toBeTruthy();
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });

  it('refuses a wrong type or a file over 10 MB before uploading', () => {
    stubMediaDevices(undefined);
    const requests = stubXhr();
    renderCapture();
    choose(new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toMatch(/choose a JPEG or PNG photo/);
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    choose(big);
    expect(screen.getByRole('alert').textContent).toMatch(/larger than 10 MB/);
    expect(requests).toHaveLength(0);
    // The choice is offered again.
    expect(screen.getByRole('button', { name: 'Upload a file' })).toBeTruthy();
  });

  it('a proof of address accepts a PDF', async () => {
    stubMediaDevices(undefined);
    const requests = stubXhr();
    renderCapture({ side: 'poa', label: 'Proof of address' });
    expect(fileInput('poa').accept).toBe('image/jpeg,image/png,application/pdf');
    choose(new File(['%PDF-1.7'], 'bill.pdf', { type: 'application/pdf' }), 'poa');
    expect(screen.getByText('PDF document: bill.pdf')).toBeTruthy();
    requests[0]?.respond(200, envelope(uploadResult('poa')));
    expect(await screen.findByText('Uploaded.')).toBeTruthy();
    // A PDF was never a camera capture: it is replaced, not retaken.
    expect(screen.queryByRole('button', { name: /Retake/ })).toBeNull();
    expect(screen.getByRole('button', { name: /^Choose another file: / }).textContent).toBe(
      'Choose another file',
    );
  });

  it('with a camera: preview with a framing guide, capture to JPEG, camera off, upload', async () => {
    const { stream, track } = fakeStream();
    const media = stubMediaDevices(async () => stream);
    stubVideoAndCanvas();
    const requests = stubXhr();
    // The liveness challenge (D116) starts with the camera; a face that never moves leaves it unfinished.
    const detect = vi.fn(async () => null);
    const { onUploaded } = renderCapture({
      side: 'selfie',
      label: 'Selfie',
      facing: 'user',
      livenessDetector: async () => ({ detect }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Take a selfie' }));
    expect(media?.getUserMedia).toHaveBeenCalledWith({
      audio: false,
      video: { facingMode: { ideal: 'user' }, width: { ideal: 1920 }, height: { ideal: 1080 } },
    });
    const video = await screen.findByLabelText('Camera preview: Selfie');
    expect((video as HTMLVideoElement & { srcObject: unknown }).srcObject).toBe(stream);
    expect(document.querySelector('.capture__guide--face')).not.toBeNull();
    await screen.findByText('Look at the camera with your face inside the oval.');
    await userEvent.click(screen.getByRole('button', { name: 'Capture: Selfie' }));
    expect(track.stop).toHaveBeenCalled();
    const sent = (requests[0]?.call.body as FormData).get('file') as File;
    expect(sent.type).toBe('image/jpeg');
    expect(sent.name).toBe('selfie.jpg');
    // Taken before the challenge finished: sent as a challenge the person went on without.
    const liveness = JSON.parse((requests[0]?.call.body as FormData).get('liveness') as string) as {
      status: string;
      frames: unknown[];
    };
    expect(liveness).toMatchObject({ status: 'skipped', frames: [] });
    requests[0]?.respond(200, envelope(uploadResult('selfie')));
    await waitFor(() => expect(onUploaded).toHaveBeenCalled());
    // A camera capture is retaken.
    expect(screen.getByRole('button', { name: 'Retake: Selfie' }).textContent).toBe('Retake');
  });

  it('Choose another file after an upload of a chosen file clears it and offers the choice again', async () => {
    stubMediaDevices(async () => fakeStream().stream);
    const requests = stubXhr();
    const { onCleared } = renderCapture();
    choose(photo());
    requests[0]?.respond(200, envelope(uploadResult('front')));
    await screen.findByText('Uploaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Choose another file: Front of the document' }));
    expect(onCleared).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Take a photo' })).toBeTruthy();
  });

  it('camera permission denied: explains it and leaves the file upload as the only way', async () => {
    stubMediaDevices(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    renderCapture();
    await userEvent.click(screen.getByRole('button', { name: 'Take a photo' }));
    expect(await screen.findByText(/Camera access was not allowed/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take a photo' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload a file' })).toBeTruthy();
  });

  it('unmounting stops the camera', async () => {
    const { stream, track } = fakeStream();
    stubMediaDevices(async () => stream);
    stubVideoAndCanvas();
    renderCapture();
    await userEvent.click(screen.getByRole('button', { name: 'Take a photo' }));
    await screen.findByLabelText('Camera preview: Front of the document');
    cleanup();
    expect(track.stop).toHaveBeenCalled();
  });
});
