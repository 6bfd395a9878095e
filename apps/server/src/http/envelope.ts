import { z } from 'zod';
import { okEnvelope, type Envelope } from '@kyc/contracts';

export { okEnvelope as ok };
export type { Envelope };

function buildEnvelope<T extends z.ZodType>(result: T) {
  return z.object({ ret_code: z.number().int(), ret_msg: z.string(), result: result.nullable() });
}

/**
 * Envelopes built so far, by their result's schema. The route plugins ask for one per route each time an
 * app is built; the result schemas are the contract's constants, so each envelope is made once per
 * process (making them was 7 % of building an app: every integration test builds one).
 */
const envelopes = new WeakMap<z.ZodType, z.ZodType>();

/** Response schema of an envelope whose result follows `result` (null on business errors). */
export function envelopeOf<T extends z.ZodType>(result: T): ReturnType<typeof buildEnvelope<T>> {
  const known = envelopes.get(result) as ReturnType<typeof buildEnvelope<T>> | undefined;
  if (known) return known;
  const made = buildEnvelope(result);
  envelopes.set(result, made);
  return made;
}

export function errorEnvelope(retCode: number, message: string): Envelope<null> {
  return { ret_code: retCode, ret_msg: message, result: null };
}
