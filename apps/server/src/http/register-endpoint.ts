import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@store/contract';
import { PreparedAnswers } from './prepared-answer.ts';
import type { RequestsInFlight } from './requests-in-flight.ts';
import { serializerCompiler } from './response-serializer.ts';
import { SerializedResponse } from './serialized-response.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What each customer and address has this instance answering at once (buildApp's). */
    requestsInFlight: RequestsInFlight;
  }
}

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

/**
 * A promise of the answer; or an answer already serialised and in memory, given without one (the
 * catalogue's), so that the most frequent request waits on no promise of its own.
 */
type Returned<E extends Endpoint> = Promise<Answer<E>> | SerializedResponse<ResponseOf<E>>;

type Handler<E extends Endpoint> = E['auth'] extends true
  ? (input: AuthenticatedInput<E>) => Returned<E>
  : (input: EndpointInput<E>) => Returned<E>;

export interface EndpointOptions<E extends Endpoint> {
  /**
   * The success answer as JSON, made without the contract's serializer: for a hot route whose
   * answer a hand-written encoder makes for less. Undefined for an answer it does not vouch for,
   * which the contract's serializer then encodes (or refuses) as on every other route; its tests
   * must show it encodes what the contract's does. Its bytes may be given as a Buffer, which Node
   * writes beside the headers instead of joining a string to them first.
   */
  encode?: (answer: ResponseOf<E>) => Buffer | string | undefined;
  /**
   * The answer almost always comes from memory (the catalogue's: one read per app and interval):
   * not counted among the requests in flight, which bound what waits on the database or the
   * provider.
   */
  answeredFromMemory?: boolean;
}

/**
 * Registers a route from its contract definition: the contract's schemas validate the request,
 * serialise the response and describe it in OpenAPI, and `auth` endpoints get the session.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  { encode, answeredFromMemory = false }: EndpointOptions<E> = {},
): void {
  const status = endpoint.successStatus ?? 200;
  const preparedAnswers = new PreparedAnswers(app.apiSecurityHeaders, status);
  const inFlight = answeredFromMemory ? undefined : app.requestsInFlight;
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
    ...(encode
      ? {
          serializerCompiler: (route: FastifyRouteSchemaDef<unknown>) => {
            const contractSerializer = serializerCompiler(
              route as Parameters<typeof serializerCompiler>[0],
            );
            if (route.httpStatus !== String(status)) return contractSerializer;
            // Fastify writes a Buffer from a serializer as it writes one given to reply.send
            // (onSendEnd takes either); its types name only a string.
            return (answer: ResponseOf<E>) =>
              (encode(answer) as string | undefined) ?? contractSerializer(answer);
          },
        }
      : {}),
    handler: (request, reply) => {
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
        request,
        session: request.session,
      } as AuthenticatedInput<E>;
      const leave = inFlight?.take(request, endpoint.auth ? request.session.customerId : undefined);
      let answer: Returned<E>;
      try {
        answer = (handler as (i: AuthenticatedInput<E>) => Returned<E>)(input);
      } catch (error) {
        leave?.();
        throw error;
      }
      if (answer instanceof SerializedResponse) {
        leave?.();
        preparedAnswers.send(request, reply, answer);
        return;
      }
      return (leave ? answer.finally(leave) : answer).then((result) => {
        if (result instanceof SerializedResponse) preparedAnswers.send(request, reply, result);
        else void reply.status(status).send(result);
        return reply;
      });
    },
  });
}
