/**
 * The contract as an API client needs it, without classic zod: the routes, the answers' and the
 * shared records' zod/mini schemas, plain checks, error codes and money helpers. The web app
 * imports this entry alone (the package has no side effects, so a screen bundles only the modules
 * it uses); the request schemas, which only the server checks, stay in the main entry.
 */
export * from './routes.ts';
export { buildPath } from './endpoint.ts';
export type { Endpoint, ParamsOf, QueryOf, BodyOf, ResponseOf } from './endpoint.ts';
export * from './checks.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './auth.ts';
export * from './catalog.ts';
export * from './client-config.ts';
export * from './payments.ts';
export * from './refunds.ts';
export * from './payment-methods.ts';
export * from './cards.ts';
export * from './subscriptions.ts';
export * from './events-route.ts';
export * from './failure-reasons.ts';
export * from './responses.ts';
export type {
  CreateCardPaymentRequest,
  CreateCheckoutSessionPaymentMethodRequest,
  CreateCheckoutSessionPaymentRequest,
  CreatePaymentMethodRequest,
  CreatePaymentRequest,
  CreateRefundRequest,
  CreateSubscriptionRequest,
} from './requests.ts';
export type { Api } from './api.ts';
export * from './screens.ts';
export * from './rules.ts';
export * from './checkout-rules.ts';
