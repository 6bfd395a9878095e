/**
 * `npm run bench -- --only document-checks` (issue 19 "Wiring", D96): the time the document checks add
 * to an in-house level-1 submission, off its request path — the work one run does for a passport front
 * and a selfie (domain/checks/run/evaluate.ts: image quality of both, the MRZ read by OCR, its check
 * digits, expiry, the comparison with what was typed, the faces found and compared) plus the
 * duplicate-document hash, on generated
 * passports (apps/server/test/support/mrz-documents.ts, JPEG 90, 1000-1400 px wide) from a fixed seed.
 * The OCR worker's start is measured apart. Budgets (2 cores): median and p99 per submission.
 */
import { performance } from 'node:perf_hooks';
import { createKeyring } from '../apps/server/src/lib/crypto/envelope.ts';
import { evaluateSubmission } from '../apps/server/src/domain/checks/run/evaluate.ts';
import { documentHashes } from '../apps/server/src/domain/checks/run/document-hash.ts';
import { closeMrzOcr, readMrzFromImage } from '../apps/server/src/domain/checks/ocr/read-mrz-from-image.ts';
import { closeFaceEngine } from '../apps/server/src/domain/checks/faces/face-engine.ts';
import { clearEngineMemos } from '../apps/server/src/domain/checks/engines.ts';
import { astronaut, astronautPortrait, selfieFrom } from '../apps/server/test/support/face-images.ts';
import {
  generatedIdentity,
  renderDocument,
  seededRandom,
  UTOPIA_TD3,
} from '../apps/server/test/support/mrz-documents.ts';

export const DOCUMENT_CHECK_BUDGETS = { medianMs: 2_500, p99Ms: 8_000 };
const SUBMISSIONS = 20;
const NOW = Date.UTC(2026, 4, 10);

/** Nearest-rank percentile of ascending values. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;

export interface DocumentChecksReport {
  startMs: number;
  submissions: number;
  passed: number;
  medianMs: number;
  p99Ms: number;
  ok: boolean;
}

export async function measureDocumentChecks(): Promise<DocumentChecksReport> {
  const started = performance.now();
  await readMrzFromImage(await renderDocument('TD3', UTOPIA_TD3.identity, { documentWidth: 1200 }), {
    now: NOW,
  });
  const startMs = performance.now() - started;
  const rand = seededRandom(4219);
  const keyring = createKeyring(Buffer.alloc(32, 9));
  // The public-domain astronaut as the selfie and as the passport's portrait (face_match, D108).
  const selfie = await selfieFrom(astronaut(), { mirror: true });
  const portrait = await astronautPortrait();
  const timings: number[] = [];
  let passed = 0;
  try {
    for (let i = 0; i < SUBMISSIONS; i++) {
      const identity = generatedIdentity(rand, 'TD3');
      const front = await renderDocument('TD3', identity, {
        documentWidth: 1000 + Math.round(rand() * 400),
        jpegQuality: 90,
        portrait,
      });
      // Each submission pays for its own OCR and faces: nothing kept from the one before (D113).
      clearEngineMemos();
      const t0 = performance.now();
      const evaluation = await evaluateSubmission(
        { front, selfie },
        { lastName: identity.surname, firstName: identity.givenNames, documentType: 'PASSPORT' },
        { now: NOW },
      );
      if (evaluation.documentKey) documentHashes(keyring, evaluation.documentKey);
      timings.push(performance.now() - t0);
      if (evaluation.checks.every((c) => c.outcome === 'pass')) passed++;
    }
  } finally {
    await closeMrzOcr();
    await closeFaceEngine();
  }
  timings.sort((a, b) => a - b);
  const medianMs = percentile(timings, 0.5);
  const p99Ms = percentile(timings, 0.99);
  return {
    startMs,
    submissions: SUBMISSIONS,
    passed,
    medianMs,
    p99Ms,
    ok: medianMs <= DOCUMENT_CHECK_BUDGETS.medianMs && p99Ms <= DOCUMENT_CHECK_BUDGETS.p99Ms,
  };
}
