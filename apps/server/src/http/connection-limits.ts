import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { compile as compileTrust } from '@fastify/proxy-addr';
import { clientAddressKey } from './client-address.ts';

/**
 * The limits on sockets that no request governs yet. Node times a request only from its first
 * byte, and the instance's MAX_CONNECTIONS is one figure for every client: without these, one
 * address holding sockets open (silent ones, never timed out, or kept alive with a request a
 * minute) takes every socket of the instance, and every other customer's connection is closed at
 * once.
 */
export interface ConnectionLimits {
  /** Sockets one client address may hold open at once; beyond, a new one is closed at once. */
  perAddress: number;
  /** How long a new socket may stay silent: a socket with no request by then is dropped. */
  firstRequestMs: number;
  /**
   * The reverse proxies (addresses or CIDR ranges, TRUST_PROXY): their sockets carry many
   * clients, so they are not counted as one; the proxy limits its own clients.
   */
  trustedProxies: string[];
}

/** Applies the limits to every socket the server accepts. */
export function limitConnections(server: Server, limits: ConnectionLimits): void {
  // Read as Fastify reads TRUST_PROXY for X-Forwarded-For (the same parser), so the two agree
  // on which peers are proxies.
  const isProxy = compileTrust(limits.trustedProxies);
  const openByAddress = new Map<string, number>();
  /** Each new socket's deadline for its first request, cleared once one arrives. */
  const silenceDeadlines = new WeakMap<Socket, NodeJS.Timeout>();

  server.on('connection', (socket: Socket) => {
    const remote = socket.remoteAddress ?? '';
    const deadline = setTimeout(() => socket.destroy(), limits.firstRequestMs);
    deadline.unref();
    silenceDeadlines.set(socket, deadline);
    socket.once('close', () => clearTimeout(deadline));
    if (!remote || isProxy(remote, 0)) return;
    const address = clientAddressKey(remote);
    const open = openByAddress.get(address) ?? 0;
    if (open >= limits.perAddress) {
      socket.destroy();
      return;
    }
    openByAddress.set(address, open + 1);
    socket.once('close', () => {
      const left = (openByAddress.get(address) ?? 1) - 1;
      if (left > 0) openByAddress.set(address, left);
      else openByAddress.delete(address);
    });
  });
  // From its first request on, a socket is timed by Node's own checks (headers, request,
  // keep-alive) and by the store's body deadline.
  server.on('request', (request: { socket: Socket }) => {
    const deadline = silenceDeadlines.get(request.socket);
    if (deadline === undefined) return;
    clearTimeout(deadline);
    silenceDeadlines.delete(request.socket);
  });
}
