import { useCallback, useEffect, useState } from 'react';
import type { DocumentCorrectionAsk } from '@kyc/contracts';
import { getDocumentCorrection } from '../api/document-correction';

/** While the checks run (seconds of OCR after a submission), the question is read again this often… */
export const CORRECTION_POLL_MS = 3_000;
/** …this many times at most (two minutes), then the page stops asking. */
export const CORRECTION_POLLS = 40;

export type CorrectionLoad =
  { status: 'loading' } | { status: 'none' } | { status: 'asked'; ask: DocumentCorrectionAsk };

/**
 * What the document checks ask of the person now (docs/checks.md "The correction step"): read once,
 * and again every few seconds while the checks of their submission are still running.
 */
export function useDocumentCorrection() {
  const [load, setLoad] = useState<CorrectionLoad>({ status: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polls = 0;
    const read = () => {
      getDocumentCorrection(controller.signal).then(
        (result) => {
          if (result.correction) setLoad({ status: 'asked', ask: result.correction });
          else setLoad({ status: 'none' });
          if (result.pending && polls < CORRECTION_POLLS) {
            polls++;
            timer = setTimeout(read, CORRECTION_POLL_MS);
          }
        },
        () => {
          if (!controller.signal.aborted) setLoad({ status: 'none' });
        },
      );
    };
    read();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [round]);

  /** Shows the next question (from an answer), or reads the question again (null). */
  const show = useCallback((ask: DocumentCorrectionAsk | null) => {
    if (ask) setLoad({ status: 'asked', ask });
    else setRound((r) => r + 1);
  }, []);

  return { load, show };
}
