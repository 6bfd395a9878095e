/**
 * When a check engine (the OCR's tesseract.js worker, the face model's worker) has been unused this
 * long, it is ended and its memory (models, WebAssembly heaps: a few hundred MB together) returned; the
 * next image starts it again in a few seconds, on the background run, never on a request's path (D113).
 */
export const ENGINE_IDLE_MS = 5 * 60_000;

/** A restartable timer calling `end` after ENGINE_IDLE_MS; it never keeps the process alive itself. */
export function idleTimer(end: () => Promise<void>, ms = ENGINE_IDLE_MS) {
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      clearTimeout(timer);
      timer = setTimeout(() => void end().catch(() => undefined), ms);
      timer.unref();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
