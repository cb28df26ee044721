import { and, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { CreatePaymentMethodRequest, PaymentMethod } from '@store/contract';
import type { ServerConfig } from '../config.ts';
import type { Caller } from '../auth/tenant.ts';
import type { Database } from '../db/database.ts';
import { paymentMethods } from '../db/schema.ts';
import { AppError, isRefusal, notFound } from '../http/app-error.ts';
import { decodeCursor, exactTime, pageOf, rowsAfter } from '../http/page-cursor.ts';
import type { CreateBudget } from '../http/create-budget.ts';
import { newsReadDue, providerReadLimits, type RateLimiter } from '../http/rate-limits.ts';
import { returnUrls } from '../lib/return-urls.ts';
import type { Provider } from '../provider/adapter.ts';
import type { ProviderToken } from '../provider/mapping.ts';
import { answerOf, decisiveCall, type AppRow } from '../provider/provider.ts';
import {
  canMoveMethod,
  isMethodUnlinked,
  methodAwaitsOtp,
  methodAwaitsProvider,
  toApiMethodStatus,
  movePaymentMethod,
  notBeingUnlinked,
  payingMethodStatus,
  type StoredPaymentMethodStatus,
} from '../statuses/payment-method-status.ts';
import { createCheckoutLinking } from './checkout-session-link.ts';
import { createMethodLinker } from './link-method.ts';
import {
  exchangesOf,
  openSubscriptionsOf,
  toApi,
  type PaymentMethodRow,
} from './payment-method-view.ts';
import { createTokenWebhooks } from './token-webhooks.ts';

export type { PaymentMethodRow, StoredProperty } from './payment-method-view.ts';
export { methodRequestHash } from './link-method.ts';

/** Links a card, which the cards part does through a SAVE card session. */
export type CardLinker = (
  session: Caller,
  request: CreatePaymentMethodRequest,
  options: { idempotencyKey: string | undefined; clientId: string },
) => Promise<PaymentMethod>;

/**
 * Saved payment methods composed: linking (link-method.ts), what the provider's tokens do to
 * methods (token-webhooks.ts), reading, the OTP and unlinking (here). Cards, payments and webhooks
 * reach methods through this service.
 */
export function createPaymentMethodService(deps: {
  db: Database;
  provider: Provider;
  config: ServerConfig;
  limiter: RateLimiter;
  budget: CreateBudget;
  /**
   * Ends the caller's open subscriptions this method pays, or throws and ends none it could not
   * (the subscriptions part's cancel, composed in app.ts).
   */
  endSubscriptionsPaidBy: (session: Caller, paymentMethodId: string) => Promise<void>;
}) {
  const { db, provider, config, limiter, budget, endSubscriptionsPaidBy } = deps;

  /**
   * Whether this read may ask the provider for news of a method it may still change: for one
   * caller per interval, whichever instance it reaches (a claim on the method's row, by the
   * database's clock), then within the method's, the customer's and the app's read limits.
   */
  async function mayReadProvider(session: Caller, methodId: string): Promise<boolean> {
    const claimed = await db
      .update(paymentMethods)
      .set({ providerReadAt: sql`now()` })
      .where(and(eq(paymentMethods.id, methodId), newsReadDue(paymentMethods)))
      .returning({ id: paymentMethods.id });
    return (
      claimed.length > 0 &&
      limiter.tryTake(providerReadLimits(config.rateLimits, session, methodId))
    );
  }

  /** The method of this id if it is the signed-in customer's, and no one else's. */
  const ownMethod = (session: Caller, paymentMethodId: string) =>
    and(
      eq(paymentMethods.id, paymentMethodId),
      eq(paymentMethods.appId, session.appId),
      eq(paymentMethods.customerId, session.customerId),
    );

  async function loadOwn(session: Caller, paymentMethodId: string): Promise<PaymentMethodRow> {
    const [row] = await db.select().from(paymentMethods).where(ownMethod(session, paymentMethodId));
    if (!row) throw notFound(`Payment method ${paymentMethodId}`);
    return row;
  }

  const transition = (
    paymentMethodId: string,
    to: StoredPaymentMethodStatus,
    changes?: Parameters<typeof movePaymentMethod>[3],
  ) => movePaymentMethod(db, paymentMethodId, to, changes);

  /** Applies what the provider says of a payment token (a create answer, a read or a webhook). */
  async function applyToken(method: PaymentMethodRow, token: ProviderToken) {
    const status = token.status;
    return transition(method.id, status, {
      providerTokenId: token.tokenId,
      actions: methodAwaitsProvider(status) ? token.actionsFor(method.id) : [],
      failureCode: token.failureCode,
      details: token.details ?? method.details,
    });
  }

  /**
   * The token cancelled at the provider. An earlier unlink whose answer was lost may have
   * cancelled it already, and the provider then refuses the cancel: the token read back settles
   * it, or the method would stay ACTIVE in the store while the provider refuses every use.
   */
  async function cancelToken(app: AppRow, method: PaymentMethodRow, tokenId: string) {
    try {
      return await provider.cancelToken(app, method.id, tokenId);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      const token = await provider.confirmToken(app, method.id, tokenId);
      if (token && isMethodUnlinked(token.status)) return token;
      throw error;
    }
  }

  async function view(session: Caller, paymentMethodId: string): Promise<PaymentMethod> {
    const method = await loadOwn(session, paymentMethodId);
    const { app } = await session.tenant();
    const [exchanges, paid] = await Promise.all([
      exchangesOf(db, [method.id]),
      openSubscriptionsOf(db, session, [method.id]),
    ]);
    return toApi(app, method, { exchanges, openSubscriptions: paid.get(method.id) });
  }

  const linkingReturnUrls = (paymentMethodId: string, clientId: string) =>
    returnUrls(config.publicUrl, 'linking', paymentMethodId, clientId);

  const linker = createMethodLinker({
    db,
    provider,
    config,
    budget,
    fail: (paymentMethodId, failureCode) => transition(paymentMethodId, 'FAILED', { failureCode }),
    applyToken,
    returnUrls: linkingReturnUrls,
  });
  const tokens = createTokenWebhooks({ db, provider, applyToken });
  const checkoutLinking = createCheckoutLinking({
    db,
    provider,
    config,
    linker,
    returnUrls: linkingReturnUrls,
  });

  /** A method on the hosted checkout, read back through its session as its webhook would be. */
  async function readCheckoutSession(providerSessionId: string): Promise<void> {
    const match = await checkoutLinking.matchSessionWebhook({ providerSessionId });
    if (!match || 'ignored' in match) return;
    try {
      const outcome = await match.check();
      if (outcome.apply) await outcome.apply();
    } catch (error) {
      // The provider could not be read: the stored record stands until the next read.
      if (!(error instanceof AppError)) throw error;
    }
  }

  return {
    create: linker.create,
    linkOnCheckout: checkoutLinking.link,
    matchSessionWebhook: checkoutLinking.matchSessionWebhook,
    keyHolder: linker.keyHolder,
    /** Whether the method is the signed-in customer's (a limit of theirs may key on it). */
    async owns(session: Caller, paymentMethodId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(ownMethod(session, paymentMethodId));
      return row !== undefined;
    },
    record: linker.record,
    answerAgain: linker.answerAgain,
    saveFromPayment: tokens.saveFromPayment,
    saveFromCheckout: tokens.saveFromCheckout,
    matchTokenWebhook: tokens.matchTokenWebhook,
    returnUrls: linkingReturnUrls,
    toApi,
    transition,
    applyToken,
    /** A page of the customer's methods, newest first; only those that can pay with `activeOnly`. */
    async list(
      session: Caller,
      query: { withConfig: boolean; activeOnly: boolean; cursor?: string; limit: number },
    ): Promise<{ payment_methods: PaymentMethod[]; next_cursor: string | null }> {
      const { app, customer } = await session.tenant();
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await db
        .select({ method: paymentMethods, exactCreatedAt: exactTime(paymentMethods.createdAt) })
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.appId, session.appId),
            eq(paymentMethods.customerId, session.customerId),
            // A card is a method once the cards script made its token; an opened form is not.
            or(ne(paymentMethods.channelCode, 'CARDS'), isNotNull(paymentMethods.providerTokenId)),
            query.activeOnly ? eq(paymentMethods.status, payingMethodStatus) : undefined,
            after ? rowsAfter(paymentMethods.createdAt, paymentMethods.id, after) : undefined,
          ),
        )
        .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
        .limit(query.limit + 1);
      const { page, nextCursor } = pageOf(rows, query.limit, (row) => ({
        createdAt: row.exactCreatedAt,
        id: row.method.id,
      }));
      const methods = page.map((row) => row.method);
      if (!query.withConfig) {
        return { payment_methods: methods.map((row) => toApi(app, row)), next_cursor: nextCursor };
      }
      const ids = methods.map((row) => row.id);
      const [exchanges, paid] = await Promise.all([
        exchangesOf(db, ids),
        openSubscriptionsOf(db, session, ids),
      ]);
      return {
        payment_methods: methods.map((row) =>
          toApi(app, row, {
            customer,
            exchanges: exchanges.filter((exchange) => exchange.paymentMethodId === row.id),
            openSubscriptions: paid.get(row.id),
          }),
        ),
        next_cursor: nextCursor,
      };
    },

    /**
     * One method; while the provider may still change it, its status is read afresh (see
     * mayReadProvider): its token, or, while it is still on the hosted checkout, its session (a
     * session completed whose webhook was lost then activates the method, as that webhook would
     * have). The store's own record is the answer when the provider cannot be read.
     */
    async get(session: Caller, paymentMethodId: string): Promise<PaymentMethod> {
      const method = await loadOwn(session, paymentMethodId);
      const tokenId = method.providerTokenId;
      if (
        methodAwaitsProvider(method.status as StoredPaymentMethodStatus) &&
        (tokenId || method.providerSessionId) &&
        (await mayReadProvider(session, method.id))
      ) {
        try {
          if (tokenId) {
            const { app } = await session.tenant();
            await applyToken(method, await provider.readToken(app, paymentMethodId, tokenId));
          } else if (method.providerSessionId) {
            await readCheckoutSession(method.providerSessionId);
          }
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
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
      if (!tokenId || !methodAwaitsOtp(method.status)) {
        throw new AppError(
          409,
          'PAYMENT_METHOD_NOT_ACTIONABLE',
          `Payment method ${paymentMethodId} is ${toApiMethodStatus(method.status as StoredPaymentMethodStatus)} and awaits no OTP`,
        );
      }
      const { app } = await session.tenant();
      const outcome = await decisiveCall(
        () => provider.validateTokenOtp(app, paymentMethodId, tokenId, otpCode),
        // A refused OTP may have ended the link (a third wrong code fails the token at the
        // provider): the store reads the token at once, so the customer's screen moves on instead
        // of asking again. A fault leaves the method as it was, for the next try or a webhook.
        async () => {
          try {
            await applyToken(method, await provider.readToken(app, paymentMethodId, tokenId));
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
          }
        },
      );
      await applyToken(method, answerOf(outcome));
      return view(session, paymentMethodId);
    },

    /**
     * Unlink: the subscriptions it pays end first, then the provider forgets the token; CANCELED
     * is final. A plan left running would charge a token the store itself cancelled, so a plan
     * that could not be ended keeps the method linked.
     */
    async cancel(session: Caller, paymentMethodId: string): Promise<PaymentMethod> {
      const method = await loadOwn(session, paymentMethodId);
      if (isMethodUnlinked(method.status)) return view(session, paymentMethodId);
      const tokenId = method.providerTokenId;
      if (!tokenId || !canMoveMethod(method.status as StoredPaymentMethodStatus, 'CANCELED')) {
        throw new AppError(
          409,
          'PAYMENT_METHOD_NOT_ACTIONABLE',
          `Payment method ${paymentMethodId} is ${toApiMethodStatus(method.status as StoredPaymentMethodStatus)} and cannot be unlinked`,
        );
      }
      // One unlink at a time, and no subscribe meanwhile (create-subscription.ts reads the claim
      // under a share lock, so one it let through is recorded before endSubscriptionsPaidBy reads).
      const claimed = await db
        .update(paymentMethods)
        .set({ unlinkingSince: sql`now()` })
        .where(and(ownMethod(session, paymentMethodId), notBeingUnlinked()))
        .returning({ id: paymentMethods.id });
      if (claimed.length === 0) {
        throw new AppError(
          409,
          'PAYMENT_METHOD_NOT_ACTIONABLE',
          `Payment method ${paymentMethodId} is being unlinked by another request: read it again in a moment`,
        );
      }
      try {
        await endSubscriptionsPaidBy(session, paymentMethodId);
        const { app } = await session.tenant();
        await applyToken(method, await cancelToken(app, method, tokenId));
      } finally {
        await db
          .update(paymentMethods)
          .set({ unlinkingSince: null })
          .where(eq(paymentMethods.id, paymentMethodId));
      }
      return view(session, paymentMethodId);
    },
  };
}
export type PaymentMethodService = ReturnType<typeof createPaymentMethodService>;
