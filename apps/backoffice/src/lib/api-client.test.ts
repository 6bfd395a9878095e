// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCookie, fail, ok, setCookie, stubApi } from '../test/api-stub.ts';
import { api, ApiError } from './api-client.ts';

afterEach(() => clearCookie('kyc_staff_csrf'));

describe('api client', () => {
  it('when ret_code is 0, then it resolves to result and sends the session cookie', async () => {
    const { calls } = stubApi({ 'GET /backoffice/api/me': () => ok({ id: 1 }) });

    await expect(api.get('/me')).resolves.toEqual({ id: 1 });

    expect(calls[0]?.credentials).toBe('include');
    expect(calls[0]?.headers.get('accept')).toBe('application/json');
    expect(calls[0]?.headers.has('x-csrf-token')).toBe(false);
  });

  it('when ret_code is not 0, then it throws ApiError with the code, message and status', async () => {
    stubApi({ 'POST /backoffice/api/login': () => fail(10006, 'too many requests', 429) });

    const error = await api.post('/login', { email: 'a@b.co', password: 'x' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ ret_code: 10006, ret_msg: 'too many requests', status: 429 });
  });

  it('when posting, then it sends JSON and the kyc_staff_csrf cookie in X-CSRF-Token', async () => {
    setCookie('kyc_staff_csrf', 'csrf-token-1');
    const { calls } = stubApi({ 'POST /backoffice/api/login': () => ok(null) });

    await api.post('/login', { email: 'a@b.co', password: 'pw' });

    expect(calls[0]?.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ email: 'a@b.co', password: 'pw' });
  });

  it('when served over https (issue 11), then the __Host- staff CSRF cookie is read first', async () => {
    const cookie = vi.spyOn(Document.prototype, 'cookie', 'get');
    cookie.mockReturnValue('kyc_staff_csrf=plain; __Host-kyc_staff_csrf=host-token');
    const { calls } = stubApi({ 'POST /backoffice/api/logout': () => ok(null) });

    await api.post('/logout');

    expect(calls[0]?.headers.get('X-CSRF-Token')).toBe('host-token');
    cookie.mockRestore();
  });

  it('when the network fails, then it throws the client NETWORK_ERROR code 50016', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    await expect(api.get('/me')).rejects.toMatchObject({ ret_code: 50016, status: 0 });
  });

  it('when the answer is not an envelope (a proxy error page), then it throws 50016 with the status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );

    await expect(api.get('/me')).rejects.toMatchObject({ ret_code: 50016, status: 502 });
  });

  it('when result does not have the expected shape, then it throws 10016 instead of passing it on', async () => {
    stubApi({ 'GET /backoffice/api/me': () => ok({ unexpected: true }) });
    const parse = (value: unknown) => {
      if (typeof value !== 'object' || value === null || !('id' in value)) throw new TypeError('bad');
      return value;
    };

    await expect(api.get('/me', { parse })).rejects.toMatchObject({ ret_code: 10016 });
  });
});
