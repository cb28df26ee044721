import {
  apiRoutes,
  buildPath,
  type Api,
  type ApiName,
  type BodyOf,
  type ParamsOf,
  type ProviderExchange,
  type QueryOf,
  type ResponseOf,
} from '@store/contract/client';
import { getApiBaseUrl } from './config';
import { getToken } from './session';

/** Tells the server which return URLs to hand the provider (web rather than a mobile app). */
export const clientIdHeader = { name: 'x-client-id', value: 'web' } as const;

/**
 * The one error type of the storefront: every failed call, whether the server answered with its
 * `{error_code, message, response?}` shape or the call could not be made at all.
 */
export class ApiError extends Error {
  readonly error_code: string;
  readonly error_message: string;
  readonly response: ProviderExchange | undefined;
  /** HTTP status of the answer; 0 when no answer was received or the call was not attempted. */
  readonly status: number;
  /** Seconds the server asks to wait before trying again (Retry-After of a 429), or null. */
  readonly retryAfterSeconds: number | null;

  constructor(
    error_code: string,
    error_message: string,
    options: {
      status?: number;
      response?: ProviderExchange | undefined;
      retryAfterSeconds?: number | null;
    } = {},
  ) {
    super(error_message);
    this.name = 'ApiError';
    this.error_code = error_code;
    this.error_message = error_message;
    this.response = options.response;
    this.status = options.status ?? 0;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface CallOptions<E> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
  /** Extra headers a call needs, such as Idempotency-Key. */
  headers?: Record<string, string>;
}

function queryString(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The schemas that check answers: not in the entry (the first screen renders without them), but
 * fetched and evaluated as the app starts (`loadResponseChecks` from main.tsx), while the first
 * screen renders. Building the contract's 250 schemas takes a phone tens of milliseconds; left to
 * the first call, that task came after the first paint, in the middle of the first screen's
 * answers (Lighthouse: the longest task of /checkout after its first paint, README Performance).
 */
export const loadResponseChecks = () => import('./response-checks');

/** Calls one storefront API endpoint, by its name in the contract, and returns its parsed response, or throws an ApiError. */
export async function callApi<Name extends ApiName>(
  name: Name,
  options: CallOptions<Api[Name]> = {},
): Promise<ResponseOf<Api[Name]>> {
  const route = apiRoutes[name];
  const baseUrl = getApiBaseUrl();
  if (!baseUrl) throw new ApiError('NO_BASE_URL', 'No base URL found');

  const headers: Record<string, string> = {
    ...options.headers,
    [clientIdHeader.name]: clientIdHeader.value,
  };
  if (route.auth) {
    const token = getToken();
    if (!token) throw new ApiError('NO_TOKEN', 'No token found');
    headers.Authorization = `Bearer ${token}`;
  }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const params = (options.params ?? {}) as Record<string, string>;
  const url =
    baseUrl.replace(/\/$/, '') + buildPath(route.path, params) + queryString(options.query);

  // Fetched while the call is under way, not after it; a failure is reported where it is awaited.
  const checksLoading = loadResponseChecks();
  checksLoading.catch(() => undefined);

  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('NETWORK_ERROR', 'The store could not be reached. Check your connection.');
  }

  const json = await readJson(response);
  let checks: Awaited<ReturnType<typeof loadResponseChecks>>;
  try {
    checks = await checksLoading;
  } catch {
    throw new ApiError('NETWORK_ERROR', 'The store could not be reached. Check your connection.');
  }
  if (response.status >= 400) {
    const body = checks.checkErrorBody(json);
    if (body) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new ApiError(body.error_code, body.message, {
        status: response.status,
        response: body.response,
        retryAfterSeconds: Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : null,
      });
    }
    throw new ApiError(
      `HTTP_${response.status}`,
      response.statusText || `Request failed with status ${response.status}`,
      { status: response.status },
    );
  }

  const parsed = checks.checkResponse(name, json);
  if (!parsed.success) {
    throw new ApiError('INVALID_RESPONSE', `Unexpected answer from ${route.method} ${route.path}`, {
      status: response.status,
    });
  }
  return parsed.data as ResponseOf<Api[Name]>;
}
