import { CODE_NOT_LOGGED_IN } from '@kyc/contracts';
import { ApiError, isApiError, NETWORK_ERROR_CODE } from './api-error';
import { apiUrl } from './api-base';
import { appHeaders, clearRequestCache, REQUEST_TIMEOUT_MS, timeoutError } from './client';
import { httpConfig } from './configure';
import { resolveEndpoint, type EndpointName } from './endpoints';
import { readEnvelope } from './read-envelope';
import { reportApiError, type ReportOptions } from './report-error';
import { sdkSession } from './sdk-session';

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Size of the request body; 0 when the browser does not know it. */
  total: number;
}

export interface UploadOptions extends ReportOptions {
  /** Called as the body goes out (XMLHttpRequest upload progress events). */
  onProgress?: (progress: UploadProgress) => void;
  /** Cancels the upload; the call then rejects with the AbortError and nothing is reported. */
  signal?: AbortSignal;
  /**
   * Milliseconds without any progress before the upload is aborted and rejects with 9000001 (spec §8
   * timeout); 0 disables it. An idle timeout rather than a total one: a 10 MB photo on a slow mobile
   * link may take longer than 30 s while still moving.
   */
  idleTimeout?: number;
  headers?: Readonly<Record<string, string>>;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('aborted', 'AbortError');
}

/** The response headers of an XMLHttpRequest as a Headers object. */
function responseHeaders(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) {
      try {
        headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      } catch {
        // A header the Headers class refuses is not needed to read the envelope.
      }
    }
  }
  return headers;
}

/** One multipart call through XMLHttpRequest (fetch reports no upload progress). */
function send<T>(
  method: string,
  url: string,
  body: FormData,
  headers: Record<string, string>,
  options: UploadOptions,
): Promise<T> {
  const { signal, onProgress } = options;
  const idleTimeout = options.idleTimeout ?? REQUEST_TIMEOUT_MS;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    const armTimer = () => {
      clearTimeout(timer);
      if (idleTimeout <= 0) return;
      timer = setTimeout(() => {
        xhr.abort();
        finish(() => reject(timeoutError(url, idleTimeout, new Error('upload stalled'))));
      }, idleTimeout);
    };
    function onAbort() {
      xhr.abort();
      finish(() => reject(abortError(signal as AbortSignal)));
    }

    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      armTimer();
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    });
    const networkError = () =>
      finish(() =>
        reject(
          new ApiError({
            reason: 'network error',
            ret_code: NETWORK_ERROR_CODE,
            ret_msg: 'Network Error',
            url,
          }),
        ),
      );
    xhr.addEventListener('load', () => {
      if (xhr.status < 200 || xhr.status > 599) {
        networkError();
        return;
      }
      // The same reading as the JSON client's (spec §7–§8): envelope, ret_code, HTTP status.
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        statusText: xhr.statusText,
        headers: responseHeaders(xhr),
      });
      readEnvelope<T>(response, url).then(
        (result) => finish(() => resolve(result)),
        (error: unknown) => finish(() => reject(error)),
      );
    });
    xhr.addEventListener('error', networkError);
    signal?.addEventListener('abort', onAbort, { once: true });
    armTimer();
    xhr.send(body);
  });
}

/**
 * A multipart call of the endpoint table (e.g. upload-document) with upload progress. It carries what
 * every app call carries (spec §6, §7: Accept-Language, the platform header, the CSRF header, and the
 * SDK headers with the integration path in SDK mode) and fails exactly as the JSON client does (spec
 * §8: the envelope's ret_code, reported through inverse-error-code unless `silent`).
 */
export async function uploadForm<T>(
  name: EndpointName,
  form: FormData,
  options: UploadOptions = {},
): Promise<T> {
  try {
    const { method, path, headers } = resolveEndpoint(name, sdkSession());
    const url = apiUrl(path);
    return await send<T>(
      method,
      url,
      form,
      { ...appHeaders(method, url), ...headers, ...options.headers },
      options,
    );
  } catch (error) {
    // spec §6, §8: 'user no permission' clears the request cache.
    if (isApiError(error) && error.reason === 'user no permission') clearRequestCache();
    if (isApiError(error) && error.ret_code === CODE_NOT_LOGGED_IN && !sdkSession())
      httpConfig().onNotLoggedIn();
    reportApiError(error, options);
    throw error;
  }
}
