import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error.ts';
import type { Provider } from '../provider/adapter.ts';
import {
  eventName,
  maxWebhookDepth,
  withinDepth,
  type WebhookAction,
  type WebhookMatch,
  type WebhookOutcome,
} from '../provider/webhook-events.ts';
import type { AppRow, ExchangeLink } from '../provider/provider.ts';
import type { CardService } from '../cards/card-service.ts';
import type { PaymentMethodService } from '../payment-methods/payment-method-service.ts';
import type { RefundService } from '../refunds/refund-service.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import type { SubscriptionService } from '../subscriptions/subscription-service.ts';

interface WebhookDependencies {
  provider: Provider;
  payments: PaymentService;
  refunds: RefundService;
  paymentMethods: PaymentMethodService;
  cards: CardService;
  subscriptions: SubscriptionService;
}

/**
 * POST /api/webhooks/xendit: the provider's only way in. A webhook is a notification, not a fact:
 * its callback token must be the one of the mode (and app) of the object it names, and the service
 * that owns that object checks the rest (the provider object it recorded, the amount and currency,
 * the object read back from the provider with the app's own key, whose answer is what the store
 * applies). Every event is recorded once, with the reason when it changed nothing, before the
 * change it brings.
 */
export function registerWebhookRoute(app: FastifyInstance, deps: WebhookDependencies): void {
  const { webhooks } = deps.provider;

  /** A session is a hosted checkout's, of a payment or a method, or else a card session. */
  async function matchSession(session: { providerSessionId: string }): Promise<WebhookMatch> {
    return (
      (await deps.payments.matchSessionWebhook(session, deps.paymentMethods.saveFromCheckout)) ??
      (await deps.paymentMethods.matchSessionWebhook(session)) ??
      deps.cards.matchSessionWebhook(session.providerSessionId)
    );
  }

  /** The service that owns what the event concerns. */
  function dispatch(event: WebhookAction): Promise<WebhookMatch> {
    switch (event.action) {
      case 'payment_changed':
        return deps.payments.matchWebhook(event.payment, deps.paymentMethods.saveFromPayment);
      case 'token_changed':
        return deps.paymentMethods.matchTokenWebhook(event.token);
      case 'refund_ended':
        return deps.refunds.matchWebhook(event.refund);
      case 'session_ended':
        return matchSession(event.session);
      case 'subscription_changed':
        return deps.subscriptions.matchWebhook(event.subscription);
    }
  }

  async function verify(
    received: string,
    body: unknown,
  ): Promise<{ app: AppRow | null; link: ExchangeLink } & Partial<WebhookOutcome>> {
    const event = webhooks.parse(body);
    const match = event
      ? await dispatch(event)
      : { ignored: 'Not an event of the provider this store understands' };
    if ('ignored' in match) return { app: null, link: {}, ignored: match.ignored };
    const { app: owner, link } = match;
    if (!webhooks.isTokenOf(owner, received)) {
      return {
        app: owner,
        link,
        ignored: `The callback token is not the one of ${owner.mode} app ${owner.id}`,
      };
    }
    return { app: owner, link, ...(await match.check()) };
  }

  app.post('/webhooks/xendit', { schema: { hide: true } }, async (request, reply) => {
    const received = request.headers['x-callback-token'];
    const tokenMode = await webhooks.modeOfToken(received);
    if (typeof received !== 'string' || !tokenMode) {
      throw new AppError(401, 'INVALID_CALLBACK_TOKEN', 'The x-callback-token header is not valid');
    }
    // The body is stored as it came: one nested deeper than any event could not be serialised.
    if (!withinDepth(request.body, maxWebhookDepth)) {
      throw new AppError(
        400,
        'INVALID_WEBHOOK_BODY',
        `The body nests deeper than ${maxWebhookDepth}`,
      );
    }
    const verdict = await verify(received, request.body);
    if (verdict.ignored) {
      request.log.warn(
        { event: eventName(request.body as { event?: unknown } | null), reason: verdict.ignored },
        'webhook ignored',
      );
    }
    await webhooks.record(request.body, tokenMode, verdict);
    await verdict.apply?.();
    return reply.status(200).send({ received: true });
  });
}
