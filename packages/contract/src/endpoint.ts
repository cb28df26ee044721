import type { z } from 'zod';
import type * as core from 'zod/v4/core';
import type { ApiRoute } from './routes.ts';

export type { HttpMethod } from './routes.ts';

/** What one call carries and answers: the server checks requests, both sides check answers. */
export interface EndpointSchemas<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends core.$ZodType = core.$ZodType,
> {
  params?: Params;
  query?: Query;
  body?: Body;
  /** A zod/mini schema (see responses.ts): the browser checks answers with it too. */
  response: Response;
  /** Status of a successful answer; 200 when absent. */
  successStatus?: number;
  summary: string;
}

/**
 * One storefront API call: the server registers a route from it and the web client calls it,
 * so the path, payloads and auth rule are written once.
 */
export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends core.$ZodType = core.$ZodType,
  Auth extends boolean = boolean,
>
  extends ApiRoute<Auth>, EndpointSchemas<Params, Query, Body, Response> {}

/** An endpoint from its route (routes.ts) and its schemas. */
export function endpoint<
  const Route extends ApiRoute,
  Params extends z.ZodType,
  Query extends z.ZodType,
  Body extends z.ZodType,
  Response extends core.$ZodType,
>(
  route: Route,
  schemas: EndpointSchemas<Params, Query, Body, Response>,
): Route & Endpoint<Params, Query, Body, Response, Route['auth']> {
  return { ...route, ...schemas };
}

type Infer<T> = T extends core.$ZodType ? core.output<T> : never;
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
