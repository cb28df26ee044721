import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  countrySchema,
  createPaymentRequestBodySchema,
  createPaymentTokenBodySchema,
  createRefundBodySchema,
  createXenditClient,
  currencySchema,
  paymentRequestStatusSchema,
  paymentTokenStatusSchema,
  refundReasonSchema,
  refundStatusSchema,
  sessionModeSchema,
  sessionStatusSchema,
  XenditError,
  type XenditClient,
} from '@store/xendit';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createDefaultAccount, startXenditSimulator, type XenditSimulator } from './index.ts';
import {
  startWebhookReceiver,
  webhookOf,
  type WebhookReceiver,
} from './testing/webhook-receiver.ts';

/** The provider's published description, read where it lies beside the project (never copied in). */
const openApiPath = fileURLToPath(
  new URL('../../../../shared/reference/xendit-payments-v3.openapi.yaml', import.meta.url),
);
const absent = !existsSync(openApiPath);
if (absent) console.warn(`Skipping the OpenAPI checks: ${openApiPath} is absent`);

type Json = Record<string, unknown>;

/** OpenAPI 3.0's `nullable: true` is JSON Schema's "or null". */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Json;
  const converted = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, toJsonSchema(v)]));
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}

let document: Json;
let validatorOf: (schemaName: string) => ValidateFunction;
const schemaOf = (name: string) => ((document.components as Json).schemas as Json)[name] as Json;
const enumOf = (name: string) => schemaOf(name).enum as string[];

let simulator: XenditSimulator;
let receiver: WebhookReceiver;
let client: XenditClient;
let sequence = 0;
const key = () => `openapi-${(sequence += 1)}`;

beforeAll(async () => {
  if (absent) return;
  document = parse(readFileSync(openApiPath, 'utf8')) as Json;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...(toJsonSchema(document) as Json), $id: 'openapi' });
  validatorOf = (name) => {
    const validate = ajv.getSchema(`openapi#/components/schemas/${name}`);
    if (!validate) throw new Error(`No schema ${name} in the OpenAPI document`);
    return validate;
  };
  receiver = await startWebhookReceiver();
  simulator = await startXenditSimulator({
    port: 0,
    accounts: [createDefaultAccount({ webhookUrl: receiver.url })],
    pollIntervalMs: 50,
    asyncDelayMs: 100,
  });
  client = createXenditClient({
    baseUrl: simulator.url,
    secretKey: createDefaultAccount().testSecretKey,
  });
});

afterAll(async () => {
  await simulator?.close();
  await receiver?.close();
});

function expectValid(schemaName: string, value: unknown) {
  const validate = validatorOf(schemaName);
  validate(value);
  expect(validate.errors ?? [], `${schemaName}: ${JSON.stringify(validate.errors)}`).toEqual([]);
}

const virtualAccount = {
  reference_id: 'openapi-va',
  type: 'PAY' as const,
  country: 'ID' as const,
  currency: 'IDR' as const,
  request_amount: 50_000,
  channel_code: 'BRI_VIRTUAL_ACCOUNT',
  channel_properties: {},
};

/** The examples of a path's request body in the published document. */
function requestExamples(path: string): unknown[] {
  const operation = ((document.paths as Json)[path] as Json).post as Json;
  const content = ((operation.requestBody as Json).content as Json)['application/json'] as Json;
  const examples = (content.examples ?? {}) as Record<string, { value: unknown }>;
  return Object.values(examples).map((example) => example.value);
}

describe.skipIf(absent)('the wire schemas against the published OpenAPI', () => {
  it('countries, currencies, refund reasons and statuses match the published enums', () => {
    expect(new Set(countrySchema.options)).toEqual(new Set(enumOf('Payments_API_Country')));
    expect(new Set(currencySchema.options)).toEqual(new Set(enumOf('Payments_API_Currency')));
    expect(new Set(refundReasonSchema.options)).toEqual(new Set(enumOf('Payments_API_Reason')));
    expect(new Set(refundStatusSchema.options)).toEqual(
      new Set(enumOf('Payments_API_RefundStatus')),
    );
    expect(new Set(paymentTokenStatusSchema.options)).toEqual(
      new Set(enumOf('Payments_API_PaymentTokenStatus')),
    );
    expect(new Set(sessionStatusSchema.options)).toEqual(
      new Set(enumOf('Payment_Session_SessionStatus')),
    );
  });

  it('the published request examples for payment requests, tokens and refunds parse', () => {
    for (const [path, schema] of [
      ['/v3/payment_requests', createPaymentRequestBodySchema],
      ['/v3/payment_tokens', createPaymentTokenBodySchema],
      ['/refunds', createRefundBodySchema],
    ] as const) {
      const examples = requestExamples(path);
      expect(examples.length, path).toBeGreaterThan(0);
      for (const example of examples) {
        const result = schema.safeParse(example);
        expect(result.error?.issues ?? [], `${path} ${JSON.stringify(example)}`).toEqual([]);
      }
    }
  });
});

describe.skipIf(absent)("the simulator's answers against the published OpenAPI", () => {
  it('a payment request', async () => {
    const { body } = await client.createPaymentRequest(virtualAccount, { idempotencyKey: key() });
    expectValid('Payments_API_PaymentRequestSchema', body);
    expect(validatorOf('Payments_API_PaymentRequestSchema')({ ...body, status: 'NOPE' })).toBe(
      false,
    );
  });

  it('a payment token', async () => {
    const { body } = await client.createPaymentToken(
      {
        reference_id: 'openapi-token',
        country: 'ID',
        currency: 'IDR',
        channel_code: 'BRI_DIRECT_DEBIT',
        channel_properties: {},
        customer_id: 'cust-7c1a0d5e-66d1-4d69-a1b8-2e06b4d0c0b1',
      },
      { idempotencyKey: key() },
    );
    const active = await client.validatePaymentTokenOtp(body.payment_token_id, {
      otp_code: '333000',
    });
    expectValid('Payments_API_PaymentTokenSchema', body);
    expectValid('Payments_API_PaymentTokenSchema', active.body);
  });

  it('a refund, and the payment in the payment.capture webhook', async () => {
    const { body } = await client.createPaymentRequest(
      { ...virtualAccount, reference_id: 'openapi-refund' },
      { idempotencyKey: key() },
    );
    await client.simulatePaymentRequest(body.payment_request_id, { amount: 50_000 });
    const webhook = await receiver.waitFor(webhookOf('payment.capture', body.payment_request_id));
    expectValid('Payments_API_PaymentSchema', webhook.body.data);
    const refund = await client.createRefund(
      { payment_request_id: body.payment_request_id, reason: 'DUPLICATE' },
      { idempotencyKey: key() },
    );
    expectValid('Payments_API_RefundSchema', refund.body);
  });

  it('a validation error body', async () => {
    const error = await client
      .createRefund({ payment_request_id: '', reason: 'OTHERS' }, { idempotencyKey: key() })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(XenditError);
    expectValid(
      'Payments_API_Http400ApiValidationError',
      (error as XenditError).exchange.response?.data,
    );
  });

  it('a session, apart from the CARDS_SESSION_JS mode (see the deviations below)', async () => {
    const { body } = await client.createSession(
      {
        reference_id: 'openapi-session',
        session_type: 'SAVE',
        mode: 'CARDS_SESSION_JS',
        amount: 0,
        currency: 'IDR',
        country: 'ID',
        customer_id: 'cust-7c1a0d5e-66d1-4d69-a1b8-2e06b4d0c0b1',
        cards_session_js: {
          success_return_url: 'https://store.example/ok',
          failure_return_url: 'https://store.example/ko',
        },
      },
      { idempotencyKey: key() },
    );
    expectValid('Payment_Session_StandardSessionResponsePublicSchema', {
      ...body,
      mode: 'COMPONENTS',
    });
  });
});

describe.skipIf(absent)('where the published OpenAPI is wrong, PROVIDER.md wins', () => {
  it('409 on a reused idempotency key is DUPLICATE_ERROR, not the published DATA_NOT_FOUND', async () => {
    const published = (schemaOf('Payments_API_Http409DuplicateError').properties as Json)
      .error_code as Json;
    expect(published.enum).toEqual(['DATA_NOT_FOUND']);
    const idempotencyKey = key();
    await client.createPaymentRequest(virtualAccount, { idempotencyKey });
    const error = await client
      .createPaymentRequest({ ...virtualAccount, request_amount: 1 }, { idempotencyKey })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(XenditError);
    expect([(error as XenditError).status, (error as XenditError).errorCode]).toEqual([
      409,
      'DUPLICATE_ERROR',
    ]);
  });

  it('a payment request can be PENDING, which the published status enum leaves out', async () => {
    expect(enumOf('Payments_API_PaymentRequestStatus')).not.toContain('PENDING');
    expect(paymentRequestStatusSchema.options).toContain('PENDING');
    const { body } = await client.createPaymentRequest(
      { ...virtualAccount, channel_code: 'OVO' },
      { idempotencyKey: key() },
    );
    expect(body.status).toBe('PENDING');
  });

  it('the RESEND_OTP action points at /resend_otp, where the published examples say send_otp', async () => {
    expect(readFileSync(openApiPath, 'utf8')).toContain('/send_otp');
    expect(Object.keys(document.paths as Json)).toContain(
      '/v3/payment_requests/{payment_request_id}/resend_otp',
    );
    const { body } = await client.createPaymentRequest(
      { ...virtualAccount, channel_code: 'BRI_DIRECT_DEBIT' },
      { idempotencyKey: key() },
    );
    const resend = body.actions?.find((action) => action.descriptor === 'RESEND_OTP');
    expect(resend?.value).toMatch(/\/resend_otp$/);
  });

  it('sessions take mode CARDS_SESSION_JS, which the published mode enum leaves out', () => {
    expect(enumOf('Payment_Session_SessionModePublicEnum')).not.toContain('CARDS_SESSION_JS');
    expect(sessionModeSchema.options).toContain('CARDS_SESSION_JS');
  });
});
