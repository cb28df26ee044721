import { asc, desc, inArray } from 'drizzle-orm';
import type {
  PaidSubscription,
  PaymentMethod,
  PaymentMethodAction,
  TransactionType,
} from '@store/contract';
import type { Caller } from '../auth/tenant.ts';
import type { Database } from '../db/database.ts';
import { exchanges, subscriptions, type paymentMethods } from '../db/schema.ts';
import { channelsFor, findChannel, toApiExchange } from '../payments/payment-service.ts';
import type { CustomerRow } from '../provider/mapping.ts';
import type { AppRow } from '../provider/provider.ts';
import {
  toApiMethodStatus,
  type StoredPaymentMethodStatus,
} from '../statuses/payment-method-status.ts';
import {
  openSubscriptionsPaidBy,
  toApiSubscriptionStatus,
  type StoredSubscriptionStatus,
} from '../statuses/subscription-status.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type StoredProperty = {
  transaction_type: TransactionType;
  name: string;
  value: string | null;
};
type StoredExchange = typeof exchanges.$inferSelect;

/** A method as the API shows it; with its exchanges and channel configuration on request. */
export function toApi(
  app: Pick<AppRow, 'country' | 'currency'>,
  row: PaymentMethodRow,
  extras: {
    exchanges?: StoredExchange[];
    customer?: CustomerRow;
    openSubscriptions?: PaidSubscription[];
  } = {},
): PaymentMethod {
  const channel = findChannel(app, row.channelCode);
  return {
    id: row.id,
    channel: row.channelCode,
    channel_name: channel?.name ?? row.channelCode,
    country: row.country,
    code: row.channelCode,
    status: toApiMethodStatus(row.status as StoredPaymentMethodStatus),
    actions: row.actions as PaymentMethodAction[],
    properties: row.properties as StoredProperty[],
    details: row.details ?? null,
    failure_code: row.failureCode,
    payment_id: row.paymentId,
    created: row.createdAt.toISOString(),
    ...(extras.exchanges ? { xendit_operations: extras.exchanges.map(toApiExchange) } : {}),
    ...(extras.customer
      ? {
          config:
            channelsFor(app, extras.customer).find(
              (candidate) => candidate.code === row.channelCode,
            ) ?? null,
        }
      : {}),
    ...(extras.openSubscriptions ? { open_subscriptions: extras.openSubscriptions } : {}),
  };
}

/**
 * The caller's open subscriptions charged to these methods, oldest first, by method id: what
 * unlinking each would cancel.
 */
export async function openSubscriptionsOf(
  db: Database,
  session: Pick<Caller, 'appId' | 'customerId'>,
  methodIds: string[],
): Promise<Map<string, PaidSubscription[]>> {
  const paid = new Map<string, PaidSubscription[]>(methodIds.map((id) => [id, []]));
  if (methodIds.length === 0) return paid;
  const rows = await db
    .select({
      id: subscriptions.id,
      paymentMethodId: subscriptions.paymentMethodId,
      productName: subscriptions.productName,
      status: subscriptions.status,
    })
    .from(subscriptions)
    .where(openSubscriptionsPaidBy(session, methodIds))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
  for (const row of rows) {
    paid.get(row.paymentMethodId)?.push({
      id: row.id,
      product_name: row.productName,
      status: toApiSubscriptionStatus(row.status as StoredSubscriptionStatus),
    });
  }
  return paid;
}

/** The provider exchanges of these methods, newest first. */
export async function exchangesOf(db: Database, ids: string[]): Promise<StoredExchange[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(exchanges)
    .where(inArray(exchanges.paymentMethodId, ids))
    .orderBy(desc(exchanges.createdAt));
}
