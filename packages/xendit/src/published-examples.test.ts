import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { z } from 'zod';
import {
  createPaymentRequestBodySchema,
  paymentRequestSchema,
  paymentSchema,
} from './wire/payment-requests.ts';
import { createPaymentTokenBodySchema, paymentTokenSchema } from './wire/payment-tokens.ts';
import { createRefundBodySchema, refundSchema } from './wire/refunds.ts';
import { createSessionBodySchema, sessionSchema } from './wire/sessions.ts';
import { webhookEventSchema } from './wire/webhooks.ts';

/** The provider's published description, read where it lies beside the project (never copied in). */
const descriptionPath = fileURLToPath(
  new URL('../../../../shared/reference/xendit-payments-v3.openapi.yaml', import.meta.url),
);
const absent = !existsSync(descriptionPath);
if (absent) console.warn(`Skipping the published examples: ${descriptionPath} is absent`);

type Json = Record<string, unknown>;
type Example = { where: string; value: unknown };

const isNamedExamples = (value: unknown): value is Record<string, { value: unknown }> =>
  !!value &&
  typeof value === 'object' &&
  Object.values(value).every((entry) => !!entry && typeof entry === 'object' && 'value' in entry);

/**
 * Every example of one media type: the named `examples`, and the single `example`, which the webhook
 * operations also use to hold several named ones.
 */
function examplesOf(where: string, media: Json | undefined): Example[] {
  if (!media) return [];
  const single = media.example;
  const named = { ...(isNamedExamples(single) ? single : {}), ...(media.examples ?? {}) } as Record<
    string,
    { value: unknown }
  >;
  const all = Object.entries(named).map(([name, example]) => ({
    where: `${where} ${name}`,
    value: example.value,
  }));
  return single !== undefined && !isNamedExamples(single)
    ? [...all, { where, value: single }]
    : all;
}

/** The client's schema for each body the description shows: requests, answers and webhooks. */
const bodySchemas: Record<string, { request?: z.ZodType; response?: z.ZodType }> = {
  'POST /v3/payment_requests': {
    request: createPaymentRequestBodySchema,
    response: paymentRequestSchema,
  },
  'GET /v3/payment_requests/{payment_request_id}': { response: paymentRequestSchema },
  'POST /v3/payment_requests/{payment_request_id}/cancel': { response: paymentRequestSchema },
  'POST /v3/payment_requests/{payment_request_id}/validate_otp': { response: paymentRequestSchema },
  'POST /v3/payment_requests/{payment_request_id}/resend_otp': { response: paymentRequestSchema },
  'GET /v3/payments/{payment_id}': { response: paymentSchema },
  'POST /v3/payments/{payment_id}/cancel': { response: paymentSchema },
  'POST /v3/payments/{payment_id}/capture': { response: paymentSchema },
  'POST /v3/payment_tokens': {
    request: createPaymentTokenBodySchema,
    response: paymentTokenSchema,
  },
  'GET /v3/payment_tokens/{payment_token_id}': { response: paymentTokenSchema },
  'POST /v3/payment_tokens/{payment_token_id}/cancel': { response: paymentTokenSchema },
  'POST /v3/payment_tokens/{payment_token_id}/validate_otp': { response: paymentTokenSchema },
  'POST /v3/payment_tokens/{payment_token_id}/resend_otp': { response: paymentTokenSchema },
  'POST /refunds': { request: createRefundBodySchema, response: refundSchema },
  'POST /sessions': { request: createSessionBodySchema, response: sessionSchema },
  'GET /sessions/{session_id}': { response: sessionSchema },
  'POST /sessions/{session_id}/cancel': { response: sessionSchema },
};

/**
 * Request examples the client's request schemas refuse, each with the rule it breaks and the
 * provider's documentation of that rule. None is left: the PAY_WithToken_* examples, which leave
 * out the channel_code their schema requires, are right by the provider's "Pay with tokens" guide
 * (https://docs.xendit.co/docs/pay-with-tokens), and the client takes them as they are.
 */
const slips: Record<string, string> = {};

function collect(document: Json) {
  const requests: Example[] = [];
  const responses: Example[] = [];
  const webhooks: Example[] = [];
  for (const [path, operations] of Object.entries(document.paths as Record<string, Json>)) {
    for (const [method, operation] of Object.entries(operations as Record<string, Json>)) {
      const where = `${method.toUpperCase()} ${path}`;
      const request = examplesOf(
        where,
        ((operation.requestBody as Json | undefined)?.content as Json | undefined)?.[
          'application/json'
        ] as Json | undefined,
      );
      if (path.startsWith('/your_')) webhooks.push(...request);
      else requests.push(...request);
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Json)) {
        if (!status.startsWith('2')) continue;
        responses.push(
          ...examplesOf(
            where,
            ((response as Json).content as Json | undefined)?.['application/json'] as
              Json | undefined,
          ),
        );
      }
    }
  }
  return { requests, responses, webhooks };
}

const schemaFor = (where: string, side: 'request' | 'response') => {
  const operation = where.split(' ').slice(0, 2).join(' ');
  const schema = bodySchemas[operation]?.[side];
  if (!schema) throw new Error(`No client schema for the ${side} of ${operation}`);
  return schema;
};

const issuesOf = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).map(
    (issue) => `${issue.path.join('.')}: ${issue.message}`,
  );

describe.skipIf(absent)('every example of the published description', () => {
  const examples = absent
    ? { requests: [], responses: [], webhooks: [] }
    : collect(parse(readFileSync(descriptionPath, 'utf8')) as Json);

  it('finds the examples it is meant to check', () => {
    expect(examples.requests.length).toBeGreaterThanOrEqual(15);
    expect(examples.responses.length).toBeGreaterThanOrEqual(20);
    expect(examples.webhooks.length).toBeGreaterThanOrEqual(3);
  });

  it('every answer example parses with the client', () => {
    const failures = examples.responses
      .map(({ where, value }) => ({ where, issues: issuesOf(schemaFor(where, 'response'), value) }))
      .filter(({ issues }) => issues.length > 0);
    expect(failures).toEqual([]);
  });

  it('every webhook example is applied in its documented shape', () => {
    const failures = examples.webhooks
      .map(({ where, value }) => {
        return { where, issues: issuesOf(webhookEventSchema, value) };
      })
      .filter(({ issues }) => issues.length > 0);
    expect(failures).toEqual([]);
  });

  it('every request example parses with the request schemas, but for the named slips', () => {
    const outcomes = examples.requests.map(({ where, value }) => ({
      where,
      issues: issuesOf(schemaFor(where, 'request'), value),
    }));
    expect(outcomes.filter(({ where, issues }) => issues.length > 0 && !slips[where])).toEqual([]);
    // A slip that parses means the allow-list is stale.
    expect(
      outcomes
        .filter(({ where, issues }) => slips[where] && issues.length === 0)
        .map((o) => o.where),
    ).toEqual([]);
  });
});

describe('a refund webhook in the nested shape', () => {
  const refund = {
    id: 'rfd-6f4a377d-a201-437f-9119-f8b00cbbe857',
    payment_id: 'ddpy-3cd658ae-25b9-4659-aa36-596ae41a809f',
    invoice_id: null,
    payment_method_type: 'DIRECT_DEBIT',
    channel_code: 'BPI',
    amount: 10000,
    currency: 'PHP',
    status: 'FAILED',
    reason: 'CANCELLATION',
    reference_id: 'b2756a1e-e6cd-4352-9a68-0483aa2b6a2',
    failure_code: 'DUPLICATE_ERROR',
    refund_fee_amount: null,
    metadata: null,
    created: '2020-08-30T09:12:33.001Z',
    updated: '2020-08-30T09:12:33.001Z',
  };
  const nested = (outer: string, inner: string) => ({
    event: outer,
    business_id: '6094fa76c2fd53701b8e079c',
    created: '2021-12-02T14:52:21.566Z',
    data: { event: inner, business_id: 'x', created: 'x', data: refund },
  });

  it('reads the inner refund when both envelopes name the same event', () => {
    const parsed = webhookEventSchema.safeParse(nested('refund.failed', 'refund.failed'));
    expect(parsed.success && parsed.data.data).toMatchObject({ id: refund.id, status: 'FAILED' });
  });

  it('reads nothing when the inner envelope names another event', () => {
    expect(webhookEventSchema.safeParse(nested('refund.failed', 'refund.succeeded')).success).toBe(
      false,
    );
  });
});
