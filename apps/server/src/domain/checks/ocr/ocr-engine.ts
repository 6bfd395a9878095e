/**
 * The one tesseract.js worker of this process (issue 19, D81): created on first use, reused by every
 * reading of every app of the process, ended when idle for ENGINE_IDLE_MS or by `closeCheckEngines()`
 * at shutdown (../engines.ts, D113). Recognition runs in the worker's own thread
 * (WebAssembly), so the event loop only passes images in and text out; concurrent readings queue in the
 * worker, one at a time. Everything it loads comes from node_modules: the engine (tesseract.js-core), the
 * English LSTM model of `@tesseract.js-data/eng` (4.0.0_best_int) read from its folder, nothing cached to
 * disk, and a worker script that refuses any network request (offline-worker.mjs).
 */
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWorker, OEM, PSM, type Worker, type WorkerOptions } from 'tesseract.js';
import type { OcrLine } from './zone-lines.ts';
import { idleTimer } from '../idle-timer.ts';
import { engineMemo } from '../engine-memo.ts';

const require = createRequire(import.meta.url);

/** ICAO 9303's character set: nothing else is ever returned. */
export const MRZ_CHARACTER_WHITELIST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
/** tessdata_best converted to 8-bit integers (2.9 MB gzipped): better than "fast", as quick as it here. */
export const MODEL_FOLDER = '4.0.0_best_int';

/** Where the worker finds everything: local paths only (asserted by the tests). */
export function ocrWorkerOptions(): Partial<WorkerOptions> {
  const langPath = path.join(
    path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
    MODEL_FOLDER,
  );
  if (!existsSync(path.join(langPath, 'eng.traineddata.gz')))
    throw new Error(`MRZ OCR: the language data is missing from ${langPath} (npm install)`);
  return {
    langPath,
    gzip: true,
    // 'none': read from langPath, never written to (or read from) a cache folder.
    cacheMethod: 'none',
    workerPath: fileURLToPath(new URL('./offline-worker.mjs', import.meta.url)),
    // In Node, tesseract.js-core is required from node_modules (corePath is a browser option).
    logger: () => {},
  };
}

/** Init-only parameters: no dictionary, an MRZ holds no words. */
const INIT_CONFIG = { load_system_dawg: '0', load_freq_dawg: '0' };

let worker: Promise<Worker> | undefined;
/** Readings under way: the idle clock starts when the last one ends. */
let reading = 0;
const idle = idleTimer(() => closeMrzOcr());

async function startWorker(): Promise<Worker> {
  const created = await createWorker('eng', OEM.LSTM_ONLY, ocrWorkerOptions(), INIT_CONFIG);
  await created.setParameters({
    tessedit_char_whitelist: MRZ_CHARACTER_WHITELIST,
    // One uniform block of text: the two or three lines of a zone (and, for the fallback, a page).
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    // The images are resampled to a known scale; without it tesseract guesses from missing metadata.
    user_defined_dpi: '300',
  });
  return created;
}

function ocrWorker(): Promise<Worker> {
  if (!worker) {
    worker = startWorker();
    // A worker that failed to start is not kept: the next reading tries again.
    worker.catch(() => (worker = undefined));
  }
  return worker;
}

interface TesseractSymbol {
  text: string;
  confidence: number;
  bbox: { x0: number; x1: number };
}
interface TesseractLine {
  text: string;
  confidence: number;
  words: { symbols: TesseractSymbol[] }[];
}
interface TesseractBlock {
  paragraphs: { lines: TesseractLine[] }[];
}

/** Answers kept by the image's content (../engine-memo.ts, D113). */
const readings = engineMemo<OcrLine[]>();

/** The text lines of a PNG (or any image sharp wrote), with their confidence. */
export function recognizeLines(image: Buffer): Promise<OcrLine[]> {
  return readings.get([image], () => recognize(image));
}

async function recognize(image: Buffer): Promise<OcrLine[]> {
  idle.stop();
  reading++;
  const data = await ocrWorker()
    .then((ocr) => ocr.recognize(image, {}, { text: true, blocks: true }))
    .then((result) => result.data)
    .finally(() => {
      if (--reading === 0) idle.start();
    });
  const blocks = (data.blocks ?? []) as TesseractBlock[];
  return blocks.flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.map((line) => ({
        text: line.text.trim(),
        confidence: line.confidence,
        symbols: line.words.flatMap((word) =>
          word.symbols.map((s) => ({ text: s.text, confidence: s.confidence, x0: s.bbox.x0, x1: s.bbox.x1 })),
        ),
      })),
    ),
  );
}

/** Ends the worker thread (idle, shutdown, end of a test file); the next reading starts a new one. */
export async function closeMrzOcr(): Promise<void> {
  idle.stop();
  const current = worker;
  worker = undefined;
  if (current) await (await current.catch(() => undefined))?.terminate();
}
