import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pacedLoad } from './bench-paced.ts';

let server: Server | undefined;

afterEach(() => {
  server?.close();
  server = undefined;
});

/** A server answering every request with `answer`; its URL. */
async function serving(answer: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(answer);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Answers cut off part way: headers and a first byte, then the socket goes. */
const cuttingServer = () =>
  serving((_request, response) => {
    response.writeHead(200, { 'content-length': '100' });
    response.write('x', () => response.socket?.destroy());
  });

describe('a paced load', () => {
  it('counts every whole answer', async () => {
    const url = await serving((_request, response) => response.end('{}'));
    const result = await pacedLoad(url, {
      rate: 100,
      seconds: 0.05,
      request: { method: 'GET', path: '/', headers: {} },
    });
    expect(result).toMatchObject({ sent: 5, ok: 5, failed: 0 });
  });

  it('counts a 2xx answer whose body is not the one measured as failed', async () => {
    let answered = 0;
    const url = await serving((_request, response) =>
      response.end(answered++ % 2 ? '{"status":"PENDING"}' : '{"status":"REQUIRES_ACTION"}'),
    );
    const result = await pacedLoad(url, {
      rate: 100,
      seconds: 0.04,
      request: {
        method: 'GET',
        path: '/',
        headers: {},
        verifyBody: (body) => body.includes('"status":"REQUIRES_ACTION"'),
      },
    });
    expect(result).toMatchObject({ sent: 4, ok: 2, failed: 2 });
  });

  it('counts an answer cut off part way as failed, and ends', async () => {
    const url = await cuttingServer();
    const result = await pacedLoad(url, {
      rate: 100,
      seconds: 0.05,
      request: { method: 'GET', path: '/', headers: {} },
    });
    expect(result).toMatchObject({ sent: 5, ok: 0, failed: 5 });
  }, 10_000);
});
