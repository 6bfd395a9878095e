/**
 * Liveness keyframes for the tests (D116; docs/checks.md "Liveness"), derived from the public-domain
 * astronaut (face-images.ts): at rest, eyelids painted shut (the 68-point model then measures her EAR
 * at 0.85–0.90 of open), and a head "turned" by compressing one side of her face (yaw about ±0.2 to
 * ±0.3). Frames are unmirrored camera frames, 480 px, JPEG, as the browser sends them.
 */
import sharp, { type Sharp } from 'sharp';
import type { LivenessAction, LivenessEvidence, LivenessFrameKind } from '@kyc/contracts';
import { astronaut, cameraman } from './face-images.ts';

/** Her eyes in the 512 px original (the model's landmarks 36–47): centre, width and height. */
const EYES = [
  { cx: 202.5, cy: 101, w: 15, h: 6, skin: '240,212,190' },
  { cx: 244, cy: 103.5, w: 16, h: 5, skin: '230,198,175' },
];
/** Her nose tip's x in the original (landmark 30). */
const NOSE_X = 223;

const frame = (image: Sharp) => image.resize(480, 480, { fit: 'inside' }).jpeg({ quality: 80 }).toBuffer();

export const neutralFrame = () => frame(sharp(astronaut()));

export function blinkFrame(): Promise<Buffer> {
  const lids = EYES.map(
    (e) =>
      `<ellipse cx="${e.cx}" cy="${e.cy - 1}" rx="${e.w * 0.8}" ry="${e.h * 1.2}" fill="rgb(${e.skin})" filter="url(#b)"/>` +
      `<path d="M ${e.cx - e.w * 0.6} ${e.cy + 1} L ${e.cx + e.w * 0.6} ${e.cy + 1}" stroke="rgb(20,12,10)" stroke-width="2" fill="none"/>`,
  ).join('');
  const svg = `<svg width="512" height="512" xmlns="http://www.w3.org/2000/svg"><defs><filter id="b"><feGaussianBlur stdDeviation="1.5"/></filter></defs>${lids}</svg>`;
  return sharp(astronaut())
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer()
    .then((painted) => frame(sharp(painted)));
}

/** Her head turned to her own `side`: the part of her face on the image's other side is compressed. */
export async function turnFrame(side: 'left' | 'right'): Promise<Buffer> {
  const squeezed = Math.round(NOSE_X * 0.5);
  const left = await sharp(astronaut())
    .extract({ left: 0, top: 0, width: NOSE_X, height: 512 })
    .resize(squeezed, 512, { fit: 'fill' })
    .png()
    .toBuffer();
  const right = await sharp(astronaut())
    .extract({ left: NOSE_X, top: 0, width: 512 - NOSE_X, height: 512 })
    .png()
    .toBuffer();
  const turnedRight = await sharp({
    create: { width: squeezed + 512 - NOSE_X, height: 512, channels: 3, background: '#808080' },
  })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: squeezed, top: 0 },
    ])
    .png()
    .toBuffer();
  // Compressing the image's left side moves her nose towards jaw point 0: she turned to her right.
  return frame(side === 'right' ? sharp(turnedRight) : sharp(turnedRight).flop());
}

/** Another person (the CC0 cameraman) and a frame with no face at all. */
export const otherPersonFrame = () => frame(sharp(cameraman()));
export const noFaceFrame = () =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: '#7a8590' } })
    .jpeg({ quality: 80 })
    .toBuffer();

const dataUrl = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`;

/**
 * A completed challenge: `actions` in order, each detected 3 s after the last, with these frames
 * (by default her own: at rest, eyes shut, turned the asked way).
 */
export async function completedChallenge(
  actions: [LivenessAction, LivenessAction] = ['blink', 'turn_left'],
  frames: Partial<Record<LivenessFrameKind, Buffer>> = {},
): Promise<LivenessEvidence> {
  const turn = actions.find((a) => a !== 'blink') === 'turn_right' ? 'right' : 'left';
  const images: Record<LivenessFrameKind, Buffer> = {
    neutral: frames.neutral ?? (await neutralFrame()),
    blink: frames.blink ?? (await blinkFrame()),
    turn: frames.turn ?? (await turnFrame(turn)),
  };
  const atMs = (action: LivenessAction) => 2_000 + 3_000 * actions.indexOf(action) + 1_000;
  return {
    challenge: { actions, timeLimitMs: 20_000 },
    status: 'completed',
    events: actions.map((action) => ({
      action,
      atMs: atMs(action),
      value: action === 'blink' ? 0.14 : action === 'turn_left' ? 0.3 : -0.3,
    })),
    frames: [
      { kind: 'neutral', atMs: 1_000, image: dataUrl(images.neutral) },
      { kind: 'blink', atMs: atMs('blink'), image: dataUrl(images.blink) },
      {
        kind: 'turn',
        atMs: atMs(actions.find((a) => a !== 'blink') ?? 'turn_left'),
        image: dataUrl(images.turn),
      },
    ],
  };
}
