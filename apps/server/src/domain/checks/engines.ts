/**
 * The check engines belong to the process, not to one app (D113): the OCR's tesseract.js worker (D81)
 * and the face model's worker (D108) start on first use and are shared by every app the process builds
 * (the integration tests build hundreds, one per test, and paid seconds of model loading in each when
 * an app's close ended them). They end when idle (idle-timer.ts) and at shutdown: whoever owns the
 * process (server.ts, a bench, a CLI) calls `closeCheckEngines()` after closing its apps.
 */
import { closeMrzOcr } from './ocr/ocr-engine.ts';
import { closeFaceEngine } from './faces/face-engine.ts';

export { clearEngineMemos } from './engine-memo.ts';

export async function closeCheckEngines(): Promise<void> {
  await Promise.all([closeMrzOcr(), closeFaceEngine()]);
}
