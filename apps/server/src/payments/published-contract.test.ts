import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currencyExponents,
  exampleMobileNumber,
  type CardSession,
  type Channel,
  type Payment,
  type PaymentMethod,
  type Product,
} from '@store/contract';
import { marketChannel, type ProviderExchange } from '@store/xendit';
import {
  descriptionPath,
  descriptionPresent,
  loadPublishedDescription,
  outsideAllowList,
} from '@store/xendit-sim/published-description';
import { exchanges } from '../db/schema.ts';
import { collectCardData } from '../test/cards-script.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { waitFor } from '../test/wait-for.ts';

if (!descriptionPresent)
  console.warn(`Skipping the store's published contract: ${descriptionPath}`);

/** Every demo app: its id and whether /simulate pays its codes (development mode only). */
const everyApp = [
  { id: 'demo-id', development: true },
  { id: 'demo-ph', development: false },
  { id: 'demo-my', development: true },
  { id: 'demo-th', development: true },
  { id: 'demo-vn', development: true },
  { id: 'demo-sg', development: true },
  { id: 'demo-sg-live', development: false },
];

let server: TestServer;
let token: string;
let philippines: string;
const tokens = new Map<string, string>();
beforeAll(async () => {
  server = await startTestServer();
  token = await server.signIn('contract@example.com');
  philippines = await server.signIn('contract-ph@example.com', 'demo-ph');
  tokens.set('demo-id', token).set('demo-ph', philippines);
  for (const app of everyApp.slice(2)) {
    tokens.set(app.id, await server.signIn(`contract-${app.id}@example.com`, app.id));
  }
});
afterAll(() => server?.close());

async function call(method: 'GET' | 'POST', url: string, payload?: object, as = token) {
  return server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${as}`, 'idempotency-key': randomUUID() },
    payload,
  });
}

const mug = { product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' };
const order = (overrides: Record<string, unknown>) => ({
  amount: 89_000,
  currency: 'IDR',
  country: 'ID',
  type: 'PAY',
  orders: [mug],
  ...overrides,
});

async function pay(body: object, as = token): Promise<Payment> {
  const response = await call('POST', '/api/payments', body, as);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Payment;
}

function waitForStatus(id: string, status: string, as = token): Promise<Payment> {
  return waitFor(`${id} ${status}`, async () => {
    const payment = (await call('GET', `/api/payments/${id}`, undefined, as)).json() as Payment;
    return payment.status === status && payment;
  });
}

async function decide(pageUrl: string, decision: string) {
  await fetch(pageUrl, {
    method: 'POST',
    body: new URLSearchParams({ decision }),
    redirect: 'manual',
  });
}

/** The store's own flows through its API; the provider calls they make are what is judged. */
async function walkTheStore(): Promise<string[]> {
  const ids: string[] = [];
  const va = await pay(order({ channel: 'BCA_VIRTUAL_ACCOUNT' }));
  await call('POST', `/api/payments/${va.id}/simulate`);
  const paid = await waitForStatus(va.id, 'SUCCEEDED');
  await call('POST', `/api/payments/${va.id}/refund`, { orders: [paid.orders[0]?.id] });
  const canceled = await pay(order({ channel: 'BCA_VIRTUAL_ACCOUNT' }));
  await call('POST', `/api/payments/${canceled.id}/cancel`);
  const dana = await pay(order({ channel: 'DANA' }));
  await decide(dana.actions[0]?.value ?? '', 'approve');
  await waitForStatus(dana.id, 'SUCCEEDED');
  const ovo = await pay(
    order({ channel: 'OVO', channel_properties: { mobile_number: '+628111111111' } }),
  );
  await waitForStatus(ovo.id, 'SUCCEEDED');
  const bri = await pay(
    order({ channel: 'BRI_DIRECT_DEBIT', channel_properties: { mobile_number: '+628111111111' } }),
  );
  await call('POST', `/api/payments/${bri.id}/validate_otp`, { otp_code: '222000' });
  const bpi = await pay(
    {
      amount: 32_000,
      currency: 'PHP',
      country: 'PH',
      type: 'PAY',
      channel: 'BPI_DIRECT_DEBIT',
      channel_properties: { mobile_number: '+639171234567' },
      orders: [{ product_id: 'ph-ceramic-mug', quantity: 1, price: 32_000, currency: 'PHP' }],
    },
    philippines,
  );
  // BPI asks for its OTP with DEBIT_ACCOUNT; the store sends the customer to its OTP screen.
  expect(bpi.actions[0]?.value).toBe(`/payments/new/${bpi.id}/otp`);
  const bpiPaid = await call(
    'POST',
    `/api/payments/${bpi.id}/validate_otp`,
    { otp_code: '222000' },
    philippines,
  );
  expect(bpiPaid.json().status).toBe('SUCCEEDED');

  const linked = (
    await call('POST', '/api/payment_methods', {
      country: 'ID',
      reference_id: randomUUID().slice(0, 8),
      channel: 'DANA',
    })
  ).json() as PaymentMethod;
  await decide(linked.actions[0]?.value ?? '', 'link');
  await waitFor(
    'the method ACTIVE',
    async () => (await call('GET', `/api/payment_methods/${linked.id}`)).json().status === 'ACTIVE',
  );
  const saved = await pay(order({ payment_token_id: linked.id }));
  await waitForStatus(saved.id, 'SUCCEEDED');
  const payAndSave = await pay(order({ channel: 'DANA', type: 'PAY_AND_SAVE' }));
  await decide(payAndSave.actions[0]?.value ?? '', 'approve');
  await waitForStatus(payAndSave.id, 'SUCCEEDED');

  const debitLink = (
    await call('POST', '/api/payment_methods', {
      country: 'ID',
      reference_id: randomUUID().slice(0, 8),
      channel: 'BRI_DIRECT_DEBIT',
      channel_properties: { mobile_number: '+628111111111' },
    })
  ).json() as PaymentMethod;
  await call('POST', `/api/payment_methods/${debitLink.id}/validate_otp`, { otp_code: '333000' });
  await call('POST', `/api/payment_methods/${debitLink.id}/cancel`);

  // A card through the cards session, paid as the provider's script would from the browser.
  const session = (
    await call('POST', '/api/payments/cards', { orders: [mug], country: 'ID', currency: 'IDR' })
  ).json() as CardSession;
  const collected = await collectCardData(server.xendit.url, session, '4000000000001000');
  const card = await call('POST', `/api/payments/cards/session/${session.id}/complete`, {
    payment_request_id: collected.payment_request_id,
  });
  expect(card.json().status).toBe('SUCCEEDED');

  await walkTheHostedCheckout();
  ids.push(await payWithSavedTouchNGo());
  ids.push(va.id, canceled.id, dana.id, ovo.id, bri.id, bpi.id, saved.id, payAndSave.id);
  return ids;
}

/**
 * A saved Touch 'n Go in Malaysia, paid with: the PayWithToken body with return URLs, as the
 * description's PAY_WithToken_TOUCHNGO sends it, approved on the wallet's page.
 */
async function payWithSavedTouchNGo(): Promise<string> {
  const malaysia = tokens.get('demo-my') ?? '';
  const linked = (
    await call(
      'POST',
      '/api/payment_methods',
      { country: 'MY', reference_id: randomUUID().slice(0, 8), channel: 'TOUCHNGO' },
      malaysia,
    )
  ).json() as PaymentMethod;
  await decide(linked.actions[0]?.value ?? '', 'link');
  await waitFor(
    'the Touch n Go method ACTIVE',
    async () =>
      (await call('GET', `/api/payment_methods/${linked.id}`, undefined, malaysia)).json()
        .status === 'ACTIVE',
  );
  const { products } = (await call('GET', '/api/products', undefined, malaysia)).json() as {
    products: Product[];
  };
  const [product] = products;
  if (!product) throw new Error('no product in demo-my');
  const { amount, currency } = product.price;
  const saved = await pay(
    {
      amount,
      currency,
      country: 'MY',
      type: 'PAY',
      payment_token_id: linked.id,
      orders: [{ product_id: product.id, quantity: 1, price: amount, currency }],
    },
    malaysia,
  );
  await decide(pageOf(saved), 'approve');
  await waitForStatus(saved.id, 'SUCCEEDED', malaysia);
  return saved.id;
}

/** A form the customer posts on the provider's hosted checkout. */
const choose = (page: string, form: Record<string, string>) =>
  fetch(`${page}/pay`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
const hostedCard = {
  channel: 'CARDS',
  card_number: '4000000000001000',
  expiry_month: '12',
  expiry_year: '2030',
  cvn: '123',
};
const pageOf = (subject: { actions: { type: string; value: string | null }[] }) =>
  subject.actions.find((action) => action.type === 'REDIRECT_CUSTOMER')?.value ?? '';

/**
 * The hosted checkout (PAYMENT_LINK sessions): a pay-and-save paid there, a method saved there,
 * a payment cancelled and one whose session expired; each session read back from its webhook.
 */
async function walkTheHostedCheckout() {
  const hosted = async (type: string) => {
    const response = await call('POST', '/api/payments/checkout_session', order({ type }));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Payment;
  };
  const paidThere = await hosted('PAY_AND_SAVE');
  await choose(pageOf(paidThere), hostedCard);
  await waitForStatus(paidThere.id, 'SUCCEEDED');

  const savedThere = (
    await call('POST', '/api/payment_methods/checkout_session', {
      country: 'ID',
      reference_id: randomUUID().slice(0, 8),
    })
  ).json() as PaymentMethod;
  await choose(pageOf(savedThere), hostedCard);
  await waitFor(
    'the hosted method ACTIVE',
    async () =>
      (await call('GET', `/api/payment_methods/${savedThere.id}`)).json().status === 'ACTIVE',
  );

  const cancelledThere = await hosted('PAY');
  await call('POST', `/api/payments/${cancelledThere.id}/cancel`);
  const expiredThere = await hosted('PAY');
  await server.simulatorCall(`/_sim/sessions/${pageOf(expiredThere).split('/').pop()}/expire`, {});
  await waitForStatus(expiredThere.id, 'FAILED');
}

/**
 * Every channel every app offers, paid once with what its form asks for (a mobile number of the
 * app's country where one is needed), so each one's create, its action and its webhooks are judged
 * too. Codes the customer presents are paid by /simulate in development apps; cards go through a
 * card session and the cards script.
 */
async function payOnEveryChannel(): Promise<{
  ids: string[];
  channels: string[];
  simulated: string[];
  /** Channels whose limits no product of the catalogue falls within. */
  unpayable: string[];
}> {
  const ids: string[] = [];
  const channels: string[] = [];
  const simulated: string[] = [];
  const unpayable: string[] = [];
  for (const app of everyApp) {
    const as = tokens.get(app.id) ?? '';
    const { products } = (await call('GET', '/api/products', undefined, as)).json() as {
      products: Product[];
    };
    if (products.length === 0) throw new Error(`no product to pay for in ${app.id}`);
    const offered = (await call('GET', '/api/config/channels', undefined, as)).json() as {
      channels: Channel[];
    };
    for (const channel of offered.channels) {
      // The first product the channel's documented limits take (PHP 500 at least on RCBC online
      // banking, say); none for PESONet, which starts above the whole catalogue.
      const limits = marketChannel(channel.country, channel.code);
      const product = products.find(({ price }) => {
        const major = price.amount / 10 ** currencyExponents[price.currency];
        return !limits || (major >= limits.min && major <= limits.max);
      });
      if (!product) {
        unpayable.push(`${channel.country} ${channel.code}`);
        continue;
      }
      const { amount, currency } = product.price;
      const line = { product_id: product.id, quantity: 1, price: amount, currency };
      if (channel.creation_workflow_type === 'CARDS_SESSION_JS') {
        const session = (
          await call(
            'POST',
            '/api/payments/cards',
            { orders: [line], country: channel.country, currency },
            as,
          )
        ).json() as CardSession;
        const collected = await collectCardData(server.xendit.url, session, '4000000000001000');
        const card = await call(
          'POST',
          `/api/payments/cards/session/${session.id}/complete`,
          { payment_request_id: collected.payment_request_id },
          as,
        );
        expect(card.json().status, `${app.id} CARDS`).toBe('SUCCEEDED');
        channels.push(`${channel.country} ${channel.code}`);
        continue;
      }
      const properties = Object.fromEntries(
        channel.properties
          .filter((property) => property.transaction_type === 'PAY')
          .map((property) => [
            property.name,
            property.value ?? exampleMobileNumber(channel.country),
          ]),
      );
      const payment = await pay(
        {
          amount,
          currency,
          country: channel.country,
          type: 'PAY',
          channel: channel.code,
          orders: [line],
          channel_properties: properties,
        },
        as,
      );
      if (channel.creation_workflow_type === 'PRESENT_TO_CUSTOMER' && app.development) {
        expect(
          (await call('POST', `/api/payments/${payment.id}/simulate`, {}, as)).statusCode,
        ).toBe(200);
        simulated.push(payment.id);
      }
      ids.push(payment.id);
      channels.push(`${channel.country} ${channel.code}`);
    }
  }
  return { ids, channels, simulated, unpayable };
}

describe.skipIf(!descriptionPresent)(
  "the store's provider calls against the published description",
  () => {
    it('sends every request as published and gets every answer and webhook as published', async () => {
      const description = loadPublishedDescription();
      const ids = await walkTheStore();
      const everyChannel = await payOnEveryChannel();
      ids.push(...everyChannel.ids);
      // Every app's channels, cards included: 26 in Indonesia, 42 in the Philippines, 46 in
      // Malaysia, 16 in Thailand, 13 in Vietnam and 2 in each Singapore app; all but PESONet,
      // whose PHP 50,000.01 minimum is above every product the demo store sells.
      console.info(
        `Paid once on each of ${everyChannel.channels.length} channels of ${everyApp.length} apps`,
      );
      expect(everyChannel.unpayable).toEqual(['PH PESONET_ONLINE_BANKING']);
      expect(everyChannel.channels.length).toBe(146);
      // Every payment paid by /simulate is settled by its capture webhook: the walk fails if one
      // never came, instead of judging fewer webhooks.
      await waitFor('a payment.capture webhook for every simulated payment', async () => {
        const captured = await server.db
          .select({ paymentId: exchanges.paymentId })
          .from(exchanges)
          .where(
            and(
              eq(exchanges.kind, 'webhook'),
              eq(exchanges.event, 'payment.capture'),
              inArray(exchanges.paymentId, everyChannel.simulated),
            ),
          );
        return new Set(captured.map((row) => row.paymentId)).size === everyChannel.simulated.length;
      });
      const operations = await server.db
        .select()
        .from(exchanges)
        .where(inArray(exchanges.kind, ['request', 'webhook']));
      const requests = operations.filter((operation) => operation.kind === 'request');
      expect(requests.length).toBeGreaterThanOrEqual(ids.length);
      const creates = requests
        .map((operation) => operation.exchange as ProviderExchange)
        .filter((exchange) => new URL(exchange.request.url).pathname === '/v3/payment_requests');
      expect(creates.length).toBeGreaterThanOrEqual(ids.length);
      // The hosted checkout's calls are judged too: its sessions, read back and cancelled, and
      // the session webhooks.
      const sessionCalls = new Set(
        requests.map((operation) => {
          const { request } = operation.exchange as ProviderExchange;
          const path = new URL(request.url).pathname.replace(/ps-[0-9a-f]+/, '{id}');
          const mode = (request.data as { mode?: string } | null)?.mode;
          return `${request.method} ${path}${mode ? ` ${mode}` : ''}`;
        }),
      );
      for (const expected of [
        'POST /sessions PAYMENT_LINK',
        'GET /sessions/{id}',
        'POST /sessions/{id}/cancel',
      ]) {
        expect(sessionCalls).toContain(expected);
      }
      for (const event of ['payment_session.completed', 'payment_session.expired']) {
        expect(
          operations.some((operation) => operation.event === event),
          event,
        ).toBe(true);
      }
      const violations = [
        ...requests.flatMap((operation) => {
          const exchange = operation.exchange as ProviderExchange;
          return description.checkExchange({
            method: exchange.request.method,
            url: exchange.request.url,
            headers: exchange.request.headers,
            requestBody: exchange.request.data ?? undefined,
            status: exchange.response?.status ?? 0,
            responseBody: exchange.response?.data,
          });
        }),
        ...operations
          .filter((operation) => operation.kind === 'webhook')
          .flatMap((operation) => description.checkWebhook(operation.data)),
      ];
      expect(
        outsideAllowList(violations).map(
          (v) => `${v.subject} ${v.path} ${v.keyword}: ${v.message}`,
        ),
      ).toEqual([]);
    }, 180_000);
  },
);
