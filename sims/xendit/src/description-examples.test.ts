import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  descriptionPath,
  descriptionPresent,
  loadPublishedDescription,
  outsideAllowList,
  type PublishedDescription,
} from './testing/published-description.ts';
import { simulatorUnderTest, type Method } from './testing/simulator-under-test.ts';
import { cardExpiryEnded } from './testing/card-requests.ts';
import { webhookOf } from './testing/webhook-receiver.ts';

// Every request example of the published description, sent to the simulator as it is (only the
// ids of objects that must exist first are made real), each answer judged against the description
// and, for cards and sessions, compared with the answer the description shows.

type Json = Record<string, unknown>;

let description: PublishedDescription;
const sim = simulatorUnderTest({
  keyPrefix: 'examples',
  simulator: { asyncDelayMs: 100 },
  apiVersion: true,
  skip: !descriptionPresent,
});
const { key } = sim;

beforeAll(() => {
  if (descriptionPresent) description = loadPublishedDescription();
});

async function call(method: Method, path: string, body?: unknown) {
  const { status, body: answer, wire } = await sim.exchange(method, path, body);
  return { status, body: answer, violations: outsideAllowList(description.checkExchange(wire)) };
}

type Example = { operation: string; name: string; request: Json; shown?: Json };

function examples(): Example[] {
  const document = parse(readFileSync(descriptionPath, 'utf8')) as Json;
  const found: Example[] = [];
  for (const [path, operations] of Object.entries(document.paths as Record<string, Json>)) {
    if (path.startsWith('/your_')) continue;
    const post = operations.post as Json | undefined;
    const media = ((post?.requestBody as Json | undefined)?.content as Json | undefined)?.[
      'application/json'
    ] as Json | undefined;
    const requests = (media?.examples ?? {}) as Record<string, { value: Json }>;
    const answers = Object.entries(post?.responses ?? {}).flatMap(([status, response]) =>
      status.startsWith('2')
        ? Object.entries(
            ((
              ((response as Json).content as Json | undefined)?.['application/json'] as
                Json | undefined
            )?.examples ?? {}) as Record<string, { value: Json }>,
          )
        : [],
    );
    for (const [name, { value }] of Object.entries(requests)) {
      found.push({
        operation: `POST ${path}`,
        name,
        request: value,
        shown: (answers.find(([answer]) => answer === name) ?? answers[0])?.[1].value,
      });
    }
  }
  return found;
}

/** Objects the examples name by id, made first with the simulator's own calls. */
async function realIds() {
  const customer = {
    type: 'INDIVIDUAL',
    reference_id: 'examples-customer',
    individual_detail: { given_names: 'Ana' },
  };
  const returnUrls = {
    success_return_url: 'https://store.example/success',
    failure_return_url: 'https://store.example/failure',
  };
  const card = await call('POST', '/v3/payment_tokens', {
    reference_id: key(),
    country: 'ID',
    currency: 'IDR',
    channel_code: 'CARDS',
    customer,
    channel_properties: {
      card_details: {
        card_number: '4000000000001000',
        expiry_month: '12',
        expiry_year: '2030',
        cvn: '123',
      },
    },
  });
  const touchngo = await call('POST', '/v3/payment_tokens', {
    reference_id: key(),
    country: 'MY',
    currency: 'MYR',
    channel_code: 'TOUCHNGO',
    customer,
    channel_properties: returnUrls,
  });
  const touchngoId = String(touchngo.body.payment_token_id);
  await fetch(`${sim.simulator.url}/pages/link/${touchngoId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision: 'link' }),
    redirect: 'manual',
  });
  const paidRequest = async () => {
    const paid = await call('POST', '/v3/payment_requests', {
      reference_id: key(),
      type: 'PAY',
      country: 'ID',
      currency: 'IDR',
      request_amount: 50_000,
      channel_code: 'BRI_VIRTUAL_ACCOUNT',
      channel_properties: {},
    });
    const paidId = String(paid.body.payment_request_id);
    await call('POST', `/v3/payment_requests/${paidId}/simulate`, { amount: 50_000 });
    await sim.receiver.waitFor(webhookOf('payment.capture', paidId));
    return paidId;
  };
  return {
    PAY_WithToken_Cards: { payment_token_id: card.body.payment_token_id },
    PAY_WithToken_TOUCHNGO: { payment_token_id: touchngoId },
    // A payment each: the provider takes one refund of a payment at a time.
    Refund_With_Amount: { payment_request_id: await paidRequest() },
    Refund_Without_Amount: { payment_request_id: await paidRequest() },
  } as Record<string, Json>;
}

/**
 * The example's card, when its expiry month has passed: the description's card examples are
 * valid through 2025 to 2028, and the provider refuses a card that expired (CARD_EXPIRED), so
 * such an example is sent with the same month of a year to come, and as written separately.
 */
function expiredCard(request: Json): Json | undefined {
  const properties = request.channel_properties as Json | undefined;
  const card = properties?.card_details as Json | undefined;
  if (!card || !cardExpiryEnded(Number(card.expiry_month), Number(card.expiry_year))) {
    return undefined;
  }
  return {
    ...request,
    channel_properties: {
      ...properties,
      card_details: { ...card, expiry_year: String(new Date().getUTCFullYear() + 2) },
    },
  };
}

const actionShapes = (body: Json | undefined) =>
  ((body?.actions ?? []) as Json[]).map(
    (action) => `${String(action.type)} ${String(action.descriptor)}`,
  );

describe.skipIf(!descriptionPresent)(
  'every request example of the description, through the simulator',
  () => {
    const all = descriptionPresent ? examples() : [];
    let answers: Map<string, Awaited<ReturnType<typeof call>>>;
    /** The answers to the examples whose card has expired, sent as written. */
    let asWritten: Map<string, Awaited<ReturnType<typeof call>>>;

    beforeAll(async () => {
      const ids = await realIds();
      answers = new Map();
      asWritten = new Map();
      for (const example of all) {
        const path = example.operation.replace('POST ', '');
        const request = { ...example.request, ...ids[example.name] };
        const inDate = expiredCard(request);
        if (inDate) asWritten.set(example.name, await call('POST', path, request));
        answers.set(example.name, await call('POST', path, inDate ?? request));
      }
    }, 60_000);

    it('refuses an example whose card has expired as written, CARD_EXPIRED as described', () => {
      for (const [name, answer] of asWritten) {
        expect([answer.status, answer.body.error_code], name).toEqual([400, 'CARD_EXPIRED']);
        expect(answer.violations, name).toEqual([]);
      }
      // One card example is valid through 12/2025: it has expired whatever the day the tests run.
      expect(asWritten.size).toBeGreaterThan(0);
    });

    it('finds them all: payment requests, tokens, refunds and sessions', () => {
      expect(all.length).toBe(17);
    });

    it.each(all.map((example) => [example.name, example] as const))(
      '%s is accepted and judged without a violation',
      (name) => {
        const answer = answers.get(name);
        expect(answer?.body.error_code).toBeUndefined();
        expect(answer?.status).toBeLessThan(300);
        expect(answer?.violations).toEqual([]);
      },
    );

    it.each([
      'PAY_Cards_3DS_Auth',
      'PAY_Cards_No_3DS',
      'PAY_Cards_Manual_Capture',
      'PAY_AND_SAVE_Cards',
      'PAY_WithToken_Cards',
      'PaymentLink_OneTimePaymentExample',
      'PAY_WithToken_TOUCHNGO',
      'PAY_QR_PromptPay',
      'REUSABLE_PAYMENT_CODE_VA_VietCapital',
    ])('%s answers the status and actions the description shows', (name) => {
      const example = all.find((candidate) => candidate.name === name);
      const answer = answers.get(name)?.body;
      expect(answer?.status).toBe(example?.shown?.status);
      expect(actionShapes(answer)).toEqual(actionShapes(example?.shown));
    });
  },
);
