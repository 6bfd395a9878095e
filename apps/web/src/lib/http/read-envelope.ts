import type { Envelope } from '@kyc/contracts';
import { ApiError, NETWORK_ERROR_CODE } from './api-error';

function parseEnvelope(text: string): Envelope | null {
  if (!text) return null;
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null) return null;
    const { ret_code, ret_msg, result } = data as Partial<Envelope>;
    if (typeof ret_code !== 'number') return null;
    return { ret_code, ret_msg: typeof ret_msg === 'string' ? ret_msg : '', result: result ?? null };
  } catch {
    return null;
  }
}

/**
 * spec §7–§8: ret_code 0 resolves to `result`; any other code rejects with the whole envelope. An
 * answer outside 200–299 rejects with its envelope's code when it has one (docs/api.md: transport
 * failures still answer in the envelope) and with 50016 'http error' otherwise; an answer without an
 * envelope is 'Non Response!'.
 */
export async function readEnvelope<T>(response: Response, url: string): Promise<T> {
  const envelope = parseEnvelope(await response.text());
  const httpStatus = response.status;
  if (!response.ok) {
    if (envelope) throw new ApiError({ ...envelope, httpStatus, url });
    throw new ApiError({
      ret_code: NETWORK_ERROR_CODE,
      ret_msg: response.statusText || 'http error',
      httpStatus,
      url,
    });
  }
  if (!envelope)
    throw new ApiError({ ret_code: NETWORK_ERROR_CODE, ret_msg: 'Non Response!', httpStatus, url });
  if (envelope.ret_code !== 0) throw new ApiError({ ...envelope, httpStatus, url });
  return envelope.result as T;
}
