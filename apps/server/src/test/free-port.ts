import { createServer } from 'node:net';

/**
 * Ports picked here lie below Linux's ephemeral range (32768 to 60999), which the kernel hands to
 * every `listen(0)` and outgoing connection: a port taken from that range was often given to
 * another test's server in the seconds before its own server bound it (EADDRINUSE). Each Vitest
 * worker takes its own block, so two workers never pick the same port either.
 */
const firstPort = 20_000;
const portsPerWorker = 1_000;
const workerBlocks = 12;
let nextInBlock = 0;

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A port nobody listens on right now, for servers that must know each other's address first. */
export async function findFreePort(): Promise<number> {
  const worker = Number(process.env.VITEST_POOL_ID ?? 0) % workerBlocks;
  const block = firstPort + worker * portsPerWorker;
  for (let tried = 0; tried < portsPerWorker; tried += 1) {
    const port = block + (nextInBlock++ % portsPerWorker);
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port in ${block} to ${block + portsPerWorker - 1}`);
}
