import { useEffect, useRef, useState } from 'react';
import { RET_CODES } from '@kyc/contracts';
import { isApiError } from './api-client.ts';

/**
 * The decision machinery the case page and the questionnaire response page share: one decision sent at
 * a time, the harsher ones confirmed in a dialog first, and the outcome announced where the page moves
 * focus to. Each page keeps its own decisions, texts and what it shows.
 */

/**
 * A decision panel's sending state. `needsConfirmation` names the decisions that open the dialog;
 * `decide` starts one (ignored while another is on its way), `confirm` sends the one in the dialog,
 * `cancel` closes the dialog unless it is sending.
 */
export function useDecisionSender<B, C extends B>(
  onDecide: (body: B) => Promise<void>,
  needsConfirmation: (body: B) => body is C,
) {
  const [confirming, setConfirming] = useState<C | null>(null);
  const [sending, setSending] = useState<B | null>(null);
  const busy = sending !== null;

  const send = async (body: B) => {
    setSending(body);
    try {
      await onDecide(body);
    } finally {
      setSending(null);
      setConfirming(null);
    }
  };

  return {
    /** The decision waiting in the confirmation dialog, if any. */
    confirming,
    /** The decision on its way, if any (its button shows the spinner). */
    sending,
    busy,
    decide: (body: B) => {
      if (busy) return;
      if (needsConfirmation(body)) setConfirming(body);
      else void send(body);
    },
    confirm: () => {
      if (confirming) void send(confirming);
    },
    /** Sends the dialog's amended copy of its decision (e.g. the approval with its comment). */
    confirmWith: (amended: C) => {
      if (confirming) void send(amended);
    },
    cancel: () => {
      if (!busy) setConfirming(null);
    },
  };
}

/** What a page says after a decision: success (which decision) or the error's text. */
export type DecisionOutcome<D> = { tone: 'info'; decision: D } | { tone: 'error'; message: string } | null;

/**
 * The refusals that say the page shows a state the case has left: another decision came first (30081,
 * issue 14) or the state does not allow the decision (30001, 51001).
 */
const STALE_CASE_CODES: readonly number[] = [
  RET_CODES.CASE_ALREADY_DECIDED.code,
  RET_CODES.KYC_ILLEGAL_TRANSITION.code,
  RET_CODES.QUESTIONNAIRE_ILLEGAL_TRANSITION.code,
];

/**
 * Posts a decision and keeps its outcome: the page's data is replaced by the server's answer
 * (`onDecided`), and the outcome element (`outcomeRef`, focusable) receives focus so the result is read
 * out where the reviewer is. When the server refuses because the case moved on (`STALE_CASE_CODES`),
 * the page's data is replaced by the case as it now is (`reload`), with the refusal's message above it.
 */
export function useDecisionOutcome<B extends { decision: string }, V>(
  post: (body: B) => Promise<V>,
  onDecided: (updated: V) => void,
  errorText: (error: unknown) => string,
  reload?: () => Promise<V>,
) {
  // The refusal is kept as the error, and its text made at each render: switching the language shows
  // it in the new one (a kept text stayed in the language it was refused in).
  const [kept, setOutcome] = useState<
    { tone: 'info'; decision: B['decision'] } | { tone: 'error'; error: unknown } | null
  >(null);
  const outcome: DecisionOutcome<B['decision']> =
    kept?.tone === 'error' ? { tone: 'error', message: errorText(kept.error) } : kept;
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (kept) outcomeRef.current?.focus();
  }, [kept]);

  const decide = async (body: B) => {
    setOutcome(null);
    try {
      onDecided(await post(body));
      setOutcome({ tone: 'info', decision: body.decision });
    } catch (error) {
      if (reload && isApiError(error) && STALE_CASE_CODES.includes(error.ret_code)) {
        // The current state, shown below the refusal; if it cannot be read, the refusal still says why.
        await reload().then(onDecided, () => undefined);
      }
      setOutcome({ tone: 'error', error });
    }
  };

  return { outcome, outcomeRef, decide };
}
