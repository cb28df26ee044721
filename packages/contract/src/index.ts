import { authEndpoints } from './auth.ts';
import { catalogEndpoints } from './catalog.ts';
import { paymentEndpoints } from './payments.ts';
import { paymentMethodEndpoints } from './payment-methods.ts';
import { cardEndpoints } from './cards.ts';
import { refundEndpoints } from './refunds.ts';

export * from './endpoint.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './auth.ts';
export * from './catalog.ts';
export * from './client-config.ts';
export * from './payments.ts';
export * from './refunds.ts';
export * from './payment-methods.ts';
export * from './cards.ts';

/** Every storefront API call, by name. */
export const api = {
  ...authEndpoints,
  ...catalogEndpoints,
  ...paymentEndpoints,
  ...refundEndpoints,
  ...paymentMethodEndpoints,
  ...cardEndpoints,
};
export type Api = typeof api;
