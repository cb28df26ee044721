/**
 * The store's screens, one list for both sides: the web router declares its routes with these
 * paths, and the server points return URLs and provider actions at them. A screen renamed here
 * moves everywhere at once.
 */
export const screenPaths = {
  home: '/',
  appHome: '/:appId',
  login: '/login',
  loginForApp: '/login/:appId',
  appLogin: '/:appId/login',
  products: '/products',
  product: '/products/:productId',
  cart: '/cart',
  accountSettings: '/settings/account',
  checkout: '/checkout',
  orders: '/orders',
  payments: '/payments',
  payment: '/payments/:paymentId',
  paymentCode: '/payments/new/:paymentId/paymentcode',
  paymentOtp: '/payments/new/:paymentId/otp',
  refund: '/payments/:paymentId/refund',
  paymentSuccess: '/payments/success',
  paymentFailure: '/payments/failure',
  paymentPending: '/payments/pending',
  paymentMethods: '/payment_methods',
  paymentMethodNew: '/payment_methods/new',
  paymentMethodOtp: '/payment_methods/new/:paymentMethodId/otp',
  linkingSuccess: '/payment_methods/success',
  linkingFailure: '/payment_methods/failure',
  refundPending: '/refunds/pending',
  subscriptions: '/subscriptions',
} as const;

export type ScreenName = keyof typeof screenPaths;

/** The result pages of a payment and of a linking: each reads the object its query names. */
export type PaymentResultScreen = (typeof screenPaths)[
  'paymentSuccess' | 'paymentFailure' | 'paymentPending'];
export type LinkingResultScreen = (typeof screenPaths)['linkingSuccess' | 'linkingFailure'];

/** A screen's path with its parameters filled in, and an optional query. */
export function screenPath(
  name: ScreenName,
  params: Record<string, string> = {},
  query?: Record<string, string>,
): string {
  const path = screenPaths[name].replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name} needs ${key}`);
    return encodeURIComponent(value);
  });
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

/** A result page about one payment: `/payments/success?payment_id=...`. */
export const paymentResultPath = (screen: PaymentResultScreen, paymentId: string) =>
  `${screen}?${new URLSearchParams({ payment_id: paymentId })}`;
