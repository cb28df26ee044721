import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { parse } from 'zod/v4/core';
import { api } from '@store/contract';
import { products } from '../db/schema.ts';
import { apiSecurityHeaders, securityHeaders } from '../http/security.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let indonesianToken: string;
let philippineToken: string;
beforeAll(async () => {
  server = await startTestServer();
  indonesianToken = await server.signIn('shopper@example.com', 'demo-id');
  philippineToken = await server.signIn('shopper@example.com', 'demo-ph');
});
afterAll(() => server?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('GET /api/products', () => {
  it('answers 401 with an error_code without a token', async () => {
    const response = await server.app.inject({ url: '/api/products' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error_code: 'UNAUTHORIZED',
      message: 'A bearer session token is required',
    });
  });

  it("lists the token's app catalogue in its currency", async () => {
    const id = await server.app.inject({ url: '/api/products', headers: bearer(indonesianToken) });
    const ph = await server.app.inject({ url: '/api/products', headers: bearer(philippineToken) });
    expect(id.statusCode).toBe(200);
    const idProducts = id.json().products as { id: string; price: { currency: string } }[];
    const phProducts = ph.json().products as { id: string; price: { currency: string } }[];
    expect(idProducts.length).toBeGreaterThanOrEqual(12);
    expect(phProducts.length).toBeGreaterThanOrEqual(12);
    expect(new Set(idProducts.map((p) => p.price.currency))).toEqual(new Set(['IDR']));
    expect(new Set(phProducts.map((p) => p.price.currency))).toEqual(new Set(['PHP']));
    expect(idProducts.some((p) => p.id.startsWith('ph-'))).toBe(false);
  });

  it('answers the JSON its contract schema describes, from the cache as at first', async () => {
    const first = await server.app.inject({
      url: '/api/products',
      headers: bearer(indonesianToken),
    });
    const cached = await server.app.inject({
      url: '/api/products',
      headers: bearer(indonesianToken),
    });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    // Parsing drops what the schema does not name: equal means the answer is exactly the schema's.
    expect(parse(api.listProducts.response, first.json())).toEqual(first.json());
    expect(cached.body).toBe(first.body);
    const openApi = (await server.app.inject({ url: '/api/docs/json' })).json();
    const described = openApi.paths['/api/products'].get.responses['200'];
    expect(described.content['application/json'].schema.properties).toHaveProperty('products');
  });

  it('serves every product image from the repository', async () => {
    const response = await server.app.inject({
      url: '/api/products',
      headers: bearer(indonesianToken),
    });
    for (const product of response.json().products as { image_url: string }[]) {
      expect(product.image_url).toMatch(/^\/images\//);
      const image = await server.app.inject({ url: product.image_url });
      expect(image.statusCode, product.image_url).toBe(200);
      expect(image.headers['content-type']).toContain('image/svg+xml');
    }
  });
});

describe('GET /api/products, revalidated by its ETag', () => {
  const list = (token: string, headers: Record<string, string> = {}) =>
    server.app.inject({ url: '/api/products', headers: { ...bearer(token), ...headers } });

  it('tags the listing with a strong ETag, the same while the catalogue is, and its own per app', async () => {
    const first = await list(indonesianToken);
    const again = await list(indonesianToken);
    const other = await list(philippineToken);
    expect(first.headers.etag).toMatch(/^"[\w-]{32}"$/);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(other.headers.etag).not.toBe(first.headers.etag);
    expect(first.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers 304 without a body to If-None-Match naming the ETag, and 200 to any other', async () => {
    const { etag } = (await list(indonesianToken)).headers as { etag: string };
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await list(indonesianToken, { 'if-none-match': ifNoneMatch });
      expect(response.statusCode, ifNoneMatch).toBe(304);
      expect(response.body).toBe('');
      expect(response.headers.etag).toBe(etag);
    }
    const stale = await list(indonesianToken, { 'if-none-match': '"not-this-one"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().products.length).toBeGreaterThanOrEqual(12);
    // Another app's copy is not this one.
    const otherApp = await list(philippineToken, { 'if-none-match': etag });
    expect(otherApp.statusCode).toBe(200);
  });

  it('carries every security header of the other API answers, on 200, 304 and HEAD alike', async () => {
    const reference = (await server.app.inject({ url: '/api/health' })).headers;
    const security = Object.keys(apiSecurityHeaders(server.config));
    expect(security.length).toBeGreaterThan(0);
    const ok = await list(indonesianToken);
    const notModified = await list(indonesianToken, { 'if-none-match': ok.headers.etag! });
    const head = await server.app.inject({
      method: 'HEAD',
      url: '/api/products',
      headers: bearer(indonesianToken),
    });
    expect(head.body).toBe('');
    for (const response of [ok, notModified, head]) {
      for (const name of security) expect(response.headers[name], name).toBe(reference[name]);
    }
    // None of a page's own: they were most of the catalogue's headers and do nothing for JSON.
    for (const name of Object.keys(securityHeaders(server.config))) {
      if (!security.includes(name)) expect(ok.headers[name], name).toBeUndefined();
    }
    expect(ok.headers['content-length']).toBe(String(Buffer.byteLength(ok.body)));
    expect(head.headers['content-length']).toBe(ok.headers['content-length']);
    expect(notModified.headers['content-length']).toBeUndefined();
  });

  it('answers 401, not 304, to a request without a valid session that names the ETag', async () => {
    const { etag } = (await list(indonesianToken)).headers as { etag: string };
    const anonymous = await server.app.inject({
      url: '/api/products',
      headers: { 'if-none-match': etag },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error_code).toBe('UNAUTHORIZED');
    const forged = await list(`${indonesianToken.slice(0, -4)}AAAA`, { 'if-none-match': etag });
    expect(forged.statusCode).toBe(401);
  });

  it('answers the changed catalogue, with a new ETag, as soon as a product changes', async () => {
    const before = await list(indonesianToken);
    const mug = and(eq(products.appId, 'demo-id'), eq(products.id, 'id-ceramic-mug'));
    await server.db.update(products).set({ name: 'Ceramic Mug, glazed' }).where(mug);
    try {
      // The change reaches the server as a notification: no time bound is waited out.
      await vi.waitFor(
        async () => {
          const after = await list(indonesianToken, { 'if-none-match': before.headers.etag! });
          expect(after.statusCode).toBe(200);
          expect(after.headers.etag).not.toBe(before.headers.etag);
          const names = (after.json().products as { name: string }[]).map((p) => p.name);
          expect(names).toContain('Ceramic Mug, glazed');
        },
        { timeout: 3_000, interval: 20 },
      );
    } finally {
      await server.db.update(products).set({ name: 'Ceramic Mug' }).where(mug);
    }
    await vi.waitFor(
      async () => expect((await list(indonesianToken)).headers.etag).toBe(before.headers.etag),
      { timeout: 3_000, interval: 20 },
    );
  });
});

describe('GET /api/products/:productId', () => {
  it('answers one product of the app', async () => {
    const response = await server.app.inject({
      url: '/api/products/id-ceramic-mug',
      headers: bearer(indonesianToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: 'id-ceramic-mug',
      name: 'Ceramic Mug',
      price: { amount: 89000, currency: 'IDR' },
    });
  });

  it("answers 404 for another app's product", async () => {
    const response = await server.app.inject({
      url: '/api/products/ph-ceramic-mug',
      headers: bearer(indonesianToken),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error_code).toBe('NOT_FOUND');
  });
});

describe('GET /api/vouchers', () => {
  it("lists an app's vouchers without a token", async () => {
    const response = await server.app.inject({ url: '/api/vouchers?app_id=demo-id' });
    expect(response.statusCode).toBe(200);
    const codes = (response.json().vouchers as { code: string }[]).map((v) => v.code);
    expect(codes).toEqual(['HEMAT10', 'OVO25']);
  });

  it('offers no voucher in a live app, where the specification shows no voucher entry', async () => {
    const response = await server.app.inject({ url: '/api/vouchers?app_id=demo-ph' });
    expect(response.statusCode).toBe(200);
    expect(response.json().vouchers).toEqual([]);
  });

  it('answers 404 APP_NOT_FOUND for an app id the store does not know', async () => {
    const response = await server.app.inject({ url: '/api/vouchers?app_id=no-such-store' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error_code).toBe('APP_NOT_FOUND');
  });
});
