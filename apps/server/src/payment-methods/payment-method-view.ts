import { desc, inArray } from 'drizzle-orm';
import type { PaymentMethod, PaymentMethodAction } from '@store/contract';
import type { Database } from '../db/database.ts';
import { providerOperations, type paymentMethods } from '../db/schema.ts';
import { channelsFor, findChannel } from '../payments/channels.ts';
import { toOperation } from '../payments/payment-view.ts';
import type { CustomerRow } from '../provider/mapping.ts';
import type { AppRow } from '../provider/provider.ts';
import {
  toApiMethodStatus,
  type StoredPaymentMethodStatus,
} from '../statuses/payment-method-status.ts';
import type { StoredProperty } from './payment-method-service.ts';

type PaymentMethodRow = typeof paymentMethods.$inferSelect;
type OperationRow = typeof providerOperations.$inferSelect;

/** A method as the API shows it; with its exchanges and channel configuration on request. */
export function toApi(
  app: Pick<AppRow, 'country' | 'currency'>,
  row: PaymentMethodRow,
  extras: { operations?: OperationRow[]; customer?: CustomerRow } = {},
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
    ...(extras.operations ? { xendit_operations: extras.operations.map(toOperation) } : {}),
    ...(extras.customer
      ? {
          config:
            channelsFor(app, extras.customer).find(
              (candidate) => candidate.code === row.channelCode,
            ) ?? null,
        }
      : {}),
  };
}

/** The provider exchanges of these methods, newest first. */
export async function operationsOf(db: Database, ids: string[]): Promise<OperationRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(providerOperations)
    .where(inArray(providerOperations.paymentMethodId, ids))
    .orderBy(desc(providerOperations.createdAt));
}
