import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from './accounts.ts';
import type { SimContext } from './sim-context.ts';

export const authenticate = (
  ctx: SimContext,
  request: FastifyRequest,
  keyKind: Principal['keyKind'] = 'secret',
): Principal => ctx.keyring.authenticate(request.headers.authorization, keyKind);

export type IdParams = { Params: { id: string } };

/** Sends a provider answer (a JSON body with its status). */
export function answer(reply: FastifyReply, statusCode: number, body: unknown) {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}
