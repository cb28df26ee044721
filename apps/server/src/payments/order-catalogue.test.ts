import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mug, vaOrder } from '../../harness/helpers.ts';
import { apps, products, vouchers } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { waitFor } from '../test/wait-for.ts';

// A create prices its order from each instance's copy of the app, its products and vouchers: these
// prove that copy is never what decides once the rows have changed, and that the order of the
// refusals is the one a read of them before anything else gave.

async function create(server: TestServer, token: string, body: object, key = randomUUID()) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key, 'x-client-id': 'web' },
    payload: body,
  });
  return {
    status: response.statusCode,
    body: response.json() as { id?: string; error_code?: string; amount?: number },
    retryAfter: response.headers['retry-after'],
  };
}

describe('a create after the catalogue changed', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = await server.signIn('catalogue-changes@example.com');
  });
  afterAll(() => server?.close());

  it('refuses a voucher withdrawn since the last create used it', async () => {
    const withVoucher = vaOrder({ voucher_id: 'vch-id-hemat10', amount: 79_000 });
    expect((await create(server, token, withVoucher)).status).toBe(201);
    await server.db.update(vouchers).set({ active: 0 }).where(eq(vouchers.id, 'vch-id-hemat10'));
    try {
      // Announced at once: well within the copies' minute.
      const refused = await waitFor(
        'the withdrawn voucher refused',
        async () => {
          const answer = await create(server, token, withVoucher);
          return answer.status === 400 && answer;
        },
        2_000,
      );
      expect(refused.body.error_code).toBe('VOUCHER_NOT_FOUND');
    } finally {
      await server.db.update(vouchers).set({ active: 1 }).where(eq(vouchers.id, 'vch-id-hemat10'));
    }
    await waitFor(
      'the voucher back',
      async () => (await create(server, token, withVoucher)).status === 201,
      2_000,
    );
  });

  it('prices at a changed price, and refuses the old one', async () => {
    expect((await create(server, token, vaOrder())).status).toBe(201);
    await server.db
      .update(products)
      .set({ priceAmount: 95_000 })
      .where(eq(products.id, 'id-ceramic-mug'));
    try {
      const atNewPrice = vaOrder({ amount: 95_000, orders: [{ ...mug, price: 95_000 }] });
      const created = await waitFor(
        'the new price taken',
        async () => {
          const answer = await create(server, token, atNewPrice);
          return answer.status === 201 && answer;
        },
        2_000,
      );
      expect(created.body.amount).toBe(95_000);
      expect((await create(server, token, vaOrder())).body.error_code).toBe('PRICE_MISMATCH');
    } finally {
      await server.db
        .update(products)
        .set({ priceAmount: 89_000 })
        .where(eq(products.id, 'id-ceramic-mug'));
    }
  });

  // A change commits a few milliseconds before its announcement reaches the instances: with the
  // announcement held back (its trigger off for the change), the copy is still the old one, and
  // the create must not be priced from it.
  async function withoutAnnouncement(
    table: 'products' | 'vouchers',
    change: () => Promise<unknown>,
  ) {
    const trigger = `${table}_catalogue_changed`;
    await server.db.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`));
    try {
      await change();
    } finally {
      await server.db.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`));
    }
  }

  it('refuses a voucher withdrawn a moment ago, before the withdrawal is announced', async () => {
    const withVoucher = vaOrder({ voucher_id: 'vch-id-hemat10', amount: 79_000 });
    expect((await create(server, token, withVoucher)).status).toBe(201);
    await withoutAnnouncement('vouchers', () =>
      server.db.update(vouchers).set({ active: 0 }).where(eq(vouchers.id, 'vch-id-hemat10')),
    );
    try {
      const refused = await create(server, token, withVoucher);
      expect(refused.status).toBe(400);
      expect(refused.body.error_code).toBe('VOUCHER_NOT_FOUND');
    } finally {
      await server.db.update(vouchers).set({ active: 1 }).where(eq(vouchers.id, 'vch-id-hemat10'));
    }
  });

  it('prices at a price changed a moment ago, before the change is announced', async () => {
    expect((await create(server, token, vaOrder())).status).toBe(201);
    await withoutAnnouncement('products', () =>
      server.db
        .update(products)
        .set({ priceAmount: 95_000 })
        .where(eq(products.id, 'id-ceramic-mug')),
    );
    try {
      expect((await create(server, token, vaOrder())).body.error_code).toBe('PRICE_MISMATCH');
      const atNewPrice = vaOrder({ amount: 95_000, orders: [{ ...mug, price: 95_000 }] });
      const created = await create(server, token, atNewPrice);
      expect(created.status).toBe(201);
      expect(created.body.amount).toBe(95_000);
    } finally {
      await server.db
        .update(products)
        .set({ priceAmount: 89_000 })
        .where(eq(products.id, 'id-ceramic-mug'));
    }
  });

  it("sends the app's changed keys to the provider", async () => {
    expect((await create(server, token, vaOrder())).status).toBe(201);
    const [app] = await server.db.select().from(apps).where(eq(apps.id, 'demo-id'));
    await server.db
      .update(apps)
      .set({ xenditSecretKey: 'xnd_development_not_a_key' })
      .where(eq(apps.id, 'demo-id'));
    try {
      // The provider refuses a key it does not know: the create is refused, not sent with the old key.
      await waitFor(
        'the changed key used',
        async () => (await create(server, token, vaOrder())).status !== 201,
        2_000,
      );
    } finally {
      await server.db
        .update(apps)
        .set({ xenditSecretKey: app?.xenditSecretKey ?? null })
        .where(eq(apps.id, 'demo-id'));
    }
    await waitFor(
      'the key back',
      async () => (await create(server, token, vaOrder())).status === 201,
      2_000,
    );
  });
});

describe('the order of a create’s refusals', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ PAYMENT_CREATE_RATE_LIMIT_PER_MINUTE: '1' });
    token = await server.signIn('refusal-order@example.com');
  });
  afterAll(() => server?.close());

  it('tells a customer over budget so before anything about their order, and answers a retry', async () => {
    const key = randomUUID();
    const first = await create(server, token, vaOrder(), key);
    expect(first.status).toBe(201);
    const overBudget = await create(server, token, vaOrder());
    expect(overBudget.status).toBe(429);
    expect(Number(overBudget.retryAfter)).toBeGreaterThan(0);
    const unknownProduct = await create(
      server,
      token,
      vaOrder({ orders: [{ ...mug, product_id: 'id-gone' }] }),
    );
    expect(unknownProduct.status).toBe(429);
    const retry = await create(server, token, vaOrder(), key);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    const reused = await create(server, token, vaOrder({ channel: 'BNI_VIRTUAL_ACCOUNT' }), key);
    expect(reused.body.error_code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
