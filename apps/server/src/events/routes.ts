import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import {
  statusEventName,
  statusEventsHeartbeatSeconds,
  statusEventsRoute,
  type StatusEvent,
} from '@store/contract';
import type { StatusFeed } from './status-feed.ts';

/**
 * GET /api/events: the signed-in customer's status changes as Server-Sent Events (the format is
 * in packages/contract/src/events.ts and the README). The session decides the app and customer;
 * nothing in the request can widen them.
 */
export function registerStatusEventRoutes(
  app: FastifyInstance,
  {
    feed,
    heartbeatMs = statusEventsHeartbeatSeconds * 1000,
  }: { feed: StatusFeed; heartbeatMs?: number },
): void {
  const open = new Set<ServerResponse>();
  // Streams never go idle: without this, closing the server would wait for every client to leave.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  app.route({
    method: statusEventsRoute.method,
    url: statusEventsRoute.path,
    schema: {
      summary: "The signed-in customer's status changes (Server-Sent Events; ids only)",
      security: [{ bearerAuth: [] }],
    },
    onRequest: app.authenticate,
    handler: (request, reply) => {
      const { appId, customerId } = request.session;
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx would otherwise buffer the stream and deliver events late, in batches.
        'x-accel-buffering': 'no',
      });
      stream.write(': connected\n\n');
      open.add(stream);
      const send = (event: StatusEvent) => {
        stream.write(`event: ${statusEventName}\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const unsubscribe = feed.subscribe(appId, customerId, send);
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      const teardown = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
      };
      request.raw.once('close', teardown);
      stream.once('close', teardown);
    },
  });
}
