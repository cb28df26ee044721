import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  channelInputProblem,
  transactionTypesFor,
  type CreatePaymentMethodRequest,
  type PaymentMethod,
} from '@store/contract';
import type { ServerConfig } from '../config.ts';
import type { Caller } from '../auth/tenant.ts';
import type { Database } from '../db/database.ts';
import { paymentMethods } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { CreateBudget } from '../http/create-budget.ts';
import { idempotentCreate, keyHolder } from '../http/idempotent-create.ts';
import { newId } from '../lib/ids.ts';
import { findChannel } from '../payments/payment-service.ts';
import type { Provider } from '../provider/adapter.ts';
import { rememberProviderCustomer, type ProviderToken } from '../provider/mapping.ts';
import { answerOf, decisiveCall, type AppRow } from '../provider/provider.ts';
import { initialMethodStatus, isMethodCreating } from '../statuses/payment-method-status.ts';
import { waitWhileCreating } from '../lib/wait-while-creating.ts';
import { toApi } from './payment-method-view.ts';
import type { PaymentMethodRow, StoredProperty } from './payment-method-view.ts';

type NewPaymentMethod = Omit<typeof paymentMethods.$inferInsert, 'status'>;

/** What a create under an Idempotency-Key compares: the request as the customer sent it. */
export const methodRequestHash = (request: CreatePaymentMethodRequest) =>
  createHash('sha256').update(JSON.stringify(request)).digest('hex');

/**
 * Linking a payment method: recorded under the customer's Idempotency-Key, then asked of the
 * provider as a payment token. Cards are handed to the cards part, which opens a SAVE session and
 * records its method here the same way.
 */
export function createMethodLinker(deps: {
  db: Database;
  provider: Provider;
  config: ServerConfig;
  budget: CreateBudget;
  fail: (paymentMethodId: string, failureCode: string) => Promise<unknown>;
  applyToken: (method: PaymentMethodRow, token: ProviderToken) => Promise<PaymentMethodRow | null>;
  returnUrls: (paymentMethodId: string, clientId: string) => Record<string, string>;
}) {
  const { db, provider, config, budget, fail, applyToken, returnUrls } = deps;

  /** The method a customer's Idempotency-Key made, if any. */
  const methodKeyHolder = (
    appId: string,
    customerId: string,
    idempotencyKey: string,
    reader: Database = db,
  ) => keyHolder(reader, paymentMethods, { appId, customerId }, idempotencyKey);

  /**
   * Records a new method, CREATING, under the customer's Idempotency-Key and their budget of
   * creates (a link is a provider create; its retry under the same key is not): the earlier
   * method when the key made one from the same request, 409 when from another (idempotentCreate).
   */
  function record(values: NewPaymentMethod & { idempotencyKey: string; requestHash: string }) {
    const { appId, customerId, idempotencyKey } = values;
    return idempotentCreate({
      resource: 'payment method',
      requestHash: values.requestHash,
      insert: () =>
        budget.spend(
          { appId, customerId },
          async (tx) => {
            const [row] = await tx
              .insert(paymentMethods)
              .values({ ...values, status: initialMethodStatus })
              .onConflictDoNothing({
                target: [
                  paymentMethods.appId,
                  paymentMethods.customerId,
                  paymentMethods.idempotencyKey,
                ],
              })
              .returning();
            return row;
          },
          async (tx) =>
            (await methodKeyHolder(appId, customerId, idempotencyKey, tx)) !== undefined,
        ),
      holder: () => methodKeyHolder(values.appId, values.customerId, values.idempotencyKey),
    });
  }

  /** The answer to a create whose key was used before: that method, once its create is answered. */
  const answerAgain = async (app: AppRow, earlier: PaymentMethodRow) =>
    toApi(
      app,
      await waitWhileCreating(earlier, {
        providerTimeoutMs: config.xendit.timeoutMs,
        isCreating: (row) => isMethodCreating(row.status),
        reload: async () =>
          (await db.select().from(paymentMethods).where(eq(paymentMethods.id, earlier.id)))[0],
      }),
    );

  async function create(
    session: Caller,
    request: CreatePaymentMethodRequest,
    options: {
      idempotencyKey: string | undefined;
      clientId: string;
      /** Cards are linked through a SAVE card session, which the cards part makes. */
      linkCard?: () => Promise<PaymentMethod>;
    },
  ): Promise<PaymentMethod> {
    const { app, customer } = await session.tenant();
    const channel = findChannel(app, request.channel);
    if (!channel) {
      throw new AppError(
        400,
        'CHANNEL_NOT_AVAILABLE',
        `Channel ${request.channel} is not offered by this store`,
      );
    }
    if (!channel.is_saveable) {
      throw new AppError(400, 'CHANNEL_NOT_SAVEABLE', `${channel.name} cannot be saved`);
    }
    if (request.country !== app.country) {
      throw new AppError(400, 'COUNTRY_MISMATCH', `This store sells in ${app.country}`);
    }
    if (channel.creation_workflow_type === 'CARDS_SESSION_JS') {
      if (!options.linkCard) {
        throw new AppError(400, 'USE_CARDS_SESSION', 'Cards are saved through a card session');
      }
      return options.linkCard();
    }
    const properties: StoredProperty[] = [];
    const channelProperties: Record<string, string> = {};
    const linkingTypes = transactionTypesFor('LINK');
    for (const property of channel.properties) {
      if (!linkingTypes.includes(property.transaction_type)) continue;
      const value = request.channel_properties?.[property.name]?.trim();
      if (!value) {
        throw new AppError(
          400,
          'API_VALIDATION_ERROR',
          `${property.name} is required to link ${channel.name}`,
        );
      }
      const problem = channelInputProblem(property.name, value, app.country);
      if (problem) throw new AppError(400, 'API_VALIDATION_ERROR', problem);
      channelProperties[property.name] = value;
      properties.push({ transaction_type: property.transaction_type, name: property.name, value });
    }

    const paymentMethodId = newId('pm');
    const recorded = await record({
      id: paymentMethodId,
      appId: app.id,
      customerId: customer.id,
      channelCode: channel.code,
      country: app.country,
      referenceId: request.reference_id,
      properties,
      idempotencyKey: options.idempotencyKey ?? newId('auto'),
      requestHash: methodRequestHash(request),
    });
    if (recorded.earlier) return answerAgain(app, recorded.earlier);
    const inserted = recorded.created;

    const token = answerOf(
      await decisiveCall(
        () =>
          provider.createToken(app, customer, {
            id: paymentMethodId,
            channelCode: channel.code,
            channelProperties: {
              ...channelProperties,
              ...returnUrls(paymentMethodId, options.clientId),
            },
          }),
        (error) => fail(paymentMethodId, error.errorCode),
      ),
    );
    await rememberProviderCustomer(db, customer, token.providerCustomerId);
    const updated = await applyToken(inserted, token);
    return toApi(app, updated ?? inserted);
  }

  return { create, keyHolder: methodKeyHolder, record, answerAgain };
}
export type MethodLinker = ReturnType<typeof createMethodLinker>;
