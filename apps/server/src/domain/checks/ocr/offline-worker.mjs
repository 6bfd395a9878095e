/**
 * The tesseract.js worker thread, with the network taken away (issue 19: no CDN, no third-party request).
 * tesseract.js fetches its language data from a CDN unless langPath names a local folder, and its worker
 * reaches the network only through the `fetch` it captures when it loads: replaced here before it loads,
 * so a misconfigured path fails loudly instead of downloading.
 */
import { createRequire } from 'node:module';

globalThis.fetch = async (url) => {
  throw new Error(`MRZ OCR: the OCR worker never uses the network (asked for ${String(url)})`);
};
const load = createRequire(import.meta.url);
load('tesseract.js/src/worker-script/node/index.js');
