/**
 * The one face-model worker thread of this process (issue 19 "Faces", D108), as the OCR has its one
 * tesseract.js worker (D81): created on first use, reused by every app of the process, ended when idle
 * for ENGINE_IDLE_MS or by `closeCheckEngines()` at shutdown (../engines.ts, D113).
 * Detection, landmarks and the 128-number descriptor run in the worker (face-worker.mjs) one image at a
 * time; the event loop only hands over decoded pixels and receives boxes and descriptors.
 */
import { Worker } from 'node:worker_threads';
import { idleTimer } from '../idle-timer.ts';
import { engineMemo } from '../engine-memo.ts';

export interface DetectedFace {
  /** SSD MobileNet v1's confidence, 0-1 (detections under 0.6 are dropped in the worker). */
  score: number;
  /** In the pixels of the image handed over. */
  box: { x: number; y: number; width: number; height: number };
  /** dlib's face descriptor (ResNet, 128 numbers); the same person lies within about 0.6 (Euclidean). */
  descriptor: number[];
  /** The 68 landmark points as [x, y] in the same pixels (iBUG 300-W order: jaw 0-16, eyes 36-47, nose tip 30). */
  landmarks: [number, number][];
}

interface Reply {
  id: number;
  result?: unknown;
  error?: string;
}

let worker: Worker | undefined;
let nextId = 1;
const idle = idleTimer(() => closeFaceEngine());
const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

function engine(): Worker {
  if (worker) return worker;
  const created = new Worker(new URL('./face-worker.mjs', import.meta.url));
  created.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) idle.start();
    if (reply.error !== undefined) waiting.reject(new Error(`faces: ${reply.error}`));
    else waiting.resolve(reply.result);
  });
  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    if (worker === created) worker = undefined;
  };
  created.on('error', failAll);
  created.on('exit', (code) => failAll(new Error(`faces: the face worker stopped (exit ${code})`)));
  worker = created;
  return created;
}

function ask<T>(message: object, transfer: ArrayBuffer[] = []): Promise<T> {
  const id = nextId++;
  idle.stop();
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    engine().postMessage({ ...message, id }, transfer);
  });
}

/** Loads the models (the first call pays for it; later calls answer at once). */
export const faceEngineReady = () => ask<{ backend: string }>({ kind: 'ready' });

/** Answers kept by the pixels' content (../engine-memo.ts, D113). */
const detections = engineMemo<DetectedFace[]>();

/** The faces in an RGB image (3 bytes a pixel, row by row); a copy of the pixels goes to the worker. */
export function detectFaces(rgb: Uint8Array, width: number, height: number): Promise<DetectedFace[]> {
  return detections.get([rgb, width, height], () => {
    const copy = new Uint8Array(rgb);
    return ask<DetectedFace[]>({ kind: 'detect', width, height, data: copy }, [copy.buffer]);
  });
}

/** Ends the worker thread if one started (idle, shutdown, tests); the next image starts a new one. */
export async function closeFaceEngine(): Promise<void> {
  idle.stop();
  const running = worker;
  worker = undefined;
  if (running) await running.terminate();
}
