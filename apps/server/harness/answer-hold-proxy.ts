import { createConnection, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy (in front of PostgreSQL, say) whose answers the test can hold: while held, what the
 * server sends is kept, in order, until `release`. A query sent meanwhile has been run and answered
 * by the server, but its caller has not heard: a read taken before a change and seen after it.
 */
export interface AnswerHoldProxy {
  port: number;
  /** Keeps every answer from now on until `release`. */
  hold(): void;
  /** Bytes of answers kept so far. */
  readonly heldBytes: number;
  /** Passes the kept answers on, in order, and stops holding. */
  release(): void;
  close(): Promise<void>;
}

export async function startAnswerHoldProxy(host: string, port: number): Promise<AnswerHoldProxy> {
  let holding = false;
  let heldBytes = 0;
  const held: { client: Socket; chunk: Buffer }[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection({ host, port });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (!holding) {
        client.write(chunk);
        return;
      }
      heldBytes += chunk.length;
      held.push({ client, chunk });
    });
    upstream.on('end', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no proxy port');
  return {
    port: address.port,
    hold() {
      holding = true;
    },
    get heldBytes() {
      return heldBytes;
    },
    release() {
      holding = false;
      for (const { client, chunk } of held.splice(0)) client.write(chunk);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
