import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  checkoutChannelCode,
  screenPath,
  type CreateCheckoutSessionPaymentMethodRequest,
  type PaymentMethod,
} from '@store/contract';
import type { Caller } from '../auth/tenant.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { apps, paymentMethods } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { newId } from '../lib/ids.ts';
import type { Provider } from '../provider/adapter.ts';
import { rememberProviderCustomer } from '../provider/mapping.ts';
import { answerOf, decisiveCall } from '../provider/provider.ts';
import type { WebhookMatch } from '../provider/webhook-events.ts';
import { isCardSessionCancelled, isCardSessionExpired } from '../statuses/card-session-status.ts';
import { movePaymentMethod } from '../statuses/payment-method-status.ts';
import type { MethodLinker } from './link-method.ts';
import { toApi } from './payment-method-view.ts';

/**
 * Saving a method on the provider's hosted checkout: the method recorded under the customer's
 * Idempotency-Key, then a SAVE session for it, whose page is the method's action. The customer
 * chooses the channel there; the session's end (read back) names the token, which the method
 * follows, with the channel chosen.
 */
export function createCheckoutLinking(deps: {
  db: Database;
  provider: Provider;
  config: ServerConfig;
  linker: MethodLinker;
  returnUrls: (paymentMethodId: string, clientId: string) => Record<string, string>;
}) {
  const { db, provider, config, linker, returnUrls } = deps;

  async function link(
    session: Caller,
    request: CreateCheckoutSessionPaymentMethodRequest,
    options: { idempotencyKey: string | undefined; clientId: string },
  ): Promise<PaymentMethod> {
    const { app, customer } = await session.tenant();
    if (request.country !== app.country) {
      throw new AppError(400, 'COUNTRY_MISMATCH', `This store sells in ${app.country}`);
    }
    const paymentMethodId = newId('pm');
    const recorded = await linker.record({
      id: paymentMethodId,
      appId: app.id,
      customerId: customer.id,
      channelCode: checkoutChannelCode,
      country: app.country,
      referenceId: request.reference_id,
      idempotencyKey: options.idempotencyKey ?? newId('auto'),
      requestHash: createHash('sha256')
        .update(JSON.stringify({ ...request, checkout: true }))
        .digest('hex'),
    });
    if (recorded.earlier) return linker.answerAgain(app, recorded.earlier);
    const link = { paymentMethodId };
    const opened = answerOf(
      await decisiveCall(
        () =>
          provider.createCheckoutSession(app, customer, link, {
            type: 'SAVE',
            // The token the page makes carries this reference.
            referenceId: paymentMethodId,
            amount: 0,
            save: true,
            lines: [],
            returnUrls: {
              success_return_url: String(
                returnUrls(paymentMethodId, options.clientId).success_return_url,
              ),
              cancel_return_url: `${config.publicUrl}${screenPath('paymentMethodNew')}`,
            },
          }),
        (error) =>
          movePaymentMethod(db, paymentMethodId, 'FAILED', { failureCode: error.errorCode }),
      ),
    );
    await rememberProviderCustomer(db, customer, opened.providerCustomerId);
    const updated = await movePaymentMethod(db, paymentMethodId, 'REQUIRES_ACTION', {
      providerSessionId: opened.providerSessionId,
      actions: opened.paymentLinkUrl
        ? [{ type: 'REDIRECT_CUSTOMER', value: opened.paymentLinkUrl }]
        : [],
    });
    return toApi(app, updated ?? recorded.created);
  }

  /**
   * payment_session.completed / .expired about a method: the session read back with the app's
   * key decides. Completed, it names the token, read back and checked to be this method's; the
   * method follows it, with the channel chosen. Expired or cancelled, the method ends.
   */
  async function matchSessionWebhook(sent: {
    providerSessionId: string;
  }): Promise<WebhookMatch | null> {
    const [row] = await db
      .select({ method: paymentMethods, app: apps })
      .from(paymentMethods)
      .innerJoin(apps, eq(apps.id, paymentMethods.appId))
      .where(eq(paymentMethods.providerSessionId, sent.providerSessionId));
    if (!row) return null;
    const { method, app } = row;
    const link = { paymentMethodId: method.id };
    const check = async () => {
      const session = await provider.confirmCheckoutSession(app, link, sent.providerSessionId);
      if (!session || session.referenceId !== method.id) {
        return {
          ignored: `The provider holds no session ${sent.providerSessionId} of this method for ${app.mode} app ${app.id}`,
        };
      }
      if (isCardSessionExpired(session.status) || isCardSessionCancelled(session.status)) {
        const ended = isCardSessionExpired(session.status) ? 'EXPIRED' : 'CANCELED';
        return { apply: () => movePaymentMethod(db, method.id, ended, { actions: [] }) };
      }
      if (!session.tokenId) {
        return {
          ignored: `The provider says session ${sent.providerSessionId} is ${session.status}, with no payment token`,
        };
      }
      const token = await provider.confirmToken(app, method.id, session.tokenId);
      if (!token || token.referenceId !== method.id) {
        return { ignored: `The session's token ${session.tokenId} is not this method's` };
      }
      return {
        apply: () =>
          movePaymentMethod(db, method.id, token.status, {
            providerTokenId: token.tokenId,
            channelCode: token.channelCode,
            actions: [],
            failureCode: token.failureCode,
            details: token.details ?? method.details,
          }),
      };
    };
    return { app, link, check };
  }

  return { link, matchSessionWebhook };
}
