import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSettings } from '../../../scripts/test-settings.ts';
import {
  createThrowawayDatabase,
  type ThrowawayDatabase,
} from '../../../scripts/postgres-databases.ts';
import { createDefaultAccount, type XenditSimulator } from './index.ts';
import { simulatorUnderTest } from './testing/simulator-under-test.ts';
import { startTestSimulator } from './testing/test-simulator.ts';

// Several simulator processes may serve one provider on one PostgreSQL database (the bench runs
// them so, beside several store instances): what one writes, the others answer from, and the
// database, not a process's memory, decides what is created and delivered once.

const serverUrl = testSettings.postgresNamed ? testSettings.postgresUrl : undefined;
// The simulators share a database and a slow endpoint of their own: the file starts them itself.
const { call } = simulatorUnderTest({ simulator: false, receiver: false, idempotencyKeys: false });

/** A merchant's endpoint that answers slowly, so that a second delivery would start meanwhile. */
async function slowReceiver() {
  const deliveries = new Map<string, number>();
  const server = createServer((request, response) => {
    const id = String(request.headers['webhook-id']);
    deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    request.resume();
    request.on('end', () => setTimeout(() => response.writeHead(200).end(), 300));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const paymentRequest = (reference: string) => ({
  reference_id: reference,
  type: 'PAY',
  country: 'ID',
  currency: 'IDR',
  request_amount: 25_000,
  channel_code: 'MANDIRI_VIRTUAL_ACCOUNT',
  channel_properties: {},
});

async function create(simulator: XenditSimulator, body: object, key: string) {
  const answer = await call('POST', '/v3/payment_requests', body, {
    simulator,
    headers: { 'idempotency-key': key },
  });
  return { status: answer.status, body: answer.body as { payment_request_id: string } };
}

describe.skipIf(!serverUrl)('simulators sharing one PostgreSQL database', () => {
  let receiver: Awaited<ReturnType<typeof slowReceiver>>;
  const simulators: XenditSimulator[] = [];
  let database: ThrowawayDatabase | undefined;
  beforeAll(async () => {
    database = await createThrowawayDatabase(serverUrl ?? '', 'xendit_sim_shared');
    receiver = await slowReceiver();
    // One after the other: the first migrates, as the bench starts them.
    for (let index = 0; index < 2; index += 1) {
      simulators.push(
        await startTestSimulator({
          port: 0,
          databaseUrl: database.url,
          accounts: [createDefaultAccount({ webhookUrl: receiver.url })],
          pollIntervalMs: 20,
          webhookRetrySchedule: [0.2, 0.5],
        }),
      );
    }
  });
  afterAll(async () => {
    await Promise.all(simulators.map((simulator) => simulator.close()));
    await receiver?.close();
    await database?.drop();
  });

  it('makes one payment request for one idempotency key sent to both at once', async () => {
    const body = paymentRequest('shared-key');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        create(simulators[index % 2] as XenditSimulator, body, 'one-key-two-processes'),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((answer) => answer.body.payment_request_id)).size).toBe(1);
  });

  it('delivers each webhook once, whichever simulator paid it', async () => {
    const paid = 10;
    for (let index = 0; index < paid; index += 1) {
      const simulator = simulators[index % 2] as XenditSimulator;
      const { body } = await create(simulator, paymentRequest(`paid-${index}`), `paid-${index}`);
      await call(
        'POST',
        `/v3/payment_requests/${body.payment_request_id}/simulate`,
        { amount: 25_000 },
        { simulator },
      );
    }
    const deadline = Date.now() + 10_000;
    while (receiver.deliveries.size < paid && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // Time for a second delivery of any of them to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.deliveries.size).toBe(paid);
    expect([...receiver.deliveries.values()]).toEqual(Array(paid).fill(1));
  });

  it('cancels a session and approves its payment on the page at once without a 500', async () => {
    // Settling a request locks it, then its session; a cancel took them the other way round, and
    // PostgreSQL aborted one of the two as a deadlock. Last in the file: its webhooks go to the
    // receiver the delivery test above counts.
    const [first, second] = simulators as [XenditSimulator, XenditSimulator];
    for (let round = 0; round < 8; round += 1) {
      const { body: session } = await call(
        'POST',
        '/sessions',
        {
          reference_id: `race-${round}`,
          session_type: 'PAY',
          mode: 'PAYMENT_LINK',
          amount: 25_000,
          currency: 'IDR',
          country: 'ID',
          customer: {
            reference_id: `race-customer-${round}`,
            type: 'INDIVIDUAL',
            email: 'ana@example.com',
            individual_detail: { given_names: 'Ana' },
          },
          success_return_url: 'https://store.example/success',
          cancel_return_url: 'https://store.example/cancel',
        },
        { simulator: first, headers: { 'idempotency-key': `race-${round}` } },
      );
      const { payment_session_id: id, payment_link_url: page } = session as {
        payment_session_id: string;
        payment_link_url: string;
      };
      const form = (fields: Record<string, string>) => ({
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
        redirect: 'manual' as const,
      });
      const chosen = await fetch(`${page}/pay`, form({ channel: 'DANA' }));
      const approval = new URL(chosen.headers.get('location') ?? '');
      const [cancelled, approved] = await Promise.all([
        call('POST', `/sessions/${id}/cancel`, undefined, { simulator: first }),
        fetch(`${second.url}${approval.pathname}`, form({ decision: 'approve' })),
      ]);
      expect([cancelled.status, approved.status], `round ${round}`).not.toContain(500);
    }
  });
});
