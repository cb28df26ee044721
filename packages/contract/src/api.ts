import { endpoint } from './endpoint.ts';
import {
  cardSessionIdParamsSchema,
  completeCardSaveSessionRequestSchema,
  completeCardSessionRequestSchema,
  createCardPaymentRequestSchema,
  createCheckoutSessionPaymentMethodRequestSchema,
  createCheckoutSessionPaymentRequestSchema,
  createPaymentMethodRequestSchema,
  createPaymentRequestSchema,
  createRefundRequestSchema,
  createSubscriptionRequestSchema,
  listPaymentMethodsQuerySchema,
  listPaymentsQuerySchema,
  listSubscriptionsQuerySchema,
  listVouchersQuerySchema,
  loginRequestSchema,
  otpRequestSchema,
  paymentIdParamsSchema,
  paymentMethodIdParamsSchema,
  productIdParamsSchema,
  subscriptionIdParamsSchema,
  updateCustomerRequestSchema,
} from './requests.ts';
import { apiResponses as responses } from './responses.ts';
import { apiRoutes as routes, type ApiName } from './routes.ts';

/** Every storefront API call, by name: its route, what it takes and what it answers. */
export const api = {
  login: endpoint(routes.login, {
    body: loginRequestSchema,
    response: responses.login,
    summary:
      'Exchange an identity provider credential for a session token; 403 EMAIL_NOT_VERIFIED for an account whose email the provider has not verified',
  }),
  logout: endpoint(routes.logout, {
    response: responses.logout,
    summary: 'Sign out: the session token is refused from now on',
  }),
  logoutEverywhere: endpoint(routes.logoutEverywhere, {
    response: responses.logoutEverywhere,
    summary: "Sign out everywhere: every session token of the customer's so far is refused",
  }),
  getCurrentCustomer: endpoint(routes.getCurrentCustomer, {
    response: responses.getCurrentCustomer,
    summary: 'The signed-in customer',
  }),
  updateCurrentCustomer: endpoint(routes.updateCurrentCustomer, {
    body: updateCustomerRequestSchema,
    response: responses.updateCurrentCustomer,
    summary: "Change the signed-in customer's mobile number",
  }),

  listProducts: endpoint(routes.listProducts, {
    response: responses.listProducts,
    summary: "The app's product catalogue",
  }),
  getProduct: endpoint(routes.getProduct, {
    params: productIdParamsSchema,
    response: responses.getProduct,
    summary: 'One product',
  }),
  listVouchers: endpoint(routes.listVouchers, {
    query: listVouchersQuerySchema,
    response: responses.listVouchers,
    summary:
      'Vouchers of an app (open: the specification sends no token); 404 APP_NOT_FOUND for an app the store does not know',
  }),

  listChannels: endpoint(routes.listChannels, {
    response: responses.listChannels,
    summary: "The payment channels of the signed-in customer's app",
  }),
  createPayment: endpoint(routes.createPayment, {
    body: createPaymentRequestSchema,
    response: responses.createPayment,
    successStatus: 201,
    summary:
      'Pay for an order. Send an Idempotency-Key header: a repeated key answers the first payment.',
  }),
  createCheckoutSessionPayment: endpoint(routes.createCheckoutSessionPayment, {
    body: createCheckoutSessionPaymentRequestSchema,
    response: responses.createCheckoutSessionPayment,
    successStatus: 201,
    summary:
      "Pay for an order on the provider's hosted checkout: the payment's action is the page to send the customer to. Send an Idempotency-Key header.",
  }),
  listPayments: endpoint(routes.listPayments, {
    query: listPaymentsQuerySchema,
    response: responses.listPayments,
    summary: "The signed-in customer's payments, newest first, a page at a time",
  }),
  getPayment: endpoint(routes.getPayment, {
    params: paymentIdParamsSchema,
    response: responses.getPayment,
    summary: 'One payment with its provider operations',
  }),
  validatePaymentOtp: endpoint(routes.validatePaymentOtp, {
    params: paymentIdParamsSchema,
    body: otpRequestSchema,
    response: responses.validatePaymentOtp,
    summary: 'Confirm a direct-debit payment with the one-time password',
  }),
  resendPaymentOtp: endpoint(routes.resendPaymentOtp, {
    params: paymentIdParamsSchema,
    response: responses.resendPaymentOtp,
    summary: 'Send the one-time password again',
  }),
  cancelPayment: endpoint(routes.cancelPayment, {
    params: paymentIdParamsSchema,
    response: responses.cancelPayment,
    summary: 'Cancel a payment that still requires action',
  }),
  simulatePayment: endpoint(routes.simulatePayment, {
    params: paymentIdParamsSchema,
    response: responses.simulatePayment,
    summary: 'Development mode: pay a virtual account or payment code as the customer would',
  }),

  refundPayment: endpoint(routes.refundPayment, {
    params: paymentIdParamsSchema,
    body: createRefundRequestSchema,
    response: responses.refundPayment,
    successStatus: 201,
    summary:
      'Refund some order lines of a paid payment; lines and payment go REFUND_PENDING, then a webhook settles them',
  }),

  createPaymentMethod: endpoint(routes.createPaymentMethod, {
    body: createPaymentMethodRequestSchema,
    response: responses.createPaymentMethod,
    successStatus: 201,
    summary:
      'Link a payment method. The first action says where the browser goes next. Send an Idempotency-Key header.',
  }),
  createCheckoutSessionPaymentMethod: endpoint(routes.createCheckoutSessionPaymentMethod, {
    body: createCheckoutSessionPaymentMethodRequestSchema,
    response: responses.createCheckoutSessionPaymentMethod,
    successStatus: 201,
    summary:
      "Save a payment method on the provider's hosted checkout: the method's action is the page to send the customer to. Send an Idempotency-Key header.",
  }),
  listPaymentMethods: endpoint(routes.listPaymentMethods, {
    query: listPaymentMethodsQuerySchema,
    response: responses.listPaymentMethods,
    summary: "The signed-in customer's payment methods, newest first, a page at a time",
  }),
  getPaymentMethod: endpoint(routes.getPaymentMethod, {
    params: paymentMethodIdParamsSchema,
    response: responses.getPaymentMethod,
    summary: 'One payment method with its provider operations',
  }),
  validatePaymentMethodOtp: endpoint(routes.validatePaymentMethodOtp, {
    params: paymentMethodIdParamsSchema,
    body: otpRequestSchema,
    response: responses.validatePaymentMethodOtp,
    summary: 'Confirm linking a direct-debit account with the one-time password',
  }),
  cancelPaymentMethod: endpoint(routes.cancelPaymentMethod, {
    params: paymentMethodIdParamsSchema,
    response: responses.cancelPaymentMethod,
    summary: 'Unlink a payment method',
  }),

  getCardSession: endpoint(routes.getCardSession, {
    response: responses.getCardSession,
    summary:
      "The customer's current ACTIVE card session, or 404 CARDS_SESSION_NOT_FOUND when there is none",
  }),
  createCardPayment: endpoint(routes.createCardPayment, {
    body: createCardPaymentRequestSchema,
    response: responses.createCardPayment,
    successStatus: 201,
    summary:
      'Start a card payment: the store payment and a PAY card session for the browser script',
  }),
  completeCardSession: endpoint(routes.completeCardSession, {
    params: cardSessionIdParamsSchema,
    body: completeCardSessionRequestSchema,
    response: responses.completeCardSession,
    summary:
      'Attach the payment request the cards-session script made; answers the payment (3DS: REQUIRES_ACTION with a redirect)',
  }),
  completeCardSaveSession: endpoint(routes.completeCardSaveSession, {
    params: cardSessionIdParamsSchema,
    body: completeCardSaveSessionRequestSchema,
    response: responses.completeCardSaveSession,
    summary:
      'Attach the payment token the cards-session script made from a SAVE session; answers the payment method (3DS: REQUIRES_ACTION with a redirect)',
  }),

  createSubscription: endpoint(routes.createSubscription, {
    body: createSubscriptionRequestSchema,
    response: responses.createSubscription,
    successStatus: 201,
    summary:
      'Subscribe to a subscribable product, charged every cycle to a saved method. Send an Idempotency-Key header: a repeated key answers the first subscription.',
  }),
  listSubscriptions: endpoint(routes.listSubscriptions, {
    query: listSubscriptionsQuerySchema,
    response: responses.listSubscriptions,
    summary: "The signed-in customer's subscriptions, newest first, a page at a time",
  }),
  getSubscription: endpoint(routes.getSubscription, {
    params: subscriptionIdParamsSchema,
    response: responses.getSubscription,
    summary: 'One subscription with its cycles and provider operations',
  }),
  cancelSubscription: endpoint(routes.cancelSubscription, {
    params: subscriptionIdParamsSchema,
    response: responses.cancelSubscription,
    summary: 'Cancel a subscription: no cycle is charged from now on',
  }),
  runNextSubscriptionCycle: endpoint(routes.runNextSubscriptionCycle, {
    params: subscriptionIdParamsSchema,
    response: responses.runNextSubscriptionCycle,
    summary:
      'Development mode: charge the next scheduled cycle now instead of on its date (403 SIMULATION_NOT_ALLOWED in live mode)',
  }),
} satisfies Record<ApiName, unknown>;
export type Api = typeof api;
