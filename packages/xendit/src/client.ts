import { z } from 'zod';
import { errorBodySchema, type OtpBody } from './wire/common.ts';
import {
  paymentRequestSchema,
  paymentSchema,
  simulatePaymentResponseSchema,
  type CapturePaymentBody,
  type CreatePaymentRequestBody,
  type SimulatePaymentBody,
} from './wire/payment-requests.ts';
import { paymentTokenSchema, type CreatePaymentTokenBody } from './wire/payment-tokens.ts';
import {
  recurringCycleSchema,
  recurringPlanSchema,
  recurringScheduleSchema,
  type CreateRecurringPlanBody,
  type SimulateRecurringCycleBody,
  type UpdateRecurringCycleBody,
  type UpdateRecurringPlanBody,
  type UpdateRecurringScheduleBody,
} from './wire/recurring.ts';
import { refundSchema, type CreateRefundBody } from './wire/refunds.ts';
import { sessionSchema, type CreateSessionBody } from './wire/sessions.ts';
import { fetchTransport, httpTransport, type TransportResponse } from './transport.ts';

export const API_VERSION = '2024-11-11';

/** One request and its response as they crossed the wire, for the store's provider logs. */
export type ProviderExchange = {
  request: { method: string; url: string; headers: Record<string, string>; data: unknown };
  response: { status: number; headers: Record<string, string>; data: unknown } | null;
  started_at: string;
  duration_ms: number;
};

export type ProviderResult<T> = { body: T; exchange: ProviderExchange };

export type XenditClientOptions = {
  baseUrl: string;
  secretKey: string;
  timeoutMs?: number;
  /** Sends the requests instead of node:http (tests pass one that answers without a network). */
  fetch?: typeof globalThis.fetch;
};

export type IdempotencyOptions = { idempotencyKey: string };

/**
 * Every failure of a provider call: an error answer, a timeout, a network failure or an unreadable
 * body. `refused` tells a definite answer (any 4xx, or a 5xx carrying the provider's error_code such
 * as CHANNEL_UNAVAILABLE: the provider did not and will not act on it) from an unknown outcome
 * (a timeout, a dropped connection, a bare 5xx, an unreadable success), which may have taken effect.
 */
export class XenditError extends Error {
  override readonly name = 'XenditError';
  constructor(
    readonly errorCode: string,
    message: string,
    readonly status: number | null,
    readonly exchange: ProviderExchange,
    readonly refused = false,
  ) {
    super(message);
  }
}

type CallOptions = {
  body?: unknown;
  idempotencyKey?: string;
};

export function createXenditClient(options: XenditClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const transport = options.fetch ? fetchTransport(options.fetch) : httpTransport;
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;

  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    schema: S,
    callOptions: CallOptions = {},
  ): Promise<ProviderResult<z.infer<S>>> {
    const url = `${baseUrl}${path}`;
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization,
    };
    if (path.startsWith('/v3/')) headers['api-version'] = API_VERSION;
    if (callOptions.body !== undefined) headers['content-type'] = 'application/json';
    if (callOptions.idempotencyKey !== undefined) {
      headers['idempotency-key'] = callOptions.idempotencyKey;
    }
    const startedAt = new Date();
    const exchange: ProviderExchange = {
      request: {
        method,
        url,
        headers: { ...headers, authorization: '[REDACTED]' },
        data: callOptions.body ?? null,
      },
      response: null,
      started_at: startedAt.toISOString(),
      duration_ms: 0,
    };
    const finish = () => {
      exchange.duration_ms = Date.now() - startedAt.getTime();
    };

    let response: TransportResponse;
    try {
      response = await transport({
        method,
        url,
        headers,
        body: callOptions.body === undefined ? undefined : JSON.stringify(callOptions.body),
        timeoutMs,
      });
    } catch (error) {
      finish();
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new XenditError(
          'TIMEOUT',
          `The provider did not answer ${method} ${path} within ${timeoutMs} ms`,
          null,
          exchange,
        );
      }
      const reason = error instanceof Error ? (error.cause ?? error).toString() : String(error);
      throw new XenditError(
        'NETWORK_ERROR',
        `Could not reach the provider for ${method} ${path}: ${reason}`,
        null,
        exchange,
      );
    }
    finish();
    const { text } = response;
    let data: unknown = text;
    try {
      data = text === '' ? null : JSON.parse(text);
    } catch {
      // Not JSON: the raw text stays in the exchange and the body check below reports it.
    }
    exchange.response = { status: response.status, headers: response.headers, data };

    if (response.status >= 400) {
      const errorBody = errorBodySchema.safeParse(data);
      if (errorBody.success) {
        throw new XenditError(
          errorBody.data.error_code,
          errorBody.data.message,
          response.status,
          exchange,
          true,
        );
      }
      throw new XenditError(
        'INVALID_RESPONSE',
        `The provider answered ${response.status} without an error body`,
        response.status,
        exchange,
        response.status < 500,
      );
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first ? `${first.path.join('.') || '(body)'}: ${first.message}` : '';
      throw new XenditError(
        'INVALID_RESPONSE',
        `The provider's answer to ${method} ${path} does not match the wire format (${where})`,
        response.status,
        exchange,
      );
    }
    return { body: parsed.data, exchange };
  }

  const id = (value: string) => encodeURIComponent(value);

  return {
    createPaymentRequest: (body: CreatePaymentRequestBody, opts: IdempotencyOptions) =>
      call('POST', '/v3/payment_requests', paymentRequestSchema, {
        body,
        idempotencyKey: opts.idempotencyKey,
      }),
    getPaymentRequest: (paymentRequestId: string) =>
      call('GET', `/v3/payment_requests/${id(paymentRequestId)}`, paymentRequestSchema),
    cancelPaymentRequest: (paymentRequestId: string) =>
      call('POST', `/v3/payment_requests/${id(paymentRequestId)}/cancel`, paymentRequestSchema),
    validatePaymentRequestOtp: (paymentRequestId: string, body: OtpBody) =>
      call(
        'POST',
        `/v3/payment_requests/${id(paymentRequestId)}/validate_otp`,
        paymentRequestSchema,
        { body },
      ),
    resendPaymentRequestOtp: (paymentRequestId: string) =>
      call('POST', `/v3/payment_requests/${id(paymentRequestId)}/resend_otp`, paymentRequestSchema),
    simulatePaymentRequest: (paymentRequestId: string, body: SimulatePaymentBody) =>
      call(
        'POST',
        `/v3/payment_requests/${id(paymentRequestId)}/simulate`,
        simulatePaymentResponseSchema,
        { body },
      ),
    getPayment: (paymentId: string) => call('GET', `/v3/payments/${id(paymentId)}`, paymentSchema),
    capturePayment: (paymentId: string, body: CapturePaymentBody) =>
      call('POST', `/v3/payments/${id(paymentId)}/capture`, paymentSchema, { body }),
    cancelPayment: (paymentId: string) =>
      call('POST', `/v3/payments/${id(paymentId)}/cancel`, paymentSchema),
    createPaymentToken: (body: CreatePaymentTokenBody, opts: IdempotencyOptions) =>
      call('POST', '/v3/payment_tokens', paymentTokenSchema, {
        body,
        idempotencyKey: opts.idempotencyKey,
      }),
    getPaymentToken: (paymentTokenId: string) =>
      call('GET', `/v3/payment_tokens/${id(paymentTokenId)}`, paymentTokenSchema),
    cancelPaymentToken: (paymentTokenId: string) =>
      call('POST', `/v3/payment_tokens/${id(paymentTokenId)}/cancel`, paymentTokenSchema),
    validatePaymentTokenOtp: (paymentTokenId: string, body: OtpBody) =>
      call('POST', `/v3/payment_tokens/${id(paymentTokenId)}/validate_otp`, paymentTokenSchema, {
        body,
      }),
    // The description requires a body here (unlike a payment request's resend), with nothing in it
    // required: an empty object.
    resendPaymentTokenOtp: (paymentTokenId: string) =>
      call('POST', `/v3/payment_tokens/${id(paymentTokenId)}/resend_otp`, paymentTokenSchema, {
        body: {},
      }),
    createRefund: (body: CreateRefundBody, opts: IdempotencyOptions) =>
      call('POST', '/refunds', refundSchema, { body, idempotencyKey: opts.idempotencyKey }),
    createSession: (body: CreateSessionBody, opts: IdempotencyOptions) =>
      call('POST', '/sessions', sessionSchema, { body, idempotencyKey: opts.idempotencyKey }),
    getSession: (sessionId: string) => call('GET', `/sessions/${id(sessionId)}`, sessionSchema),
    cancelSession: (sessionId: string) =>
      call('POST', `/sessions/${id(sessionId)}/cancel`, sessionSchema),
    createRecurringPlan: (body: CreateRecurringPlanBody, opts: IdempotencyOptions) =>
      call('POST', '/recurring/plans', recurringPlanSchema, {
        body,
        idempotencyKey: opts.idempotencyKey,
      }),
    getRecurringPlan: (planId: string) =>
      call('GET', `/recurring/plans/${id(planId)}`, recurringPlanSchema),
    updateRecurringPlan: (planId: string, body: UpdateRecurringPlanBody) =>
      call('PATCH', `/recurring/plans/${id(planId)}`, recurringPlanSchema, { body }),
    deactivateRecurringPlan: (planId: string) =>
      call('POST', `/recurring/plans/${id(planId)}/deactivate`, recurringPlanSchema),
    listRecurringCycles: (planId: string) =>
      call('GET', `/recurring/plans/${id(planId)}/cycles`, z.array(recurringCycleSchema)),
    getRecurringCycle: (planId: string, cycleId: string) =>
      call('GET', `/recurring/plans/${id(planId)}/cycles/${id(cycleId)}`, recurringCycleSchema),
    updateRecurringCycle: (planId: string, cycleId: string, body: UpdateRecurringCycleBody) =>
      call('PATCH', `/recurring/plans/${id(planId)}/cycles/${id(cycleId)}`, recurringCycleSchema, {
        body,
      }),
    cancelRecurringCycle: (planId: string, cycleId: string) =>
      call(
        'POST',
        `/recurring/plans/${id(planId)}/cycles/${id(cycleId)}/cancel`,
        recurringCycleSchema,
      ),
    forceRecurringCycleAttempt: (planId: string, cycleId: string) =>
      call(
        'POST',
        `/recurring/plans/${id(planId)}/cycles/${id(cycleId)}/force_attempt`,
        recurringCycleSchema,
      ),
    /** Test mode only: runs the cycle's charge now; `amount` picks the outcome (RECURRING_TEST_AMOUNTS). */
    simulateRecurringCycle: (planId: string, cycleId: string, body?: SimulateRecurringCycleBody) =>
      call(
        'POST',
        `/recurring/plans/${id(planId)}/cycles/${id(cycleId)}/simulate`,
        recurringCycleSchema,
        { body },
      ),
    getRecurringSchedule: (scheduleId: string) =>
      call('GET', `/recurring/schedules/${id(scheduleId)}`, recurringScheduleSchema),
    updateRecurringSchedule: (scheduleId: string, body: UpdateRecurringScheduleBody) =>
      call('PATCH', `/recurring/schedules/${id(scheduleId)}`, recurringScheduleSchema, { body }),
  };
}

export type XenditClient = ReturnType<typeof createXenditClient>;
