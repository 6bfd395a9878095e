import { useRef, useState, type FormEvent } from 'react';
import { isApiError, newIdempotencyKey, serverDecided } from '../../../lib/http';

export interface UpdateSubmissionOptions<Result, Refusal> {
  onSubmitted: (result: Result) => void;
  /** The refusal the screen explains inline for a ret_code, or null (the HTTP client reported it). */
  refusalOf: (retCode: number) => Refusal | null;
}

/**
 * One submission of an update screen at a time, with the Idempotency-Key of its attempt: the key is
 * kept until the server has decided the attempt (see serverDecided), so a retry after a timeout gets
 * the first result instead of a second submission.
 */
export function useUpdateSubmission<Result, Refusal>({
  onSubmitted,
  refusalOf,
}: UpdateSubmissionOptions<Result, Refusal>) {
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const running = useRef(false);
  const idempotencyKey = useRef<string | null>(null);

  /**
   * The form's submit handler. `prepare` validates (showing its errors) and returns the request to
   * send with the key, or null to send nothing; it is not asked while an attempt is running.
   */
  function handleSubmit(prepare: () => ((idempotencyKey: string) => Promise<Result>) | null) {
    return (event: FormEvent) => {
      event.preventDefault();
      if (running.current) return;
      const send = prepare();
      if (!send) return;
      running.current = true;
      setSubmitting(true);
      setRefusal(null);
      idempotencyKey.current ??= newIdempotencyKey();
      send(idempotencyKey.current).then(onSubmitted, (error: unknown) => {
        running.current = false;
        setSubmitting(false);
        if (serverDecided(error)) idempotencyKey.current = null;
        // The other failures were reported by the HTTP client (spec §8).
        const refused = isApiError(error) ? refusalOf(error.ret_code) : null;
        if (refused !== null) setRefusal(refused);
      });
    };
  }

  return { submitting, refusal, handleSubmit };
}
