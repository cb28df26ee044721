import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@store/contract';
import { SerializedResponse } from './serialized-response.ts';

export interface EndpointInput<E extends Endpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  request: FastifyRequest;
}

export interface AuthenticatedInput<E extends Endpoint> extends EndpointInput<E> {
  /** The signed-in caller, which the authenticate plugin puts on the request. */
  session: FastifyRequest['session'];
}

/** The answer, or the same already serialised (see SerializedResponse). */
type Answer<E extends Endpoint> = ResponseOf<E> | SerializedResponse<ResponseOf<E>>;

type Handler<E extends Endpoint> = E['auth'] extends true
  ? (input: AuthenticatedInput<E>) => Promise<Answer<E>>
  : (input: EndpointInput<E>) => Promise<Answer<E>>;

/**
 * Registers a route from its contract definition: the contract's schemas validate the request,
 * serialise the response and describe it in OpenAPI, and `auth` endpoints get the session.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
): void {
  const status = endpoint.successStatus ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.auth ? { security: [{ bearerAuth: [] }] } : {}),
      response: { [status]: endpoint.response, '4xx': apiErrorSchema, '5xx': apiErrorSchema },
    },
    ...(endpoint.auth ? { onRequest: app.authenticate } : {}),
    handler: async (request, reply) => {
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
        request,
        session: request.session,
      } as AuthenticatedInput<E>;
      const result = await (handler as (i: AuthenticatedInput<E>) => Promise<Answer<E>>)(input);
      if (result instanceof SerializedResponse) {
        // Private (it is the caller's app's), and revalidated on every use: its ETag makes that
        // a 304 without a body while it has not changed.
        void reply.header('etag', result.etag).header('cache-control', 'private, no-cache');
        if (result.matches(request.headers['if-none-match'])) return reply.status(304).send();
        // A JSON string with a JSON content type skips the route's serializer.
        return reply.status(status).type('application/json; charset=utf-8').send(result.json);
      }
      return reply.status(status).send(result);
    },
  });
}
