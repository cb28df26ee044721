import { CARD_EXPIRY_OUTCOMES, TEST_CARD_TABLE } from '@store/xendit';
import { describe, expect, it } from 'vitest';
import { simulatorUnderTest } from './testing/simulator-under-test.ts';
import { cardExpiryEnded } from './testing/card-requests.ts';

// Every card of the provider's two test-card tables behaves as its row says (TEST_CARD_TABLE).

const sim = simulatorUnderTest({ keyPrefix: 'cards', receiver: false });
const { key } = sim;
const client = sim.client();

async function pay(
  cardNumber: string,
  options: {
    currency?: 'IDR' | 'THB';
    amount?: number;
    skip?: boolean;
    /** MM/YY; 12/30 unless given. */
    expiry?: string;
  } = {},
) {
  const currency = options.currency ?? 'IDR';
  return (
    await client.createPaymentRequest(
      {
        reference_id: key(),
        type: 'PAY',
        country: currency === 'THB' ? 'TH' : 'ID',
        currency,
        request_amount: options.amount ?? 50_000,
        channel_code: 'CARDS',
        channel_properties: {
          success_return_url: 'https://store.example/success',
          failure_return_url: 'https://store.example/failure',
          ...(options.skip !== undefined && { skip_three_ds: options.skip }),
          card_details: {
            card_number: cardNumber,
            expiry_month: (options.expiry ?? '12/30').slice(0, 2),
            expiry_year: `20${(options.expiry ?? '12/30').slice(3)}`,
            cvn: cardNumber.startsWith('34') ? '1234' : '123',
          },
        },
      },
      { idempotencyKey: key() },
    )
  ).body;
}

/** The 3DS page as the customer's browser sees it, and the decision it posts. */
async function challengePage(url: string) {
  return (await fetch(url)).text();
}
async function decide(url: string, decision: string) {
  await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision }),
    redirect: 'manual',
  });
}

const statusOf = async (id: string) => (await client.getPaymentRequest(id)).body;

describe('the provider test-card tables', () => {
  const rows = Object.entries(TEST_CARD_TABLE);

  it.each(rows.filter(([, row]) => row.authentication === 'frictionless'))(
    '%s (%o) is authorised without a challenge',
    async (number, row) => {
      const paid = await pay(number);
      expect([paid.status, paid.actions]).toEqual(['SUCCEEDED', []]);
      expect(paid.channel_properties?.card_details).toMatchObject({
        network: row.brand,
        country: row.country ?? 'ID',
        masked_card_number: `${number.slice(0, 6)}XXXXXX${number.slice(-4)}`,
      });
    },
  );

  it.each(rows.filter(([, row]) => row.authentication === 'challenge'))(
    '%s goes to the challenge: authenticated it pays, failed it is AUTHENTICATION_FAILED',
    async (number, row) => {
      const passed = await pay(number, { currency: row.frictionlessBelow ? 'THB' : 'IDR' });
      expect(passed.status).toBe('REQUIRES_ACTION');
      const url = passed.actions?.[0]?.value ?? '';
      expect(passed.actions?.[0]).toMatchObject({
        type: 'REDIRECT_CUSTOMER',
        descriptor: 'WEB_URL',
      });
      expect(await challengePage(url)).toContain('Fail authentication');
      await decide(url, 'authenticate');
      expect((await statusOf(passed.payment_request_id)).status).toBe('SUCCEEDED');
      const failed = await pay(number, { currency: row.frictionlessBelow ? 'THB' : 'IDR' });
      await decide(failed.actions?.[0]?.value ?? '', 'fail');
      expect(await statusOf(failed.payment_request_id)).toMatchObject({
        status: 'FAILED',
        failure_code: 'AUTHENTICATION_FAILED',
      });
      expect(row.brand).toBe(passed.channel_properties?.card_details?.network);
    },
  );

  it.each(rows.filter(([, row]) => row.frictionlessBelow))(
    '%s goes frictionless below THB 20',
    async (number) => {
      expect((await pay(number, { currency: 'THB', amount: 19 })).status).toBe('SUCCEEDED');
      expect((await pay(number, { currency: 'THB', amount: 20 })).status).toBe('REQUIRES_ACTION');
    },
  );

  it.each(rows.filter(([, row]) => row.authentication === 'challenge-options'))(
    '%s offers the simulated challenge outcomes',
    async (number) => {
      for (const [decision, status] of [
        ['authenticate', 'SUCCEEDED'],
        ['attempt', 'SUCCEEDED'],
        ['fail', 'FAILED'],
        ['reject', 'FAILED'],
        ['unavailable', 'FAILED'],
      ] as const) {
        const challenged = await pay(number);
        const url = challenged.actions?.[0]?.value ?? '';
        expect(await challengePage(url)).toContain(`value="${decision}"`);
        await decide(url, decision);
        expect((await statusOf(challenged.payment_request_id)).status).toBe(status);
      }
    },
  );

  it.each(rows.filter(([, row]) => row.outcomesByExpiry))(
    '%s: once authenticated, the expiry date picks the simulated outcome',
    async (number) => {
      for (const [expiry, { failureCode }] of Object.entries(CARD_EXPIRY_OUTCOMES)) {
        const [month, year] = expiry.split('/').map(Number);
        if (cardExpiryEnded(month ?? 0, 2000 + (year ?? 0))) {
          // Once its month has passed, a date is refused before any outcome, as the provider
          // refuses an expired card.
          await expect(pay(number, { expiry }), expiry).rejects.toMatchObject({
            errorCode: 'CARD_EXPIRED',
          });
          continue;
        }
        const challenged = await pay(number, { expiry });
        await decide(challenged.actions?.[0]?.value ?? '', 'authenticate');
        expect(await statusOf(challenged.payment_request_id), expiry).toMatchObject({
          status: 'FAILED',
          failure_code: failureCode,
        });
      }
      const approved = await pay(number, { expiry: '01/39' });
      await decide(approved.actions?.[0]?.value ?? '', 'authenticate');
      expect((await statusOf(approved.payment_request_id)).status).toBe('SUCCEEDED');
      // Without the challenge (skip_three_ds) the expiry decides at once.
      expect(await pay(number, { expiry: '05/39', skip: true })).toMatchObject({
        status: 'FAILED',
        failure_code: 'CARD_DECLINED',
      });
      // Any other card with those dates is approved: the dates are these cards' own.
      expect((await pay('4000000000001000', { expiry: '05/39' })).status).toBe('SUCCEEDED');
    },
  );

  it('AMEX 340000000001098: the challenge page authenticates by itself', async () => {
    const challenged = await pay('340000000001098');
    expect(challenged.status).toBe('REQUIRES_ACTION');
    const html = await challengePage(challenged.actions?.[0]?.value ?? '');
    expect(html).toContain(`querySelector('button[value="authenticate"]').click()`);
    expect(challenged.channel_properties?.card_details?.network).toBe('AMEX');
  });

  it.each(rows.filter(([, row]) => row.authentication === 'challenge-fails'))(
    '%s fails authentication, and pays only with skip_three_ds',
    async (number) => {
      const challenged = await pay(number);
      await decide(challenged.actions?.[0]?.value ?? '', 'authenticate');
      expect(await statusOf(challenged.payment_request_id)).toMatchObject({
        status: 'FAILED',
        failure_code: 'AUTHENTICATION_FAILED',
      });
      expect((await pay(number, { skip: true })).status).toBe('SUCCEEDED');
    },
  );

  it('a failing test amount still fails after the challenge', async () => {
    const challenged = await pay('4000000000001091', { amount: 10_054 });
    await decide(challenged.actions?.[0]?.value ?? '', 'authenticate');
    expect(await statusOf(challenged.payment_request_id)).toMatchObject({
      status: 'FAILED',
      failure_code: 'INSUFFICIENT_BALANCE',
    });
  });
});
