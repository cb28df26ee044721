import { eq } from 'drizzle-orm';
import type { PaymentAction, PaymentMethodAction } from '@store/contract';
import { e164Pattern, screenPath, toMajorUnits, type Currency } from '@store/contract';
import type {
  Action,
  CreatePaymentRequestBody,
  PaymentRequest,
  PaymentRequestStatus,
  PaymentToken,
  PaymentTokenStatus,
} from '@store/xendit';
import { marketChannel } from '@store/xendit';
import type { Database } from '../db/database.ts';
import { customers, type payments } from '../db/schema.ts';
import type { StoredPaymentMethodStatus } from '../statuses/payment-method-status.ts';
import {
  awaitsProvider,
  type PaymentChanges,
  type StoredPaymentStatus,
} from '../statuses/payment-status.ts';
import { providerMarket, type AppRow } from './provider.ts';

/**
 * The provider's vocabulary in the store's terms, in one place: statuses, actions, the customer,
 * the create body. The counterpart of a payment-provider adapter: swapping the provider means
 * rewriting this module and the client, not the services.
 */

/** What the provider is told of a customer: a create reads these alone, not the whole row. */
export type CustomerRow = Pick<
  typeof customers.$inferSelect,
  'id' | 'email' | 'name' | 'mobileNumber' | 'providerCustomerId'
>;
type PaymentRow = typeof payments.$inferSelect;

/**
 * The provider's payment-request statuses as the store counts them. A request awaiting the
 * customer with nothing for the merchant to do (a push e-wallet such as OVO, a saved wallet) is
 * PENDING to the store: the published statuses have no PENDING of their own.
 */
export function fromProviderStatus(
  status: PaymentRequestStatus,
  actionCount: number,
): StoredPaymentStatus {
  switch (status) {
    case 'REQUIRES_ACTION':
      return actionCount === 0 ? 'PENDING' : 'REQUIRES_ACTION';
    case 'ACCEPTING_PAYMENTS':
      return 'REQUIRES_ACTION';
    case 'AUTHORIZED':
      return 'PENDING';
    case 'SUCCEEDED':
      return 'SUCCEEDED';
    case 'FAILED':
    case 'EXPIRED':
      return 'FAILED';
    case 'CANCELED':
      return 'CANCELLED';
  }
}

/**
 * A provider action with the value the browser follows. A literal of its own, not a shared base
 * spread with keys after it: V8 (Node 20) adds keys that follow a spread on a slow path, 1.7 µs an
 * action against a few nanoseconds (README, Performance).
 */
const paymentAction = (
  action: Action,
  value: string,
  paymentCode: string | null,
): PaymentAction => ({
  type: action.type,
  descriptor: action.descriptor,
  value,
  paymentCode,
});

/**
 * Provider actions as the browser follows them: links stay links; what must be shown or typed in
 * the store points at the store's own screens, carrying the code to show.
 */
function toStoreActions(paymentId: string, actions: Action[]): PaymentAction[] {
  // A Vietnamese virtual account comes with a QR string of itself (VietQR, the description's
  // REUSABLE_PAYMENT_CODE_VA_VietCapital): one way to pay, shown on the account's own screen.
  const accountScreen = actions.some((action) => action.descriptor === 'VIRTUAL_ACCOUNT_NUMBER')
    ? screenPath('payment', { paymentId })
    : null;
  return actions.flatMap((action): PaymentAction[] => {
    if (action.type === 'REDIRECT_CUSTOMER') return [paymentAction(action, action.value, null)];
    if (action.descriptor === 'VIRTUAL_ACCOUNT_NUMBER') {
      return [paymentAction(action, screenPath('payment', { paymentId }), action.value)];
    }
    if (action.descriptor === 'QR_STRING' && accountScreen !== null) {
      return [paymentAction(action, accountScreen, action.value)];
    }
    if (action.descriptor === 'PAYMENT_CODE' || action.descriptor === 'QR_STRING') {
      return [paymentAction(action, screenPath('paymentCode', { paymentId }), action.value)];
    }
    // BPI asks for its OTP with DEBIT_ACCOUNT (the description's example of the channel): the same
    // OTP screen, named as the screen and the OTP route know it.
    if (action.descriptor === 'VALIDATE_OTP' || action.descriptor === 'DEBIT_ACCOUNT') {
      return [
        {
          type: action.type,
          descriptor: 'VALIDATE_OTP',
          value: screenPath('paymentOtp', { paymentId }),
          paymentCode: null,
        },
      ];
    }
    return [];
  });
}

/**
 * A payment token's actions as the browser follows them: the linking page stays a link; an OTP
 * points at the store's OTP screen. Resending a linking OTP is not offered (the specification's
 * 'Not implemented').
 */
function toMethodActions(methodId: string, actions: Action[]): PaymentMethodAction[] {
  return actions.flatMap((action): PaymentMethodAction[] => {
    if (action.type === 'REDIRECT_CUSTOMER') return [{ type: action.type, value: action.value }];
    if (action.descriptor === 'VALIDATE_OTP') {
      return [
        { type: action.type, value: screenPath('paymentMethodOtp', { paymentMethodId: methodId }) },
      ];
    }
    return [];
  });
}

/** What the provider shows of the saved account: a card in channel_properties.card_details. */
function tokenDetails(token: PaymentToken): Record<string, string> | null {
  const card = token.channel_properties?.card_details;
  const shown = card
    ? { masked_card_number: card.masked_card_number, network: card.network }
    : token.token_details;
  const entries = Object.entries(shown ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** What a payment request changes of a payment: not its session nor, but on a session, its channel. */
export type RequestChanges = Required<Omit<PaymentChanges, 'providerSessionId' | 'channelCode'>>;

/** What a provider's payment request (a create answer or a status read) makes of a payment. */
function paymentRequestChanges(
  payment: Pick<PaymentRow, 'id' | 'channelProperties' | 'providerTokenId'>,
  request: PaymentRequest,
  status: StoredPaymentStatus,
): RequestChanges {
  return {
    providerRequestId: request.payment_request_id,
    failureCode:
      request.failure_code ?? (request.status === 'EXPIRED' ? 'PAYMENT_REQUEST_EXPIRED' : null),
    actions: awaitsProvider(status) ? toStoreActions(payment.id, request.actions ?? []) : [],
    // Merged by Object.assign: keys one spread adds after another take V8's slow path (0.9 µs
    // against 63 ns; README, Performance).
    channelProperties: Object.assign({}, payment.channelProperties, request.channel_properties),
    providerTokenId: request.payment_token_id ?? payment.providerTokenId,
  };
}

/** A provider's payment request in the store's words: what it says of one payment. */
export interface ProviderPayment {
  providerRequestId: string;
  /** The store payment it names (its reference). */
  paymentId: string;
  /** The channel it was paid with: on a hosted checkout, the one the customer chose there. */
  channelCode: string;
  status: StoredPaymentStatus;
  /**
   * The amount as the provider states it, in major units; absent from a reusable code of any
   * amount, which the store never asks for, so never the same money as a stored payment.
   */
  amount: number | undefined;
  currency: string;
  providerCustomerId: string | null;
  /** The token a PAY_AND_SAVE payment saved, once the request succeeded. */
  savedTokenId: string | null;
  /** What it changes of the payment it names. */
  changesFor(
    payment: Pick<PaymentRow, 'id' | 'channelProperties' | 'providerTokenId'>,
  ): RequestChanges;
}

export function toProviderPayment(request: PaymentRequest): ProviderPayment {
  const status = fromProviderStatus(request.status, request.actions?.length ?? 0);
  return {
    providerRequestId: request.payment_request_id,
    paymentId: request.reference_id,
    channelCode: request.channel_code,
    status,
    amount: request.request_amount,
    currency: request.currency,
    providerCustomerId: request.customer_id ?? null,
    savedTokenId:
      request.status === 'SUCCEEDED' && request.payment_token_id ? request.payment_token_id : null,
    changesFor: (payment) => paymentRequestChanges(payment, request, status),
  };
}

/** The provider's token statuses as a method's: the same words, each named here. */
const methodStatusOf: Record<PaymentTokenStatus, StoredPaymentMethodStatus> = {
  REQUIRES_ACTION: 'REQUIRES_ACTION',
  PENDING: 'PENDING',
  ACTIVE: 'ACTIVE',
  FAILED: 'FAILED',
  EXPIRED: 'EXPIRED',
  CANCELED: 'CANCELED',
};

/** A provider's payment token in the store's words: what it says of one payment method. */
export interface ProviderToken {
  tokenId: string;
  /** The store object it names: the method linked, or the payment that saved it. */
  referenceId: string;
  channelCode: string;
  status: StoredPaymentMethodStatus;
  failureCode: string | null;
  providerCustomerId: string | null;
  /** What the provider shows of the saved account. */
  details: Record<string, string> | null;
  /** Its actions as the browser follows them, for the method it belongs to. */
  actionsFor(methodId: string): PaymentMethodAction[];
}

export function toProviderToken(token: PaymentToken): ProviderToken {
  return {
    tokenId: token.payment_token_id,
    referenceId: token.reference_id,
    channelCode: token.channel_code,
    status: methodStatusOf[token.status],
    failureCode: token.failure_code ?? null,
    providerCustomerId: token.customer_id ?? null,
    details: tokenDetails(token),
    actionsFor: (methodId) => toMethodActions(methodId, token.actions ?? []),
  };
}

/** Whether an amount the provider states (major units) is a stored one (minor units). */
export const sameMoney = (
  stored: { amount: number; currency: string },
  stated: { amount: number | undefined; currency: string },
) =>
  stated.currency === stored.currency &&
  toMajorUnits(stored.amount, stored.currency as Currency) === stated.amount;

/** The customer as the provider knows it: its id once known, else the details to create it. */
export function providerCustomer(
  customer: CustomerRow,
): Pick<CreatePaymentRequestBody, 'customer' | 'customer_id'> {
  if (customer.providerCustomerId) return { customer_id: customer.providerCustomerId };
  const [localPart] = customer.email.split('@');
  return {
    customer: {
      type: 'INDIVIDUAL',
      reference_id: customer.id,
      ...(customer.email.length <= 50 ? { email: customer.email } : {}),
      // The account's number has no format check (the specification's rule), and the provider
      // refuses a customer whose number is not E.164: such a number stays in the store.
      ...(customer.mobileNumber && e164Pattern.test(customer.mobileNumber)
        ? { mobile_number: customer.mobileNumber }
        : {}),
      individual_detail: { given_names: (customer.name ?? localPart ?? 'Customer').slice(0, 50) },
    },
  };
}

/** Keeps the provider's customer id, so later calls send customer_id instead of the details. */
export async function rememberProviderCustomer(
  db: Database,
  customer: CustomerRow,
  providerCustomerId: string | null | undefined,
): Promise<void> {
  if (!providerCustomerId || customer.providerCustomerId) return;
  await db.update(customers).set({ providerCustomerId }).where(eq(customers.id, customer.id));
}

/** What a payment's create call to the provider is built from: the stored payment and its lines. */
export interface CreateCallSource {
  payment: Pick<
    PaymentRow,
    | 'id'
    | 'type'
    | 'amount'
    | 'channelCode'
    | 'channelProperties'
    | 'providerTokenId'
    | 'paymentMethodId'
  >;
  lines: { productId: string; productName: string; productCategory: string; price: number }[];
}

/**
 * Where a saved-method payment brings the customer back, for channels that ask their customer to
 * approve each payment even with a saved account (Touch 'n Go, as the description's own
 * PAY_WithToken_TOUCHNGO example sends it); nothing for the others, which are charged at once.
 */
function savedPaymentReturn(
  country: string,
  payment: Pick<CreateCallSource['payment'], 'channelCode' | 'channelProperties'>,
) {
  if (!marketChannel(country, payment.channelCode)?.savedPaymentsRedirect) return undefined;
  const stored = payment.channelProperties as Record<string, string>;
  return {
    channel_properties: {
      success_return_url: String(stored.success_return_url),
      failure_return_url: String(stored.failure_return_url),
    },
  };
}

/**
 * The body of POST /v3/payment_requests for a payment. Built only from what is stored, so that a
 * replay after a lost answer sends the same body under the same idempotency key (the provider
 * refuses a key reused with another body).
 */
export function createCallBody(
  app: AppRow,
  customer: CustomerRow,
  { payment, lines }: CreateCallSource,
): CreatePaymentRequestBody {
  const currency = app.currency as Currency;
  const market = providerMarket(app);
  return {
    reference_id: payment.id,
    type: payment.type,
    ...market,
    request_amount: toMajorUnits(payment.amount, currency),
    // Paying with a saved method is the published PayWithToken shape: the token and its channel,
    // without channel_properties (a body with them would also fit Pay, which oneOf refuses) -
    // unless the channel asks for approval each time: then the token with the return URLs and no
    // channel_code, as the description's PAY_WithToken_TOUCHNGO sends it.
    ...(payment.paymentMethodId
      ? {
          payment_token_id: payment.providerTokenId ?? '',
          ...(savedPaymentReturn(market.country, payment) ?? { channel_code: payment.channelCode }),
        }
      : {
          channel_code: payment.channelCode,
          channel_properties: payment.channelProperties as Record<string, string>,
        }),
    ...providerCustomer(customer),
    description: `Order ${payment.id}`,
    items: providerItems(app, lines),
    metadata: { app_id: app.id, customer_id: customer.id },
  };
}

/** The order lines as the provider's items, each one product. */
export function providerItems(app: AppRow, lines: CreateCallSource['lines']) {
  return lines.map((line) => ({
    reference_id: line.productId,
    type: 'PHYSICAL_PRODUCT' as const,
    name: line.productName,
    net_unit_amount: toMajorUnits(line.price, app.currency as Currency),
    quantity: 1,
    category: line.productCategory,
  }));
}
