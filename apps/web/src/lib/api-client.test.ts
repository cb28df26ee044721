import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientConfigGlobalName } from '@store/contract/client';
import { demoClaims, makeProduct, makeToken } from '@/test/fixtures';
import { ApiError, callApi } from './api-client';
import { setToken } from './session';

const fetchStub = vi.fn<typeof fetch>();

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const exchange = {
  request: { method: 'POST', url: 'https://sim/v3/payment_requests', headers: {}, data: {} },
  response: { status: 400, headers: { 'request-id': 'req-1' }, data: { error_code: 'X' } },
  started_at: '2026-01-01T00:00:00.000Z',
  duration_ms: 12,
};

describe('callApi', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchStub);
    Object.assign(window, { [clientConfigGlobalName]: { api_base_url: '/api' } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchStub.mockReset();
    Reflect.deleteProperty(window, clientConfigGlobalName);
  });

  it('builds the URL from the base and path, sends the bearer token and client id', async () => {
    const token = makeToken(demoClaims);
    setToken(token);
    const product = makeProduct({ id: 'a b' });
    fetchStub.mockResolvedValue(jsonResponse(200, product));

    await expect(callApi('getProduct', { params: { productId: 'a b' } })).resolves.toEqual(product);
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(url).toBe('/api/products/a%20b');
    expect(init?.method).toBe('GET');
    expect(init?.headers).toEqual({ Authorization: `Bearer ${token}`, 'x-client-id': 'web' });
  });

  it('sends a JSON body without a token on open endpoints', async () => {
    fetchStub.mockResolvedValue(jsonResponse(200, { token: 't' }));
    await callApi('login', { body: { credential: 'c', app_id: 'demo-id' } });
    const init = fetchStub.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"credential":"c","app_id":"demo-id"}');
    expect(init?.headers).toEqual({ 'x-client-id': 'web', 'Content-Type': 'application/json' });
  });

  it('maps an error answer to ApiError with code, message and provider exchange', async () => {
    setToken(makeToken(demoClaims));
    fetchStub.mockResolvedValue(
      jsonResponse(401, {
        error_code: 'TOKEN_EXPIRED_ERROR',
        message: 'Session expired',
        response: exchange,
      }),
    );
    const error = await caught(callApi('listProducts'));
    expect(error).toMatchObject({
      error_code: 'TOKEN_EXPIRED_ERROR',
      error_message: 'Session expired',
      status: 401,
      response: exchange,
    });
  });

  it('maps an error answer that is not JSON to a code naming the status', async () => {
    fetchStub.mockResolvedValue(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await caught(callApi('login', { body: { credential: 'c', app_id: 'x' } }));
    expect(error).toMatchObject({ error_code: 'HTTP_502', error_message: 'Bad Gateway' });
  });

  it('raises No token found for an auth endpoint without a stored token, before any call', async () => {
    const error = await caught(callApi('listProducts'));
    expect(error).toMatchObject({ error_code: 'NO_TOKEN', error_message: 'No token found' });
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('raises No base URL found without a configured base address', async () => {
    Reflect.deleteProperty(window, clientConfigGlobalName);
    const error = await caught(callApi('login', { body: { credential: 'c', app_id: 'x' } }));
    expect(error.error_message).toBe('No base URL found');
  });

  it('rejects a success answer that does not match the response schema', async () => {
    fetchStub.mockResolvedValue(jsonResponse(200, { tokens: [] }));
    const error = await caught(callApi('login', { body: { credential: 'c', app_id: 'x' } }));
    expect(error.error_code).toBe('INVALID_RESPONSE');
  });
});
