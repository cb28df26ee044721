import { createHash } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import {
  canBackSubscription,
  subscriptionErrorCodes,
  type CreateSubscriptionRequest,
} from '@store/contract';
import type { Caller } from '../auth/tenant.ts';
import { findProduct, subscriptionTermsOf } from '../catalog/catalog-service.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { paymentMethods, subscriptions } from '../db/schema.ts';
import { AppError, notFound } from '../http/app-error.ts';
import { takeCreateTurn, type CreateBudget } from '../http/create-budget.ts';
import { idempotentCreate, keyHolder } from '../http/idempotent-create.ts';
import { newId } from '../lib/ids.ts';
import { waitWhileCreating } from '../lib/wait-while-creating.ts';
import type { Provider } from '../provider/adapter.ts';
import { decisiveCall, type AppRow, type DecisiveOutcome } from '../provider/provider.ts';
import type { ProviderPlan } from '../provider/recurring-mapping.ts';
import {
  notBeingUnlinked,
  payingMethodStatus,
  toApiMethodStatus,
  type StoredPaymentMethodStatus,
} from '../statuses/payment-method-status.ts';
import {
  initialSubscriptionStatus,
  isSubscriptionCreating,
  moveSubscription,
  openSubscriptionStatuses,
} from '../statuses/subscription-status.ts';
import type { SubscriptionRow } from './subscription-view.ts';

const requestHashOf = (request: CreateSubscriptionRequest) =>
  createHash('sha256').update(JSON.stringify(request)).digest('hex');

/**
 * Subscribing: the product's terms and the customer's method checked, the subscription recorded
 * under the customer's Idempotency-Key (one per key, as payments), then the provider's plan
 * created on the token's customer under the subscription id, so a replay never makes two plans.
 */
export function createSubscriber(deps: {
  db: Database;
  provider: Provider;
  config: ServerConfig;
  budget: CreateBudget;
  applyPlan: (subscription: SubscriptionRow, plan: ProviderPlan) => Promise<unknown>;
}) {
  const { db, provider, config, budget, applyPlan } = deps;

  /** The subscription a customer's Idempotency-Key made, if any. */
  const subscriptionKeyHolder = (
    appId: string,
    customerId: string,
    idempotencyKey: string,
    reader: Database = db,
  ) => keyHolder(reader, subscriptions, { appId, customerId }, idempotencyKey);

  /**
   * At most `openSubscriptionsPerCustomer` not ended at once (0: no limit): each open plan charges
   * on its own schedule for as long as it runs, at the provider's cost and the store's, and the
   * budget of creates a minute alone let one customer gather 60 more every minute. Counted in the
   * customer's turn (in the database, taken here since the budget's count takes it only when it
   * has a limit), so subscribes racing each other pass it no more than one at a time would; a
   * retry of a subscribe already recorded is answered whatever the count, as the budget answers it.
   */
  async function refuseWhenTooManyOpen(
    tx: Database,
    appId: string,
    customerId: string,
    idempotencyKey: string,
  ) {
    const limit = config.rateLimits.openSubscriptionsPerCustomer;
    if (limit === 0) return;
    await takeCreateTurn(tx, customerId);
    const [row] = await tx
      .select({ open: count() })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.appId, appId),
          eq(subscriptions.customerId, customerId),
          inArray(subscriptions.status, openSubscriptionStatuses),
        ),
      );
    const open = row?.open ?? 0;
    if (open < limit) return;
    if (await subscriptionKeyHolder(appId, customerId, idempotencyKey, tx)) return;
    throw new AppError(
      409,
      subscriptionErrorCodes.limitReached,
      `The customer has ${open} subscriptions not ended, and this store allows ${limit}: cancel one before starting another`,
    );
  }

  /**
   * The plan's create call from the stored subscription: the token's customer read first when
   * not yet known (kept, so a replay names the same one), then the plan under the subscription id.
   */
  async function submit(app: AppRow, row: SubscriptionRow): Promise<ProviderPlan> {
    let providerCustomerId = row.providerCustomerId;
    if (!providerCustomerId) {
      const token = await provider.tokenCustomer(app, row.id, row.providerTokenId);
      if (!token.providerCustomerId) {
        throw new AppError(
          400,
          subscriptionErrorCodes.methodNotSubscribable,
          'The provider names no customer for this saved method',
        );
      }
      providerCustomerId = token.providerCustomerId;
      await db
        .update(subscriptions)
        .set({ providerCustomerId })
        .where(eq(subscriptions.id, row.id));
    }
    return provider.createPlan(app, { ...row, providerCustomerId });
  }

  /** Sends the create (again) and applies its answer; a refusal fails the subscription. */
  async function settle(app: AppRow, row: SubscriptionRow): Promise<DecisiveOutcome<ProviderPlan>> {
    const outcome = await decisiveCall(
      () => submit(app, row),
      (error) => moveSubscription(db, row.id, 'FAILED', { failureCode: error.errorCode }),
    );
    if (outcome.answer) await applyPlan(row, outcome.answer);
    return outcome;
  }

  async function create(
    session: Caller,
    request: CreateSubscriptionRequest,
    idempotencyKey: string | undefined,
  ): Promise<SubscriptionRow> {
    const { app, customer } = await session.tenant();
    const product = await findProduct(db, app.id, request.product_id);
    if (!product) {
      throw new AppError(
        400,
        'PRODUCT_NOT_FOUND',
        `Product ${request.product_id} is not sold by this store`,
      );
    }
    const terms = subscriptionTermsOf(product);
    if (!terms) {
      throw new AppError(
        400,
        subscriptionErrorCodes.productNotSubscribable,
        `${product.name} is not sold by subscription`,
      );
    }
    const [method] = await db
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.id, request.payment_method_id),
          eq(paymentMethods.appId, app.id),
          eq(paymentMethods.customerId, customer.id),
        ),
      );
    if (!method) throw notFound(`Payment method ${request.payment_method_id}`);
    const status = toApiMethodStatus(method.status as StoredPaymentMethodStatus);
    if (!method.providerTokenId || !canBackSubscription({ status, channel: method.channelCode })) {
      throw new AppError(
        400,
        subscriptionErrorCodes.methodNotSubscribable,
        `Payment method ${method.id} (${method.channelCode}, ${status}) cannot pay a subscription: it must be an ACTIVE card or e-wallet`,
      );
    }

    const requestHash = requestHashOf(request);
    const key = idempotencyKey ?? newId('auto');
    const recorded = await idempotentCreate({
      resource: 'subscription',
      requestHash,
      // Under the customer's budget of creates (a plan is a provider create; its retry under the
      // same key is not). The method read again under a share lock, in the insert's transaction:
      // an unlink either claimed it first (refused here) or waits for this row, which its end of
      // the method's subscriptions then finds.
      insert: () =>
        budget.spend(
          { appId: app.id, customerId: customer.id },
          async (tx) => {
            await refuseWhenTooManyOpen(tx, app.id, customer.id, key);
            const [still] = await tx
              .select({ id: paymentMethods.id })
              .from(paymentMethods)
              .where(
                and(
                  eq(paymentMethods.id, method.id),
                  eq(paymentMethods.status, payingMethodStatus),
                  notBeingUnlinked(),
                ),
              )
              .for('share');
            if (!still) {
              throw new AppError(
                409,
                subscriptionErrorCodes.methodNotSubscribable,
                `Payment method ${method.id} is being unlinked: it cannot pay a new subscription`,
              );
            }
            const [row] = await tx
              .insert(subscriptions)
              .values({
                id: newId('sub'),
                appId: app.id,
                customerId: customer.id,
                productId: product.id,
                productName: product.name,
                productImagePath: product.imagePath,
                paymentMethodId: method.id,
                providerTokenId: method.providerTokenId ?? '',
                // Read from the token before the create (submit): the plan must name its customer.
                providerCustomerId: null,
                idempotencyKey: key,
                requestHash,
                amount: terms.amount,
                currency: product.currency,
                interval: terms.interval,
                intervalCount: terms.interval_count,
                status: initialSubscriptionStatus,
              })
              .onConflictDoNothing({
                target: [
                  subscriptions.appId,
                  subscriptions.customerId,
                  subscriptions.idempotencyKey,
                ],
              })
              .returning();
            return row;
          },
          async (tx) => (await subscriptionKeyHolder(app.id, customer.id, key, tx)) !== undefined,
        ),
      holder: () => subscriptionKeyHolder(app.id, customer.id, key),
    });
    if (recorded.earlier) {
      const earlier = recorded.earlier;
      return waitWhileCreating(earlier, {
        providerTimeoutMs: config.xendit.timeoutMs,
        isCreating: (row) => isSubscriptionCreating(row.status),
        reload: async () =>
          (await db.select().from(subscriptions).where(eq(subscriptions.id, earlier.id)))[0],
      });
    }
    const outcome = await settle(app, recorded.created);
    // A refusal is the customer's answer; a fault leaves the subscription PENDING (CREATING) for
    // the reconciler, as a payment whose answer was lost.
    if (outcome.refused) throw outcome.refused;
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, recorded.created.id));
    return row ?? recorded.created;
  }

  return { create, settle };
}
export type Subscriber = ReturnType<typeof createSubscriber>;
