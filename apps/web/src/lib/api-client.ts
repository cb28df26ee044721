import {
  apiErrorSchema,
  buildPath,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type ProviderExchange,
  type QueryOf,
  type ResponseOf,
} from '@store/contract';
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

  constructor(
    error_code: string,
    error_message: string,
    options: { status?: number; response?: ProviderExchange | undefined } = {},
  ) {
    super(error_message);
    this.name = 'ApiError';
    this.error_code = error_code;
    this.error_message = error_message;
    this.response = options.response;
    this.status = options.status ?? 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface CallOptions<E extends Endpoint> {
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

/** Calls one storefront API endpoint and returns its parsed response, or throws an ApiError. */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<ResponseOf<E>> {
  const baseUrl = getApiBaseUrl();
  if (!baseUrl) throw new ApiError('NO_BASE_URL', 'No base URL found');

  const headers: Record<string, string> = {
    ...options.headers,
    [clientIdHeader.name]: clientIdHeader.value,
  };
  if (endpoint.auth) {
    const token = getToken();
    if (!token) throw new ApiError('NO_TOKEN', 'No token found');
    headers.Authorization = `Bearer ${token}`;
  }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const params = (options.params ?? {}) as Record<string, string>;
  const url =
    baseUrl.replace(/\/$/, '') + buildPath(endpoint.path, params) + queryString(options.query);

  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('NETWORK_ERROR', 'The store could not be reached. Check your connection.');
  }

  const json = await readJson(response);
  if (response.status >= 400) {
    const parsed = apiErrorSchema.safeParse(json);
    if (parsed.success) {
      throw new ApiError(parsed.data.error_code, parsed.data.message, {
        status: response.status,
        response: parsed.data.response,
      });
    }
    throw new ApiError(
      `HTTP_${response.status}`,
      response.statusText || `Request failed with status ${response.status}`,
      { status: response.status },
    );
  }

  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(
      'INVALID_RESPONSE',
      `Unexpected answer from ${endpoint.method} ${endpoint.path}`,
      { status: response.status },
    );
  }
  return parsed.data as ResponseOf<E>;
}
