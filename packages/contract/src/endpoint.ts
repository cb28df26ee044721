import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One storefront API call: the server registers a route from it and the web client calls it,
 * so the path, payloads and auth rule are written once.
 */
export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
  Auth extends boolean = boolean,
> {
  method: HttpMethod;
  /** Fastify-style path below /api, e.g. `/products/:productId`. */
  path: string;
  /** False only for the calls the specification lists as open (login, vouchers). */
  auth: Auth;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /** Status of a successful answer; 200 when absent. */
  successStatus?: number;
  summary: string;
}

export function endpoint<
  Params extends z.ZodType,
  Query extends z.ZodType,
  Body extends z.ZodType,
  Response extends z.ZodType,
  const Auth extends boolean,
>(definition: Endpoint<Params, Query, Body, Response, Auth>) {
  return definition;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : never;
export type ParamsOf<E> = E extends Endpoint<infer P> ? Infer<P> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q> ? Infer<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B> ? Infer<B> : never;
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? Infer<R> : never;

/** Fills `:name` segments of an endpoint path. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
