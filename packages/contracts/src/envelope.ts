/**
 * The response envelope of every API answer (spec §3 "Response envelope", §7 "Envelope").
 * ret_code 0 resolves to result; any other code is a business or transport error from the catalogue.
 */
export interface Envelope<T = unknown> {
  ret_code: number;
  ret_msg: string;
  result: T | null;
}

export function okEnvelope<T>(result: T): Envelope<T> {
  return { ret_code: 0, ret_msg: 'OK', result };
}
