/**
 * The face model's worker thread (issue 19 "Faces", D108): face-api (@vladmandic/face-api) on
 * TensorFlow.js's WebAssembly backend, its .wasm and the model weights read from node_modules, the
 * network taken away (any fetch fails loudly instead of downloading). One image at a time: messages are
 * chained, so a second image waits for the first. Inference is synchronous WebAssembly, which is why it
 * lives here and not on the server's event loop.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

globalThis.fetch = async (url) => {
  throw new Error(`faces: the face worker never uses the network (asked for ${String(url)})`);
};
const load = createRequire(import.meta.url);
const faceapi = load('@vladmandic/face-api/dist/face-api.node-wasm.js');
const tf = faceapi.tf;

/** Detections under this confidence are not faces (SSD MobileNet v1's score, 0-1): 0.5 took a mirrored astronaut's shoulders for a second face (0.57); real faces here score 0.73-0.98. */
const MIN_CONFIDENCE = 0.6;

async function start() {
  const wasmDir = path.dirname(load.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  tf.setWasmPaths(`${wasmDir}${path.sep}`);
  if (typeof tf.setThreadsCount === 'function') tf.setThreadsCount(1);
  await tf.setBackend('wasm');
  await tf.ready();
  const modelDir = path.join(path.dirname(load.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
  return { backend: tf.getBackend() };
}

const ready = start();

async function detect({ width, height, data }) {
  await ready;
  const tensor = tf.tensor3d(new Uint8Array(data), [height, width, 3], 'int32');
  try {
    const found = await faceapi
      .detectAllFaces(
        tensor,
        new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE, maxResults: 10 }),
      )
      .withFaceLandmarks()
      .withFaceDescriptors();
    return found.map((f) => ({
      score: f.detection.score,
      box: {
        x: f.detection.box.x,
        y: f.detection.box.y,
        width: f.detection.box.width,
        height: f.detection.box.height,
      },
      descriptor: Array.from(f.descriptor),
      // The 68 points (iBUG 300-W order) for the liveness check's eye aspect ratio and yaw.
      landmarks: f.landmarks.positions.map((p) => [p.x, p.y]),
    }));
  } finally {
    tensor.dispose();
  }
}

let chain = Promise.resolve();
parentPort.on('message', (message) => {
  chain = chain.then(async () => {
    try {
      if (message.kind === 'ready') parentPort.postMessage({ id: message.id, result: await ready });
      else parentPort.postMessage({ id: message.id, result: await detect(message) });
    } catch (error) {
      parentPort.postMessage({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
});
