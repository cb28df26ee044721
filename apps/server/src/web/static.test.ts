import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './static.ts';

const script = 'export const answer = 42;\n'.repeat(100);
let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  // A build as the web app's writes it: each text file with .br and .gz copies beside it.
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Store</title>');
  writeFileSync(join(dist, 'assets/app-1a2b.js'), script);
  writeFileSync(join(dist, 'assets/app-1a2b.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets/app-1a2b.js.gz'), gzipSync(script));
  app = Fastify();
  await registerWebApp(app, dist);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ])('is sent compressed to a browser accepting %s', async (accepted, encoding) => {
    const response = await app.inject({
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': accepted },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(script.length);
  });

  it('is sent as it is to a browser accepting no compression', async () => {
    const response = await app.inject({ url: '/assets/app-1a2b.js' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });

  it('keeps index.html out of caches', async () => {
    const response = await app.inject({ url: '/index.html' });
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
