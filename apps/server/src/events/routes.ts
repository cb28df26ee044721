import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import {
  statusEventName,
  statusEventsHeartbeatSeconds,
  statusEventsRoute,
  type StatusEvent,
} from '@store/contract';
import type { ServerConfig } from '../config.ts';
import { clientAddressKey } from '../http/client-address.ts';
import { RateLimitedError } from '../http/rate-limits.ts';
import type { StatusFeed } from './status-feed.ts';

/**
 * What a stream may hold unsent. A client that stops reading (one that never reads, a connection
 * gone silent) had every later event kept in memory for it until its session expired; past this
 * it is dropped instead, and a client that comes back reconnects and reads the statuses anew.
 */
const maxUnsentBytes = 256 * 1024;

/** How long an ended stream's client has to take its last bytes before its socket is closed. */
const endGraceMs = 5_000;

/**
 * Ends a stream. One with events still unsent is dropped instead: ended, it would wait for a
 * client that may never read them, holding its socket and its place among the streams for good;
 * so is one whose end the client has not taken within a moment (its socket's own buffers full).
 */
function endStream(stream: ServerResponse): void {
  if (stream.writableLength > 0) {
    stream.destroy();
    return;
  }
  stream.end();
  // The end itself may wait on a client whose socket buffers are full: it has a moment.
  setTimeout(() => {
    if (!stream.writableFinished) stream.destroy();
  }, endGraceMs).unref();
}

/**
 * GET /api/events: the signed-in customer's status changes as Server-Sent Events (the format is
 * in packages/contract/src/events.ts and the README). The session decides the app and customer;
 * nothing in the request can widen them.
 */
export function registerStatusEventRoutes(
  app: FastifyInstance,
  {
    feed,
    limits,
    heartbeatMs = statusEventsHeartbeatSeconds * 1000,
  }: {
    feed: StatusFeed;
    limits: Pick<
      ServerConfig['connections'],
      'streamsPerCustomer' | 'streamsPerAddress' | 'streamsPerInstance'
    >;
    heartbeatMs?: number;
  },
): void {
  const open = new Set<ServerResponse>();
  /** Each customer's open streams, oldest first. */
  const byCustomer = new Map<string, ServerResponse[]>();
  /** Open streams per client address: many customers of one address cannot fill the instance. */
  const byAddress = new Map<string, number>();
  // Streams never go idle: without this, closing the server would wait for every client to leave.
  app.addHook('preClose', async () => {
    for (const stream of open) endStream(stream);
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
      const { appId, customerId, expiresAt } = request.session;
      // A full instance refuses; a customer at their cap loses their oldest stream (a tab left
      // open), so one token cannot hold the instance's sockets and a reload always connects.
      if (open.size >= limits.streamsPerInstance) {
        throw new RateLimitedError(statusEventsHeartbeatSeconds);
      }
      const customerKey = `${appId}/${customerId}`;
      const own = byCustomer.get(customerKey) ?? [];
      // A customer replacing their oldest stream holds no more than before; any other new stream
      // counts against its address, which may not hold the instance's streams for itself.
      const address = clientAddressKey(request.ip);
      const fromAddress = byAddress.get(address) ?? 0;
      if (own.length < limits.streamsPerCustomer && fromAddress >= limits.streamsPerAddress) {
        throw new RateLimitedError(statusEventsHeartbeatSeconds);
      }
      while (own.length >= limits.streamsPerCustomer) {
        const oldest = own.shift();
        if (oldest) endStream(oldest);
      }
      reply.hijack();
      const stream = reply.raw;
      // Written to Node's response, which has none of the headers the reply was given.
      stream.writeHead(200, {
        ...app.apiSecurityHeaders,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx would otherwise buffer the stream and deliver events late, in batches.
        'x-accel-buffering': 'no',
      });
      stream.write(': connected\n\n');
      open.add(stream);
      byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
      own.push(stream);
      byCustomer.set(customerKey, own);
      // Until the stream has closed, an event or a heartbeat may still come after its end: a write
      // then was an 'error' event no one listened to, which ended the process.
      const write = (chunk: string) => {
        if (stream.writableEnded || stream.destroyed) return;
        if (stream.writableLength > maxUnsentBytes) stream.destroy();
        else stream.write(chunk);
      };
      const send = (event: StatusEvent) => {
        write(`event: ${statusEventName}\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const unsubscribe = feed.subscribe(appId, customerId, send);
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      // The stream ends with the session that opened it, at its expiry or when it signs out (on
      // any instance): the client reconnects with a new token. (A timer's delay is at most
      // 2^31 - 1 ms; a longer session is ended then, and reconnects.)
      const stopWatchingSignOut = app.watchSignOut(request.session, () => endStream(stream));
      const expiry = setTimeout(
        () => endStream(stream),
        Math.min(2 ** 31 - 1, Math.max(0, expiresAt - Date.now())),
      );
      expiry.unref();
      let tornDown = false;
      const teardown = () => {
        if (tornDown) return;
        tornDown = true;
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
        clearInterval(heartbeat);
        clearTimeout(expiry);
        stopWatchingSignOut();
        unsubscribe();
        open.delete(stream);
        const index = own.indexOf(stream);
        if (index >= 0) own.splice(index, 1);
        if (own.length === 0 && byCustomer.get(customerKey) === own) byCustomer.delete(customerKey);
      };
      request.raw.once('close', teardown);
      stream.once('close', teardown);
    },
  });
}
