export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Where one storefront API call goes: all a client needs to make the call. */
export interface ApiRoute<Auth extends boolean = boolean> {
  method: HttpMethod;
  /** Fastify-style path below /api, e.g. `/products/:productId`. */
  path: string;
  /** False only for the calls the specification lists as open (login, vouchers). */
  auth: Auth;
}

/**
 * Every storefront API call's method, path and auth rule, by name. The endpoints of `api` are built
 * from these (with their schemas), so the server registers and the web client calls the same
 * routes; this module loads no schema library, so the browser can make calls before it loads one.
 */
export const apiRoutes = {
  login: { method: 'POST', path: '/auth/login', auth: false },
  logout: { method: 'POST', path: '/auth/logout', auth: true },
  logoutEverywhere: { method: 'POST', path: '/auth/logout_all', auth: true },
  getCurrentCustomer: { method: 'GET', path: '/auth/customers/me', auth: true },
  updateCurrentCustomer: { method: 'PATCH', path: '/auth/customers/me', auth: true },

  listProducts: { method: 'GET', path: '/products', auth: true },
  getProduct: { method: 'GET', path: '/products/:productId', auth: true },
  listVouchers: { method: 'GET', path: '/vouchers', auth: false },

  listChannels: { method: 'GET', path: '/config/channels', auth: true },
  createPayment: { method: 'POST', path: '/payments', auth: true },
  createCheckoutSessionPayment: { method: 'POST', path: '/payments/checkout_session', auth: true },
  listPayments: { method: 'GET', path: '/payments', auth: true },
  getPayment: { method: 'GET', path: '/payments/:paymentId', auth: true },
  validatePaymentOtp: { method: 'POST', path: '/payments/:paymentId/validate_otp', auth: true },
  resendPaymentOtp: { method: 'POST', path: '/payments/:paymentId/resend_otp', auth: true },
  cancelPayment: { method: 'POST', path: '/payments/:paymentId/cancel', auth: true },
  simulatePayment: { method: 'POST', path: '/payments/:paymentId/simulate', auth: true },

  refundPayment: { method: 'POST', path: '/payments/:paymentId/refund', auth: true },

  createPaymentMethod: { method: 'POST', path: '/payment_methods', auth: true },
  createCheckoutSessionPaymentMethod: {
    method: 'POST',
    path: '/payment_methods/checkout_session',
    auth: true,
  },
  listPaymentMethods: { method: 'GET', path: '/payment_methods', auth: true },
  getPaymentMethod: { method: 'GET', path: '/payment_methods/:paymentMethodId', auth: true },
  validatePaymentMethodOtp: {
    method: 'POST',
    path: '/payment_methods/:paymentMethodId/validate_otp',
    auth: true,
  },
  cancelPaymentMethod: {
    method: 'POST',
    path: '/payment_methods/:paymentMethodId/cancel',
    auth: true,
  },

  getCardSession: { method: 'GET', path: '/payments/cards/session', auth: true },
  createCardPayment: { method: 'POST', path: '/payments/cards', auth: true },
  completeCardSession: {
    method: 'POST',
    path: '/payments/cards/session/:sessionId/complete',
    auth: true,
  },
  completeCardSaveSession: {
    method: 'POST',
    path: '/payments/cards/session/:sessionId/complete_save',
    auth: true,
  },

  createSubscription: { method: 'POST', path: '/subscriptions', auth: true },
  listSubscriptions: { method: 'GET', path: '/subscriptions', auth: true },
  getSubscription: { method: 'GET', path: '/subscriptions/:subscriptionId', auth: true },
  cancelSubscription: { method: 'POST', path: '/subscriptions/:subscriptionId/cancel', auth: true },
  runNextSubscriptionCycle: {
    method: 'POST',
    path: '/subscriptions/:subscriptionId/run_next_cycle',
    auth: true,
  },
} as const satisfies Record<string, ApiRoute>;

export type ApiRoutes = typeof apiRoutes;
export type ApiName = keyof ApiRoutes;
