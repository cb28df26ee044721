import { createHash } from 'node:crypto';
import { and, desc, eq, isNotNull, ne, or } from 'drizzle-orm';
import {
  screenPaths,
  type CreatePaymentMethodRequest,
  type PaymentMethod,
  type TransactionType,
} from '@store/contract';
import type { PaymentToken } from '@store/xendit';
import type { ServerConfig } from '../config.ts';
import type { Caller } from '../auth/tenant.ts';
import type { Database } from '../db/database.ts';
import { paymentMethods, payments } from '../db/schema.ts';
import { AppError, notFound } from '../http/app-error.ts';
import { idempotentCreate } from '../lib/idempotent-create.ts';
import { newId } from '../lib/ids.ts';
import { findChannel } from '../payments/channels.ts';
import {
  providerCustomer,
  rememberProviderCustomer,
  tokenDetails,
  toMethodActions,
} from '../provider/mapping.ts';
import { operationsOf, toApi } from './payment-method-view.ts';
import {
  decisiveCall,
  answerOf,
  providerMarket,
  type AppRow,
  type ProviderGateway,
} from '../provider/provider.ts';
import {
  canTransitionMethod,
  methodAwaitsProvider,
  toApiMethodStatus,
  movePaymentMethod,
  type StoredPaymentMethodStatus,
} from '../statuses/payment-method-status.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
type NewPaymentMethod = Omit<typeof paymentMethods.$inferInsert, 'status'>;
export type StoredProperty = {
  transaction_type: TransactionType;
  name: string;
  value: string | null;
};

/** A read asks the provider for news at most this often per method. */
const refreshIntervalMs = 2_000;

/**
 * The id of the method a PAY_AND_SAVE payment saves, from its token: a token webhook is recorded
 * against the method before the method is made, and whichever of the capture and the activation
 * webhooks makes it, it gets this id.
 */
const savedMethodId = (tokenId: string) =>
  `pm_${createHash('sha256').update(tokenId).digest('hex').slice(0, 32)}`;

export const fingerprint = (request: CreatePaymentMethodRequest) =>
  createHash('sha256').update(JSON.stringify(request)).digest('hex');

export function createPaymentMethodService(deps: {
  db: Database;
  provider: ProviderGateway;
  config: ServerConfig;
}) {
  const { db, provider, config } = deps;

  async function loadOwn(session: Caller, paymentMethodId: string): Promise<PaymentMethodRow> {
    const [row] = await db
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.id, paymentMethodId),
          eq(paymentMethods.appId, session.appId),
          eq(paymentMethods.customerId, session.customerId),
        ),
      );
    if (!row) throw notFound(`Payment method ${paymentMethodId}`);
    return row;
  }

  const transition = (
    paymentMethodId: string,
    to: StoredPaymentMethodStatus,
    changes?: Parameters<typeof movePaymentMethod>[3],
  ) => movePaymentMethod(db, paymentMethodId, to, changes);

  /** Applies what the provider says of a payment token (a create answer, a read or a webhook). */
  async function applyToken(method: PaymentMethodRow, token: PaymentToken) {
    const status = token.status;
    return transition(method.id, status, {
      providerTokenId: token.payment_token_id,
      actions: methodAwaitsProvider(status) ? toMethodActions(method.id, token.actions ?? []) : [],
      failureCode: token.failure_code ?? null,
      details: tokenDetails(token) ?? method.details,
    });
  }

  async function view(session: Caller, paymentMethodId: string): Promise<PaymentMethod> {
    const method = await loadOwn(session, paymentMethodId);
    const { app } = await session.tenant();
    return toApi(app, method, { operations: await operationsOf(db, [method.id]) });
  }

  async function waitWhileCreating(method: PaymentMethodRow): Promise<PaymentMethodRow> {
    const deadline = Date.now() + config.xendit.timeoutMs + 2_000;
    let current = method;
    while (current.status === 'CREATING' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, method.id));
      if (!row) break;
      current = row;
    }
    return current;
  }

  /**
   * The method a PAY_AND_SAVE payment leaves behind, ACTIVE, once the provider reports its token.
   * Idempotent: the token id is unique, so duplicate or crossing webhooks make one method.
   */
  async function saveFromPayment(
    paymentId: string,
    tokenId: string,
  ): Promise<PaymentMethodRow | null> {
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment || payment.type !== 'PAY_AND_SAVE') return null;
    await db
      .insert(paymentMethods)
      .values({
        id: savedMethodId(tokenId),
        appId: payment.appId,
        customerId: payment.customerId,
        providerTokenId: tokenId,
        channelCode: payment.channelCode,
        country: payment.country,
        referenceId: payment.id,
        status: 'ACTIVE',
        paymentId: payment.id,
      })
      .onConflictDoNothing({ target: paymentMethods.providerTokenId });
    const [method] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.providerTokenId, tokenId));
    return method ?? null;
  }

  /** The method a customer's Idempotency-Key made, if any. */
  async function keyHolder(appId: string, customerId: string, idempotencyKey: string) {
    const [row] = await db
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.appId, appId),
          eq(paymentMethods.customerId, customerId),
          eq(paymentMethods.idempotencyKey, idempotencyKey),
        ),
      );
    return row;
  }

  /**
   * Records a new method, CREATING, under the customer's Idempotency-Key: the earlier method when
   * the key made one from the same request, 409 when from another (idempotentCreate).
   */
  function record(values: NewPaymentMethod & { idempotencyKey: string; requestHash: string }) {
    return idempotentCreate({
      resource: 'payment method',
      requestHash: values.requestHash,
      insert: async () => {
        const [row] = await db
          .insert(paymentMethods)
          .values({ ...values, status: 'CREATING' })
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
      holder: () => keyHolder(values.appId, values.customerId, values.idempotencyKey),
    });
  }

  /** The answer to a create whose key was used before: that method, once its create is answered. */
  const answerAgain = async (app: AppRow, earlier: PaymentMethodRow) =>
    toApi(app, await waitWhileCreating(earlier));

  function returnUrls(paymentMethodId: string, clientId: string) {
    const query = new URLSearchParams({ payment_method_id: paymentMethodId });
    if (clientId !== 'web') query.set('source', clientId);
    return {
      success_return_url: `${config.publicUrl}${screenPaths.linkingSuccess}?${query}`,
      failure_return_url: `${config.publicUrl}${screenPaths.linkingFailure}?${query}`,
    };
  }

  return {
    returnUrls,
    toApi,
    keyHolder,
    record,
    answerAgain,
    transition,
    applyToken,

    async create(
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
      for (const property of channel.properties) {
        if (property.transaction_type !== 'SAVE') continue;
        const value = request.channel_properties?.[property.name]?.trim();
        if (!value) {
          throw new AppError(
            400,
            'API_VALIDATION_ERROR',
            `${property.name} is required to link ${channel.name}`,
          );
        }
        channelProperties[property.name] = value;
        properties.push({ transaction_type: 'SAVE', name: property.name, value });
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
        requestHash: fingerprint(request),
      });
      if (recorded.earlier) return answerAgain(app, recorded.earlier);
      const inserted = recorded.created;

      const token = answerOf(
        await decisiveCall(
          () =>
            provider.call(app, { paymentMethodId }, (client) =>
              client.createPaymentToken(
                {
                  reference_id: paymentMethodId,
                  ...providerMarket(app),
                  channel_code: channel.code,
                  channel_properties: {
                    ...channelProperties,
                    ...returnUrls(paymentMethodId, options.clientId),
                  },
                  ...providerCustomer(customer),
                  metadata: { app_id: app.id, customer_id: customer.id },
                },
                { idempotencyKey: paymentMethodId },
              ),
            ),
          (error) => transition(paymentMethodId, 'FAILED', { failureCode: error.errorCode }),
        ),
      );
      await rememberProviderCustomer(db, customer, token.customer_id);
      const updated = await applyToken(inserted, token);
      return toApi(app, updated ?? inserted);
    },

    async list(session: Caller, withConfig: boolean): Promise<PaymentMethod[]> {
      const { app, customer } = await session.tenant();
      const rows = await db
        .select()
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.appId, session.appId),
            eq(paymentMethods.customerId, session.customerId),
            // A card is a method once the cards script made its token; an opened form is not.
            or(ne(paymentMethods.channelCode, 'CARDS'), isNotNull(paymentMethods.providerTokenId)),
          ),
        )
        .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id));
      if (!withConfig) return rows.map((row) => toApi(app, row));
      const operations = await operationsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) =>
        toApi(app, row, {
          customer,
          operations: operations.filter((operation) => operation.paymentMethodId === row.id),
        }),
      );
    },

    /** One method; while the provider may still change it, its status is read afresh. */
    async get(session: Caller, paymentMethodId: string): Promise<PaymentMethod> {
      const method = await loadOwn(session, paymentMethodId);
      const stale = Date.now() - method.updatedAt.getTime() > refreshIntervalMs;
      const tokenId = method.providerTokenId;
      if (methodAwaitsProvider(method.status as StoredPaymentMethodStatus) && tokenId && stale) {
        const { app } = await session.tenant();
        const token = await provider.call(app, { paymentMethodId }, (client) =>
          client.getPaymentToken(tokenId),
        );
        await applyToken(method, token);
      }
      return view(session, paymentMethodId);
    },

    async validateOtp(
      session: Caller,
      paymentMethodId: string,
      otpCode: string,
    ): Promise<PaymentMethod> {
      const method = await loadOwn(session, paymentMethodId);
      const tokenId = method.providerTokenId;
      if (!tokenId || method.status !== 'REQUIRES_ACTION') {
        throw new AppError(
          409,
          'PAYMENT_METHOD_NOT_ACTIONABLE',
          `Payment method ${paymentMethodId} is ${toApiMethodStatus(method.status as StoredPaymentMethodStatus)} and awaits no OTP`,
        );
      }
      const { app } = await session.tenant();
      const token = await provider.call(app, { paymentMethodId }, (client) =>
        client.validatePaymentTokenOtp(tokenId, { otp_code: otpCode }),
      );
      await applyToken(method, token);
      return view(session, paymentMethodId);
    },

    /** Unlink: the provider forgets the token; CANCELED is final. */
    async cancel(session: Caller, paymentMethodId: string): Promise<PaymentMethod> {
      const method = await loadOwn(session, paymentMethodId);
      if (method.status === 'CANCELED') return view(session, paymentMethodId);
      const tokenId = method.providerTokenId;
      if (
        !tokenId ||
        !canTransitionMethod(method.status as StoredPaymentMethodStatus, 'CANCELED')
      ) {
        throw new AppError(
          409,
          'PAYMENT_METHOD_NOT_ACTIONABLE',
          `Payment method ${paymentMethodId} is ${toApiMethodStatus(method.status as StoredPaymentMethodStatus)} and cannot be unlinked`,
        );
      }
      const { app } = await session.tenant();
      const token = await provider.call(app, { paymentMethodId }, (client) =>
        client.cancelPaymentToken(tokenId),
      );
      await applyToken(method, token);
      return view(session, paymentMethodId);
    },

    saveFromPayment,

    /**
     * payment_token.activation / .failure / .expiry: the method the token concerns, and `apply`,
     * which applies the token to it and which the caller runs once the webhook is recorded. A
     * token the store has not seen may be the one a PAY_AND_SAVE payment saved (its reference_id
     * is the payment's id).
     */
    async matchTokenWebhook(
      token: PaymentToken,
    ): Promise<{ appId: string; paymentMethodId: string; apply: () => Promise<unknown> } | null> {
      const [known] = await db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.providerTokenId, token.payment_token_id));
      if (known) {
        return {
          appId: known.appId,
          paymentMethodId: known.id,
          apply: () => applyToken(known, token),
        };
      }
      // A card linked through a SAVE session: the token names the method, which has no token
      // until the browser completes the session.
      const [linking] = await db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.id, token.reference_id));
      if (linking && !linking.providerTokenId) {
        return {
          appId: linking.appId,
          paymentMethodId: linking.id,
          apply: () => applyToken(linking, token),
        };
      }
      if (token.status !== 'ACTIVE') return null;
      const [payment] = await db
        .select({ appId: payments.appId, type: payments.type })
        .from(payments)
        .where(eq(payments.id, token.reference_id));
      if (payment?.type !== 'PAY_AND_SAVE') return null;
      return {
        appId: payment.appId,
        paymentMethodId: savedMethodId(token.payment_token_id),
        apply: async () => {
          const saved = await saveFromPayment(token.reference_id, token.payment_token_id);
          if (saved) await applyToken(saved, token);
        },
      };
    },
  };
}
export type PaymentMethodService = ReturnType<typeof createPaymentMethodService>;
