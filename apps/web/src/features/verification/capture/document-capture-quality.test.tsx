// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { registerMessenger } from '../../../lib/messages/messenger';
import { envelope, stubMediaDevices, uploadResult } from '../../../test/capture';
import { createTestI18n } from '../../../test/i18n';
import { stubXhr } from '../../../test/xhr';
import { DocumentCapture } from './document-capture';

/**
 * Issue 19: the capture step checks the photo's quality before any upload. jsdom decodes no image, so
 * the browser's decoder and canvas are stood in for by a stub that hands the check fixed pixels (a
 * blurred or a sharp page); the measurement and thresholds are the real ones.
 */
const restore: Array<() => void> = [];
let pixels: Uint8ClampedArray;
const W = 96;
const H = 64;

function paint(sharp: boolean) {
  pixels = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4;
      // Text strokes on paper; the blurred page is its 8-pixel running average (no edges left).
      const v = sharp ? (y % 12 < 6 && x % 7 < 2 ? 40 : 215) : 215 - 50 * (0.5 + 0.5 * Math.sin(x / 9));
      pixels.set([v, v, v, 255], i);
    }
}

function stubDecoder() {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 1600, height: 1067, close: vi.fn() })),
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: vi.fn(),
    getImageData: () => ({ data: pixels, width: W, height: H }),
  } as unknown as CanvasRenderingContext2D);
}

function renderCapture(side: 'front' | 'poa' = 'front') {
  const onUploaded = vi.fn();
  render(
    <I18nextProvider
      i18n={createTestI18n({
        '40007': 'The photo is blurred. Hold the camera steady.',
        '63001': 'The document has too much glare.',
      })}
    >
      <DocumentCapture side={side} label="Front of the document" onUploaded={onUploaded} />
    </I18nextProvider>,
  );
  return { onUploaded };
}

const choose = (side = 'front', type = 'image/jpeg') =>
  fireEvent.change(screen.getByTestId(`capture-file-${side}`), {
    target: { files: [new File(['jpeg'], 'photo.jpg', { type })] },
  });

beforeEach(() => {
  restore.push(registerMessenger({ toast: vi.fn(), notify: vi.fn() }));
  stubMediaDevices(undefined);
  stubDecoder();
});

afterEach(() => {
  cleanup();
  while (restore.length) restore.pop()?.();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the capture step checks the photo before the upload (issue 19)', () => {
  it('when the chosen photo is blurred, then the reason is shown with the choice to retake and nothing is uploaded', async () => {
    paint(false);
    const requests = stubXhr();
    const { onUploaded } = renderCapture();
    choose();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The photo is blurred. Hold the camera steady.',
    );
    expect(requests).toHaveLength(0);
    expect(onUploaded).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Upload a file' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('when the photo passes here but the server refuses it (63001, glare), then its message is shown the same way', async () => {
    paint(true);
    const requests = stubXhr();
    renderCapture();
    choose();
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    requests[0]?.respond(200, envelope(null, 63001, 'glare'));
    expect((await screen.findByRole('alert')).textContent).toBe('The document has too much glare.');
    expect(screen.getByRole('button', { name: 'Upload a file' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('when a proof of address is chosen, then it is uploaded without the check', async () => {
    paint(false);
    const requests = stubXhr();
    const { onUploaded } = renderCapture('poa');
    choose('poa');
    expect(requests).toHaveLength(1);
    requests[0]?.respond(200, envelope(uploadResult('poa')));
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1));
  });
});
