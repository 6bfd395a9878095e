import type { Envelope } from '@kyc/contracts';
import { ApiError, NETWORK_ERROR_CODE, NON_RESPONSE_MESSAGE, reasonForCode } from './api-error';

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

/** spec §8 "HTTP status outside 200-299 | rejected with status and status text ('http error')". */
function httpError(response: Response, url: string, envelope: Envelope | null): ApiError {
  const statusText = response.statusText || 'http error';
  return new ApiError({
    reason: 'http error',
    // docs/api.md: our server still answers in the envelope (429 → 10006…); keep its code when present.
    ret_code: envelope?.ret_code ?? NETWORK_ERROR_CODE,
    ret_msg: envelope?.ret_msg || statusText,
    result: envelope?.result ?? null,
    httpStatus: response.status,
    statusText,
    url,
  });
}

/**
 * The app client's response handling (spec §7–§8): ret_code 0 resolves to `result`; 10007 / 33003 /
 * 10009 reject as 'user no permission', 1007 / 1008 as 'token timeout', any other code as 'bad
 * business ret_code' with the whole envelope; a status outside 200–299 is an 'http error'; an answer
 * without an envelope is 'Non Response!'.
 */
export async function readEnvelope<T>(response: Response, url: string): Promise<T> {
  const envelope = parseEnvelope(await response.text());
  const httpStatus = response.status;
  if (!response.ok) throw httpError(response, url, envelope);
  if (!envelope) {
    throw new ApiError({
      reason: 'Non Response!',
      ret_code: NETWORK_ERROR_CODE,
      ret_msg: NON_RESPONSE_MESSAGE,
      httpStatus,
      url,
    });
  }
  if (envelope.ret_code !== 0)
    throw new ApiError({ ...envelope, reason: reasonForCode(envelope.ret_code), httpStatus, url });
  return envelope.result as T;
}

/**
 * The KYC client's response interceptor (spec §7 "a second client", §8 "Interceptor on a KYC client"):
 * the answer's data as it is (JSON when it parses, else text), without envelope handling. An empty
 * answer is 'Non Response!', and so is any answer other than 'ok' when the call expects 'ok'.
 */
export async function readKycData<T>(response: Response, url: string, expectOk: boolean): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw httpError(response, url, parseEnvelope(text));
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : text;
  } catch {
    // Not JSON: the text itself is the data (e.g. a plain `ok`).
  }
  if (data === '' || data === null || (expectOk && data !== 'ok')) {
    throw new ApiError({
      reason: 'Non Response!',
      ret_code: NETWORK_ERROR_CODE,
      ret_msg: NON_RESPONSE_MESSAGE,
      httpStatus: response.status,
      url,
    });
  }
  return data as T;
}
