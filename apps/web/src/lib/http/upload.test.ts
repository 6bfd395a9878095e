// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '../../test/xhr';
import { setCurrentLanguage } from '../language/current';
import { registerMessenger, type Messenger } from '../messages/messenger';
import { setTelemetryReporter } from '../telemetry/telemetry';
import { ApiError } from './api-error';
import { configureHttp } from './configure';
import { configureSdkSession } from './sdk-session';
import { uploadForm } from './upload';

let toast: ReturnType<typeof vi.fn<Messenger['toast']>>;
const restore: Array<() => void> = [];

function form(): FormData {
  const data = new FormData();
  data.append('side', 'front');
  data.append('file', new Blob(['x'], { type: 'image/jpeg' }), 'front.jpg');
  return data;
}

beforeEach(() => {
  setCurrentLanguage('de-DE');
  toast = vi.fn<Messenger['toast']>();
  restore.push(
    registerMessenger({ toast, notify: vi.fn() }),
    setTelemetryReporter(() => undefined),
    configureHttp({
      translate: (code) => ({ 50016: 'Network error.', 40001: 'This file type is not accepted.' })[code],
    }),
  );
});

afterEach(() => {
  while (restore.length) restore.pop()?.();
  configureSdkSession(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.cookie = 'kyc_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('uploadForm (multipart through XMLHttpRequest, spec §7–§8)', () => {
  it('sends the app headers (language, platform, CSRF) with credentials and no JSON Content-Type', async () => {
    document.cookie = 'kyc_csrf=csrf-1; path=/';
    const requests = stubXhr();
    const body = form();
    const done = uploadForm<{ documentId: string }>('uploadDocument', body);
    const [request] = requests;
    expect(request?.call.method).toBe('POST');
    expect(request?.call.url).toBe('/v3/private/kyc/upload-document');
    expect(request?.call.withCredentials).toBe(true);
    expect(request?.call.body).toBe(body);
    expect(request?.call.headers['accept-language']).toBe('de-DE');
    expect(request?.call.headers['platform']).toBe('pc');
    expect(request?.call.headers['x-csrf-token']).toBe('csrf-1');
    expect(request?.call.headers['content-type']).toBeUndefined();
    request?.respond(200, { ret_code: 0, ret_msg: 'OK', result: { documentId: 'abc' } });
    await expect(done).resolves.toEqual({ documentId: 'abc' });
  });

  it('spec §6: in SDK mode the integration path and the kyc-access-* headers', async () => {
    configureSdkSession({ token: 'tok-1', from: 'web' });
    const requests = stubXhr();
    const done = uploadForm('uploadDocument', form());
    expect(requests[0]?.call.url).toBe('/v1/s1/kyc/integration/upload-document');
    expect(requests[0]?.call.headers['kyc-access-token']).toBe('tok-1');
    expect(requests[0]?.call.headers['kyc-access-origin']).toBe('bybit');
    expect(requests[0]?.call.headers['kyc-access-business']).toBe('web');
    requests[0]?.respond(200, { ret_code: 0, ret_msg: 'OK', result: {} });
    await done;
  });

  it('reports progress as the body goes out', async () => {
    const requests = stubXhr();
    const onProgress = vi.fn();
    const done = uploadForm('uploadDocument', form(), { onProgress });
    requests[0]?.progress(50, 200);
    requests[0]?.progress(200, 200);
    expect(onProgress.mock.calls).toEqual([[{ loaded: 50, total: 200 }], [{ loaded: 200, total: 200 }]]);
    requests[0]?.respond(200, { ret_code: 0, ret_msg: 'OK', result: {} });
    await done;
  });

  it('spec §8: a non-zero ret_code rejects with the envelope and toasts its inverse-error-code text', async () => {
    const requests = stubXhr();
    const done = uploadForm('uploadDocument', form());
    requests[0]?.respond(200, { ret_code: 40001, ret_msg: 'unsupported file type', result: null });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).ret_code).toBe(40001);
    expect((error as ApiError).reason).toBe('bad business ret_code');
    expect(toast).toHaveBeenCalledWith({ kind: 'fail', message: 'This file type is not accepted.' });
  });

  it('spec §8: a network failure rejects with 50016 and the generic 2 s toast', async () => {
    const requests = stubXhr();
    const done = uploadForm('uploadDocument', form());
    requests[0]?.networkError();
    await expect(done).rejects.toMatchObject({ ret_code: 50016, reason: 'network error' });
    expect(toast).toHaveBeenCalledWith({ kind: 'fail', message: 'Network error.', duration: 2000 });
  });

  it('a cancelled upload aborts the request, rejects with the AbortError and shows nothing', async () => {
    const requests = stubXhr();
    const controller = new AbortController();
    const done = uploadForm('uploadDocument', form(), { signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests[0]?.call.aborted).toBe(true);
    expect(toast).not.toHaveBeenCalled();
  });

  it('spec §8: an upload without progress for the idle timeout rejects with 9000001', async () => {
    vi.useFakeTimers();
    const requests = stubXhr();
    const done = uploadForm('uploadDocument', form(), { idleTimeout: 1000 });
    const settled = done.catch((e: unknown) => e);
    vi.advanceTimersByTime(900);
    requests[0]?.progress(10, 100);
    vi.advanceTimersByTime(900);
    expect(requests[0]?.call.aborted).toBe(false);
    vi.advanceTimersByTime(200);
    expect(await settled).toMatchObject({ ret_code: 9000001, reason: 'timeout', httpStatus: 408 });
    expect(requests[0]?.call.aborted).toBe(true);
  });
});
