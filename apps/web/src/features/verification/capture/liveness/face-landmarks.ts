/**
 * The browser's face landmarks for the liveness challenge (issue 19 "Faces", D116): face-api's browser
 * build (@vladmandic/face-api, MIT) with the tiny face detector and the tiny 68-point landmarks, loaded
 * only when the selfie step's challenge starts (a separate chunk) and its models read from our own
 * origin (`assets/liveness-models-<version>/`, copied from node_modules by the build: vite.config.ts). No CDN, no
 * third-party request; TensorFlow.js runs on WebGL or the CPU, never on its WebAssembly backend (no
 * .wasm to fetch). Frames are analysed as the camera gives them (unmirrored).
 */
import type { LandmarkPoint } from '@kyc/contracts';

/** Finds the one face's 68 landmarks in a video frame; null when there is no face. */
export interface LandmarkDetector {
  detect(video: HTMLVideoElement): Promise<LandmarkPoint[] | null>;
}

/** Where the build puts the two models (vite.config.ts: assets/liveness-models-<version>/ under /user/accounts/). */
export const MODELS_PATH = `${import.meta.env.BASE_URL}${String(import.meta.env.KYC_LIVENESS_MODELS ?? 'assets/liveness-models/')}`;
/** The tiny detector's input size (a multiple of 32): small is fast on a phone. */
const INPUT_SIZE = 224;
/** Detections under this confidence are not faces. */
const MIN_SCORE = 0.5;

let loading: Promise<LandmarkDetector> | null = null;

/** Loads face-api and its two models once; later calls answer the same detector. */
export function loadLandmarkDetector(): Promise<LandmarkDetector> {
  loading ??= (async (): Promise<LandmarkDetector> => {
    const faceapi = await import('@vladmandic/face-api');
    // WebGL, else the CPU: never the WebAssembly backend, whose .wasm the bundle would ask for.
    const webgl = await faceapi.tf.setBackend('webgl').catch(() => false);
    if (!webgl) await faceapi.tf.setBackend('cpu');
    await faceapi.tf.ready();
    await faceapi.nets.tinyFaceDetector.loadFromUri(MODELS_PATH);
    await faceapi.nets.faceLandmark68TinyNet.loadFromUri(MODELS_PATH);
    const options = new faceapi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: MIN_SCORE });
    return {
      async detect(video: HTMLVideoElement) {
        const found = await faceapi.detectSingleFace(video, options).withFaceLandmarks(true);
        return found ? found.landmarks.positions.map((p) => [p.x, p.y] as const) : null;
      },
    };
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
