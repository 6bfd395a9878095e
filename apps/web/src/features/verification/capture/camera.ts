/** Which camera a capture asks for: the rear one for documents, the front one for a selfie. */
export type CameraFacing = 'environment' | 'user';

/** Why the camera cannot be used; each has its own translated explanation. */
export type CameraProblem = 'unsupported' | 'denied' | 'unavailable' | 'failed';

/** getUserMedia exists only in secure contexts (https, localhost) of browsers that have a camera API. */
export function cameraSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** The getUserMedia failure, by DOMException name (https://w3c.github.io/mediacapture-main/). */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'NotReadableError':
    case 'AbortError':
      return 'unavailable';
    default:
      return 'failed';
  }
}

/** A video-only stream from the preferred camera (any camera when that one is missing). */
export function openCamera(facing: CameraFacing): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: facing }, width: { ideal: 1920 }, height: { ideal: 1080 } },
  });
}

/** Turns the camera off (its light too): every track of the stream is stopped. */
export function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** Longest side of a captured photo: enough to read a document, well under the server's pixel cap. */
export const MAX_CAPTURE_SIDE = 2560;
export const CAPTURE_QUALITY = 0.92;

/** The current frame of the video as a JPEG; null when the camera has no picture yet. */
export function captureFrame(video: HTMLVideoElement): Promise<Blob | null> {
  const { videoWidth, videoHeight } = video;
  if (!videoWidth || !videoHeight) return Promise.resolve(null);
  const scale = Math.min(1, MAX_CAPTURE_SIDE / Math.max(videoWidth, videoHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(videoWidth * scale);
  canvas.height = Math.round(videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', CAPTURE_QUALITY));
}
