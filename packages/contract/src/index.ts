import { authEndpoints } from './auth.ts';
import { catalogEndpoints } from './catalog.ts';
import { paymentEndpoints } from './payments.ts';

export * from './endpoint.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './auth.ts';
export * from './catalog.ts';
export * from './client-config.ts';
export * from './payments.ts';

/** Every storefront API call, by name. */
export const api = {
  ...authEndpoints,
  ...catalogEndpoints,
  ...paymentEndpoints,
};
export type Api = typeof api;
