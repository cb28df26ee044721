import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Product } from '@store/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// What the tests of the market apps share (markets.test.ts, market-attacks.test.ts): a store with a
// customer signed in to each market app, calls made as that customer, and the orders they send.

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface MarketStore {
  /** The running store, once the test file's beforeAll has started it. */
  readonly server: TestServer;
  /** Calls the storefront API as the app's customer, each call with its own idempotency key. */
  call(app: string, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Answer>;
  catalogue(app: string): Promise<Product[]>;
  firstProduct(app: string): Promise<Product>;
}

const marketApps = ['demo-my', 'demo-th', 'demo-vn', 'demo-sg', 'demo-sg-live'];

/**
 * Starts a store for the calling test file, before its tests and closed after them, with
 * `<customer>-<app>@example.com` signed in to each market app. State lives in the returned store,
 * never in this module, since a worker imports it once for all its files.
 */
export function useMarketStore(customer: string): MarketStore {
  let server: TestServer | undefined;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    server = await startTestServer();
    for (const app of marketApps) {
      tokens.set(app, await server.signIn(`${customer}-${app}@example.com`, app));
    }
  });
  afterAll(() => server?.close());

  const running = () => {
    if (!server) throw new Error('the market store is not running');
    return server;
  };
  const call: MarketStore['call'] = async (app, method, url, payload) => {
    const response = await fetch(new URL(url, running().url), {
      method,
      headers: {
        authorization: `Bearer ${tokens.get(app) ?? ''}`,
        'idempotency-key': randomUUID(),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: payload !== undefined ? JSON.stringify(payload) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const catalogue = async (app: string) =>
    ((await call(app, 'GET', '/api/products')).body as { products: Product[] }).products;

  return {
    get server() {
      return running();
    },
    call,
    catalogue,
    async firstProduct(app) {
      const [product] = await catalogue(app);
      if (!product) throw new Error(`${app} sells nothing`);
      return product;
    },
  };
}

/** An order line of one unit of a product, at its price. */
export const lineOf = (product: Product) => ({
  product_id: product.id,
  quantity: 1,
  price: product.price.amount,
  currency: product.price.currency,
});

/** A PAY order of one unit of each product, with a channel of the app's country. */
export function orderOf(country: string, channel: string, products: readonly Product[]) {
  const [first] = products;
  if (!first) throw new Error('an order needs a product');
  return {
    amount: products.reduce((sum, product) => sum + product.price.amount, 0),
    currency: first.price.currency,
    country,
    type: 'PAY',
    channel,
    orders: products.map(lineOf),
  };
}
