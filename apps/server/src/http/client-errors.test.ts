import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Sends raw bytes to the store and reads everything it answers until it closes the socket. */
function rawExchange(bytes: string): Promise<string> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.end(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.once('close', () => resolve(answer));
    socket.once('error', reject);
  });
}

/** The status, headers (lower-cased names) and JSON body of a raw answer. */
function parsed(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as unknown };
}

describe('HTTP the parser refuses', () => {
  it.each([
    [
      'headers over the limit',
      `GET /api/products HTTP/1.1\r\nhost: store\r\nx-long: ${'a'.repeat(17_000)}\r\n\r\n`,
      431,
      'HEADERS_TOO_LARGE',
    ],
    [
      'a malformed chunk size',
      'POST /api/auth/login HTTP/1.1\r\nhost: store\r\ntransfer-encoding: chunked\r\ncontent-type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
      400,
      'API_VALIDATION_ERROR',
    ],
    [
      'two Content-Lengths',
      'POST /api/auth/login HTTP/1.1\r\nhost: store\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\n{}',
      400,
      'API_VALIDATION_ERROR',
    ],
    ['a request line that is not one', 'GARBAGE\r\n\r\n', 400, 'API_VALIDATION_ERROR'],
  ])('answers %s in the one error shape, and closes', async (_name, bytes, status, errorCode) => {
    const answer = parsed(await rawExchange(bytes));
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error_code: errorCode, message: expect.any(String) });
    expect(answer.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-content-type-options': 'nosniff',
      connection: 'close',
    });
  });

  it('still answers a well-formed request on a new connection', async () => {
    const answer = await rawExchange(
      'GET /api/health HTTP/1.1\r\nhost: store\r\nconnection: close\r\n\r\n',
    );
    expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
  });
});
