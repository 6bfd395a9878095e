import { z } from 'zod';
import { okEnvelope, type Envelope } from '@kyc/contracts';

export { okEnvelope as ok };
export type { Envelope };

/** Response schema of an envelope whose result follows `result` (null on business errors). */
export function envelopeOf<T extends z.ZodType>(result: T) {
  return z.object({ ret_code: z.number().int(), ret_msg: z.string(), result: result.nullable() });
}

export function errorEnvelope(retCode: number, message: string): Envelope<null> {
  return { ret_code: retCode, ret_msg: message, result: null };
}
