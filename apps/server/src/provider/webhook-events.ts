import { createHash } from 'node:crypto';
import { isNotNull } from 'drizzle-orm';
import {
  recurringWebhookEventSchema,
  verifyCallbackToken,
  webhookEventSchema,
} from '@store/xendit';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { apps, exchanges } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { toProviderToken, type ProviderToken } from './mapping.ts';
import type { AppRow, ExchangeLink } from './provider.ts';

/**
 * What a webhook asks of the store, in the store's words (medusa's getWebhookActionAndData): the
 * action and the store object it concerns, as the event states it, before any check.
 */
export type WebhookAction =
  | {
      action: 'payment_changed';
      payment: {
        paymentId: string;
        providerRequestId: string;
        /** Absent from a reusable code of any amount, which the store never asks for. */
        amount: number | undefined;
        currency: string;
      };
    }
  | { action: 'token_changed'; token: ProviderToken }
  | {
      action: 'refund_ended';
      refund: {
        refundId: string | null;
        providerRefundId: string;
        /** The payment request it names; the published refund events may leave it out. */
        providerRequestId: string | null;
        amount: number;
        currency: string;
        outcome: 'SUCCEEDED' | 'FAILED';
        /** Why the event contradicts itself: its name says one outcome, its status another. */
        disagreement: string | null;
        failureCode: string | null;
      };
    }
  | {
      /** A session ended: a card session, or a hosted checkout of a payment or a method. */
      action: 'session_ended';
      session: { providerSessionId: string; referenceId: string };
    }
  | {
      /**
       * A subscription's plan or one of its cycles changed: the plan it names (its reference is
       * the store's subscription id), the cycle for a cycle event, and for a payment event of a
       * cycle's attempt, its payment request.
       */
      action: 'subscription_changed';
      subscription: {
        providerPlanId: string;
        referenceId: string | null;
        providerCycleId: string | null;
        providerRequestId: string | null;
      };
    };

/**
 * What a service makes of a webhook's object: the app and record it concerns and the check that
 * decides it (the callback token is checked between the two, the same way for every event), or
 * the reason it concerns nothing in this store.
 */
export type WebhookMatch =
  { app: AppRow; link: ExchangeLink; check: () => Promise<WebhookOutcome> } | { ignored: string };

/**
 * What an event does: `apply` once it is recorded, or nothing, with the reason it was ignored.
 * An event about an object the store does not hold, or that does not match what the store holds,
 * is answered 200 all the same, so the provider stops sending it.
 */
export type WebhookOutcome =
  { ignored: string; apply?: never } | { apply: () => Promise<unknown>; ignored?: never };

/** The provider's events nest a few levels; far deeper is no event, and too deep to serialise. */
export const maxWebhookDepth = 64;

/** Whether a parsed JSON value nests at most `limit` levels, walked without recursion. */
export function withinDepth(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (!node || typeof node !== 'object') continue;
    if (depth >= limit) return false;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return true;
}

/** The provider's webhooks in the store's terms: whose token, what they ask, how they are kept. */
export function createWebhookIntake(config: ServerConfig, db: Database) {
  const tokenOf = (owner: AppRow) =>
    owner.xenditCallbackToken ?? config.xendit.callbackTokens[owner.mode];

  return {
    /** The mode a callback token speaks for, or null when it is nobody's token. */
    async modeOfToken(received: unknown): Promise<'development' | 'live' | null> {
      if (typeof received !== 'string') return null;
      for (const mode of ['development', 'live'] as const) {
        if (verifyCallbackToken(received, config.xendit.callbackTokens[mode])) return mode;
      }
      const overriding = await db.select().from(apps).where(isNotNull(apps.xenditCallbackToken));
      const owner = overriding.find((row) => verifyCallbackToken(received, tokenOf(row)));
      return owner?.mode ?? null;
    },

    /** Whether the token is the one of the mode (and app) of the record an event concerns. */
    isTokenOf: (owner: AppRow, received: string) => verifyCallbackToken(received, tokenOf(owner)),

    /** The action a body asks for, or null when it is no event this store understands. */
    parse(body: unknown): WebhookAction | null {
      const parsed = webhookEventSchema.safeParse(body);
      if (!parsed.success) return parseRecurring(body);
      const event = parsed.data;
      switch (event.event) {
        case 'payment.capture':
        case 'payment.authorization':
        case 'payment.failure':
        case 'payment.expiry':
        case 'payment_request.expiry':
          return (
            cycleAttemptOf(event.data) ?? {
              action: 'payment_changed',
              payment: {
                paymentId: event.data.reference_id,
                providerRequestId: event.data.payment_request_id,
                amount: event.data.request_amount,
                currency: event.data.currency,
              },
            }
          );
        case 'payment_token.activation':
        case 'payment_token.failure':
        case 'payment_token.expiry':
          return { action: 'token_changed', token: toProviderToken(event.data) };
        case 'refund.succeeded':
        case 'refund.failed': {
          const outcome = event.event === 'refund.succeeded' ? 'SUCCEEDED' : 'FAILED';
          const sent = event.data;
          return {
            action: 'refund_ended',
            refund: {
              refundId: sent.reference_id ?? null,
              providerRefundId: sent.id,
              providerRequestId: sent.payment_request_id ?? null,
              amount: sent.amount,
              currency: sent.currency,
              outcome,
              disagreement:
                sent.status === outcome
                  ? null
                  : `${event.event} reports refund ${sent.id} as ${sent.status}`,
              failureCode: sent.failure_code ?? null,
            },
          };
        }
        case 'payment_session.completed':
        case 'payment_session.expired':
          return {
            action: 'session_ended',
            session: {
              providerSessionId: event.data.payment_session_id,
              referenceId: event.data.reference_id,
            },
          };
      }
    },

    /** Keeps a webhook as it came, once (a repeated body is the same row), with its verdict. */
    async record(
      body: unknown,
      mode: 'development' | 'live',
      verdict: { app: AppRow | null; link: ExchangeLink; ignored?: string },
    ): Promise<void> {
      const named = body as { event?: unknown } | null;
      await db
        .insert(exchanges)
        .values({
          id: newId('op'),
          appId: verdict.app?.id ?? 'unmatched',
          kind: 'webhook',
          mode: verdict.app?.mode ?? mode,
          paymentId: verdict.link.paymentId ?? null,
          paymentMethodId: verdict.link.paymentMethodId ?? null,
          refundId: verdict.link.refundId ?? null,
          subscriptionId: verdict.link.subscriptionId ?? null,
          event: eventName(named),
          data: body ?? null,
          dedupeKey: createHash('sha256')
            .update(JSON.stringify(body ?? null))
            .digest('hex'),
          ignoredReason: verdict.ignored ?? null,
        })
        .onConflictDoNothing();
    },
  };
}

/**
 * A payment event of a subscription cycle's attempt: the provider charges the cycle with a payment
 * request of its own, not one of the store's payments, and names the plan and cycle in its metadata
 * (the simulator's recurring/cycles.ts does so). What the metadata claims is checked by reading the
 * plan's cycles back, as for a cycle event; null for any other payment.
 */
function cycleAttemptOf(data: {
  payment_request_id: string;
  metadata?: Record<string, unknown> | null;
}): WebhookAction | null {
  const planId = data.metadata?.recurring_plan_id;
  const cycleId = data.metadata?.recurring_cycle_id;
  if (typeof planId !== 'string' || planId.length === 0) return null;
  return {
    action: 'subscription_changed',
    subscription: {
      providerPlanId: planId,
      referenceId: null,
      providerCycleId: typeof cycleId === 'string' ? cycleId : null,
      providerRequestId: data.payment_request_id,
    },
  };
}

/** A subscription webhook (plan or cycle) as the action it asks, or null when it is none. */
function parseRecurring(body: unknown): WebhookAction | null {
  const parsed = recurringWebhookEventSchema.safeParse(body);
  if (!parsed.success) return null;
  const event = parsed.data;
  switch (event.event) {
    case 'recurring.plan.activated':
    case 'recurring.plan.inactivated':
      return {
        action: 'subscription_changed',
        subscription: {
          providerPlanId: event.data.id,
          referenceId: event.data.reference_id,
          providerCycleId: null,
          providerRequestId: null,
        },
      };
    case 'recurring.cycle.created':
    case 'recurring.cycle.succeeded':
    case 'recurring.cycle.retrying':
    case 'recurring.cycle.failed':
      return {
        action: 'subscription_changed',
        subscription: {
          providerPlanId: event.data.plan_id,
          referenceId: event.data.reference_id ?? null,
          providerCycleId: event.data.id,
          providerRequestId: null,
        },
      };
  }
}

/** The event a body names, for logs, whether or not it is one this store understands. */
export const eventName = (body: { event?: unknown } | null) =>
  typeof body?.event === 'string' ? body.event.slice(0, 100) : 'unknown';
