import { appIdRules } from './app-ids.ts';
import type { SessionClaims } from './auth.ts';
import type { Product } from './catalog.ts';
import { currencies, type Currency } from './currency.ts';

// Plain checks for what the browser reads before its first answer: the session token's claims and
// the cart's products from its own storage, and a typed app id. The first screen then needs no
// schema library. Each accepts what its schema accepts and gives the same result (checks.test.ts).

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export { appIdRules, appModes } from './app-ids.ts';

export function isAppId(value: unknown): value is string {
  return (
    isString(value) &&
    value.length >= 1 &&
    value.length <= appIdRules.maxLength &&
    appIdRules.pattern.test(value)
  );
}

/** What sessionClaimsSchema parses, or null where it fails. */
export function readSessionClaims(value: unknown): SessionClaims | null {
  if (!isRecord(value)) return null;
  const { app_id, mode, customer_id, exp } = value;
  if (!isString(app_id) || !isString(customer_id)) return null;
  if (mode !== 'development' && mode !== 'live') return null;
  if (exp !== undefined && !isNumber(exp)) return null;
  return exp === undefined ? { app_id, mode, customer_id } : { app_id, mode, customer_id, exp };
}

/** What productSchema parses, or null where it fails. */
export function readProduct(value: unknown): Product | null {
  if (!isRecord(value)) return null;
  const { id, name, description, image_url, price } = value;
  if (!isString(id) || !isString(name) || !isString(description) || !isString(image_url)) {
    return null;
  }
  if (!isRecord(price)) return null;
  const { amount, currency } = price;
  if (!Number.isSafeInteger(amount) || (amount as number) < 0) return null;
  if (!currencies.includes(currency as Currency)) return null;
  return {
    id,
    name,
    description,
    image_url,
    price: { amount: amount as number, currency: currency as Currency },
  };
}
