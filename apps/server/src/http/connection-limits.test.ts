import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { waitFor } from '../test/wait-for.ts';

const perAddress = 20;
const requestTimeoutMs = 1_500;
/** Loopback is 127.0.0.0/8 on Linux: each of these is another client address on this machine. */
const flooderAddress = '127.0.0.3';
const bystanderAddress = '127.0.0.4';
/** How long the server may take to close what it must, on a loaded machine. */
const closedWithinMs = 10_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    CONNECTIONS_PER_ADDRESS: String(perAddress),
    REQUEST_TIMEOUT_MS: String(requestTimeoutMs),
  });
});
afterAll(() => server?.close());

/** A socket from `localAddress` that sends nothing; `isClosed` says whether the server closed it. */
function silentSocket(
  localAddress: string,
  to: TestServer = server,
): Promise<{ socket: Socket; isClosed: () => boolean }> {
  const { port, hostname } = new URL(to.url);
  return new Promise((resolve, reject) => {
    let closed = false;
    const socket = connect({ port: Number(port), host: hostname, localAddress }, () =>
      resolve({ socket, isClosed: () => closed }),
    );
    socket.once('close', () => (closed = true));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

/** GET /api/vouchers from `localAddress` on a socket of its own, kept alive afterwards. */
function vouchersFrom(
  localAddress: string,
  to: TestServer = server,
): Promise<{ status: number; socket: Socket }> {
  const { port, hostname } = new URL(to.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: hostname,
        port: Number(port),
        path: '/api/vouchers?app_id=demo-id',
        localAddress,
        agent: false,
        headers: { connection: 'keep-alive' },
        timeout: closedWithinMs,
      },
      (response) => {
        response.resume();
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, socket: request.socket! }),
        );
      },
    );
    request.once('timeout', () => request.destroy(new Error('no answer in time')));
    request.once('error', reject);
    request.end();
  });
}

describe('sockets that no request governs yet', () => {
  it("closes at once a socket beyond one address's share, and another address is still served", async () => {
    const held: Awaited<ReturnType<typeof silentSocket>>[] = [];
    for (let i = 0; i < perAddress; i += 1) held.push(await silentSocket(flooderAddress));
    try {
      const beyond = await silentSocket(flooderAddress);
      // Closed by the server at once: while the share it was refused from is still held.
      const heldWhenClosed = await waitFor(
        'the socket beyond the share closed while the share was still held',
        () => beyond.isClosed() && held.filter((socket) => !socket.isClosed()).length,
        closedWithinMs,
      );
      expect(heldWhenClosed).toBe(perAddress);
      expect((await vouchersFrom(bystanderAddress)).status).toBe(200);
    } finally {
      for (const { socket } of held) socket.destroy();
    }
  });

  it('drops a socket that sends nothing once the time for a request is up, and not one that asked', async () => {
    const silent = await silentSocket(flooderAddress);
    const asked = await vouchersFrom(flooderAddress);
    expect(asked.status).toBe(200);
    let askedClosed = false;
    asked.socket.once('close', () => (askedClosed = true));
    try {
      await waitFor('the silent socket still open', () => silent.isClosed(), closedWithinMs);
      // The socket that sent a request is timed by keep-alive (seconds longer), not by silence.
      expect(askedClosed).toBe(false);
    } finally {
      silent.socket.destroy();
      asked.socket.destroy();
    }
  });

  it('does not count the sockets of a trusted proxy, which carry many clients', async () => {
    const proxyAddress = '127.0.0.5';
    const behindProxy = await startTestServer({
      CONNECTIONS_PER_ADDRESS: String(perAddress),
      REQUEST_TIMEOUT_MS: String(requestTimeoutMs),
      // A range written with a mask, as TRUST_PROXY also takes them.
      TRUST_PROXY: `${proxyAddress}/255.255.255.255`,
    });
    const held: Awaited<ReturnType<typeof silentSocket>>[] = [];
    try {
      for (let i = 0; i < perAddress; i += 1) {
        held.push(await silentSocket(proxyAddress, behindProxy));
      }
      const beyond = await vouchersFrom(proxyAddress, behindProxy);
      beyond.socket.destroy();
      expect(beyond.status).toBe(200);
    } finally {
      for (const { socket } of held) socket.destroy();
      await behindProxy.close();
    }
  });
});
