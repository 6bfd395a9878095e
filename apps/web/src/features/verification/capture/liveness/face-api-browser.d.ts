/**
 * The part of face-api's browser build the liveness challenge uses (D116). The package's own
 * declarations bring TensorFlow.js's global WebGPU types, which change the DOM's canvas overloads for
 * the whole app; tsconfig.json's `paths` points the type checker here instead (the bundler still loads
 * the package itself).
 */
declare module '@vladmandic/face-api' {
  interface Net {
    loadFromUri(uri: string): Promise<void>;
  }
  export const tf: { setBackend(name: string): Promise<boolean>; ready(): Promise<void> };
  export const nets: { tinyFaceDetector: Net; faceLandmark68TinyNet: Net };
  export interface TinyFaceDetectorOptions {
    readonly inputSize: number;
  }
  export const TinyFaceDetectorOptions: new (options: {
    inputSize?: number;
    scoreThreshold?: number;
  }) => TinyFaceDetectorOptions;
  interface WithLandmarks {
    landmarks: { positions: { x: number; y: number }[] };
  }
  export function detectSingleFace(
    input: HTMLVideoElement,
    options: TinyFaceDetectorOptions,
  ): { withFaceLandmarks(useTinyModel: boolean): Promise<WithLandmarks | undefined> };
}
