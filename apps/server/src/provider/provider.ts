import {
  countrySchema,
  createXenditClient,
  currencySchema,
  sessionCurrencySchema,
  XenditError,
  type Country,
  type Currency,
  type ProviderExchange,
  type ProviderResult,
  type XenditClient,
} from '@store/xendit';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { apps } from '../db/schema.ts';
import { exchanges } from '../db/schema.ts';
import { AppError, isRefusal } from '../http/app-error.ts';
import { newId } from '../lib/ids.ts';

export type AppRow = typeof apps.$inferSelect;

/**
 * An app's market in the provider's terms, checked once here rather than cast at every call: an
 * app stored with a country or currency the provider does not know fails loudly.
 */
export function providerMarket(app: Pick<AppRow, 'country' | 'currency'>): {
  country: Country;
  currency: Currency;
} {
  return { country: countrySchema.parse(app.country), currency: providerCurrency(app.currency) };
}

/** The same for a session, which takes fewer currencies (the description's Payment_Session_Currency). */
export function providerSessionMarket(app: Pick<AppRow, 'country' | 'currency'>) {
  const { country, currency } = providerMarket(app);
  return { country, currency: sessionCurrencySchema.parse(currency) };
}

export const providerCurrency = (currency: string): Currency => currencySchema.parse(currency);

/** What an exchange concerns, so that it shows in that payment's or method's logs. */
export interface ExchangeLink {
  paymentId?: string | null;
  paymentMethodId?: string | null;
  refundId?: string | null;
  subscriptionId?: string | null;
}

/** The row that stores an exchange in the provider logs. */
export function exchangeRow(
  app: AppRow,
  link: ExchangeLink,
  exchange: ProviderExchange,
): typeof exchanges.$inferInsert {
  return {
    id: newId('op'),
    appId: app.id,
    kind: 'request',
    mode: app.mode,
    paymentId: link.paymentId ?? null,
    paymentMethodId: link.paymentMethodId ?? null,
    refundId: link.refundId ?? null,
    subscriptionId: link.subscriptionId ?? null,
    exchange,
  };
}

/** Provider answers that mean the store itself is misconfigured, not that the customer erred. */
const storeSideErrors = new Set([
  'INVALID_API_KEY',
  'INVALID_MERCHANT_SETTINGS',
  'INVALID_RESPONSE',
]);

function toAppError(error: XenditError): AppError {
  // A 429 says the provider has not taken the request yet, not that it refused it: like a lost
  // answer, it is sent again later under the same idempotency key.
  const outcome = error.refused && error.status !== 429 ? 'refused' : 'unknown';
  const toStore = (status: number) =>
    new AppError(status, error.errorCode, error.message, error.exchange, outcome);
  // No answer (the provider down, a reset, a timeout): the customer gets words, not a socket error.
  if (error.status === null) {
    return new AppError(
      502,
      error.errorCode,
      'The payment provider did not answer. Nothing is lost: the store checks with the provider again and shows the outcome here.',
      error.exchange,
      outcome,
    );
  }
  if (error.status === 429) return toStore(503);
  // A 5xx naming the provider's error (503 CHANNEL_UNAVAILABLE) is a refusal, and a refusal is
  // the browser's 4xx; 502 stays for what the store cannot know (no answer, a bare 5xx).
  if (error.status >= 500) return toStore(error.refused ? 422 : 502);
  if (storeSideErrors.has(error.errorCode)) return toStore(502);
  return toStore(error.status === 401 ? 502 : error.status);
}

/**
 * The one way the store calls the provider: the app's keys pick the account and mode, and every
 * exchange is stored, successful or not, before the caller sees the result (or, for
 * `callKeepingExchange`, with the caller's own writes).
 */
export function createProviderGateway(config: ServerConfig, db: Database) {
  const clients = new Map<string, XenditClient>();

  function keysFor(app: AppRow) {
    const defaults = config.xendit.keys[app.mode];
    return {
      secretKey: app.xenditSecretKey ?? defaults.secretKey,
      publicKey: app.xenditPublicKey ?? defaults.publicKey,
    };
  }

  function clientFor(app: AppRow): XenditClient {
    const { secretKey } = keysFor(app);
    let client = clients.get(secretKey);
    if (!client) {
      client = createXenditClient({
        baseUrl: config.xenditBaseUrl,
        secretKey,
        timeoutMs: config.xendit.timeoutMs,
      });
      clients.set(secretKey, client);
    }
    return client;
  }

  async function recordExchange(app: AppRow, link: ExchangeLink, exchange: ProviderExchange) {
    await db.insert(exchanges).values(exchangeRow(app, link, exchange));
  }

  /**
   * Runs one provider call, handing back its exchange; a failure is stored, and becomes an
   * AppError carrying the exchange, so the browser's error panel can show the request and response.
   */
  async function callKeepingExchange<T>(
    app: AppRow,
    link: ExchangeLink,
    run: (client: XenditClient) => Promise<ProviderResult<T>>,
  ): Promise<ProviderResult<T>> {
    try {
      return await run(clientFor(app));
    } catch (error) {
      if (!(error instanceof XenditError)) throw error;
      await recordExchange(app, link, error.exchange);
      throw toAppError(error);
    }
  }

  return {
    publicKeyFor: (app: AppRow) => keysFor(app).publicKey,
    recordExchange,

    /** Runs one provider call, its exchange stored before the caller sees the result. */
    async call<T>(
      app: AppRow,
      link: ExchangeLink,
      run: (client: XenditClient) => Promise<ProviderResult<T>>,
    ): Promise<T> {
      const { body, exchange } = await callKeepingExchange(app, link, run);
      await recordExchange(app, link, exchange);
      return body;
    },

    /**
     * Like `call`, but a successful exchange is left for the caller to store (exchangeRow) in the
     * statement that applies the answer; a failure is stored here, as by `call`.
     */
    callKeepingExchange,
  };
}
export type ProviderGateway = ReturnType<typeof createProviderGateway>;

/** How a provider call that decides a record ended. */
export type DecisiveOutcome<T> =
  | { answer: T; refused?: never; open?: never }
  | { refused: AppError; answer?: never; open?: never }
  | { open: AppError; answer?: never; refused?: never };

/**
 * A provider call whose answer decides a record (a payment, a method, a refund), the same way
 * everywhere: a refusal is final, and `onRefusal` fails the record at once; a fault (a timeout, a
 * dropped connection, a bare 5xx) may have reached the provider, so the record stays open for a
 * webhook or the reconciler.
 */
export async function decisiveCall<T>(
  call: () => Promise<T>,
  onRefusal: (error: AppError) => Promise<unknown>,
): Promise<DecisiveOutcome<T>> {
  try {
    return { answer: await call() };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (!isRefusal(error)) return { open: error };
    await onRefusal(error);
    return { refused: error };
  }
}

/** The answer of a decisive call; its refusal or fault is thrown for the caller's customer. */
export function answerOf<T>(outcome: DecisiveOutcome<T>): T {
  if (outcome.refused) throw outcome.refused;
  if (outcome.open) throw outcome.open;
  return outcome.answer;
}
