/**
 * A keyframe of the liveness challenge (D116): the video frame as the camera gives it (unmirrored),
 * scaled to 480 px on its long side, as a JPEG data URL within the server's limit (96 KB: quality is
 * lowered until it fits). Null when the frame cannot be drawn (no size yet, no canvas).
 */
import { LIVENESS_LIMITS } from '@kyc/contracts';

const SIDE = 480;
const QUALITIES = [0.8, 0.65, 0.5];
const PREFIX = 'data:image/jpeg;base64,';
const maxChars = PREFIX.length + Math.floor((LIVENESS_LIMITS.maxFrameBytes * 4) / 3);

export function takeKeyframe(video: HTMLVideoElement): string | null {
  const { videoWidth, videoHeight } = video;
  if (!videoWidth || !videoHeight) return null;
  const scale = Math.min(1, SIDE / Math.max(videoWidth, videoHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(videoWidth * scale);
  canvas.height = Math.round(videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  for (const quality of QUALITIES) {
    const url = canvas.toDataURL('image/jpeg', quality);
    if (url.startsWith(PREFIX) && url.length <= maxChars) return url;
  }
  return null;
}
