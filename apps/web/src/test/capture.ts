import { vi } from 'vitest';
import type { DocumentSide, UploadDocumentResult } from '@kyc/contracts';

/** A camera stream whose tracks record stop(). */
export function fakeStream() {
  const track = { stop: vi.fn(), kind: 'video' };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
  return { stream, track };
}

/** navigator.mediaDevices as the test wants it; `undefined` removes the camera API (insecure page). */
export function stubMediaDevices(
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>,
) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: getUserMedia ? { getUserMedia: vi.fn(getUserMedia) } : undefined,
  });
  return navigator.mediaDevices as (MediaDevices & { getUserMedia: ReturnType<typeof vi.fn> }) | undefined;
}

/** jsdom draws nothing: a playing 1280×720 video and a canvas that encodes to a small JPEG. */
export function stubVideoAndCanvas() {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { configurable: true, get: () => 1280 });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoHeight', { configurable: true, get: () => 720 });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: vi.fn(),
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (callback) {
    callback(new Blob(['jpeg-bytes'], { type: 'image/jpeg' }));
  });
}

export function uploadResult(side: DocumentSide, n = 1): UploadDocumentResult {
  return {
    documentId: n.toString(16).padStart(32, '0'),
    side,
    mime: side === 'poa' ? 'application/pdf' : 'image/jpeg',
    size: 1000,
    sha256: 'f'.repeat(64),
  };
}

export function envelope(result: unknown, ret_code = 0, ret_msg = 'OK') {
  return { ret_code, ret_msg, result };
}
