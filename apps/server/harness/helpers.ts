import { createDefaultAccount } from '@store/xendit-sim';

/** The development endpoints of the provider simulator answer to the test secret key. */
export const simulatorTestKey = {
  authorization: `Basic ${Buffer.from(`${createDefaultAccount().testSecretKey}:`).toString('base64')}`,
};

/** A payment request as the provider simulator recorded it (GET /_sim/payment_requests). */
export interface ProviderRecord {
  payment_request_id: string;
  reference_id: string;
  status: string;
  /** Absent from a reusable code of any amount. */
  request_amount?: number;
  customer_id: string | null;
}

/** The payment requests the provider accepted for the demo account, optionally for one reference. */
export async function providerPaymentRequests(
  xenditUrl: string,
  referenceId?: string,
): Promise<ProviderRecord[]> {
  const query = new URLSearchParams({ limit: '10000' });
  if (referenceId) query.set('reference_id', referenceId);
  const response = await fetch(`${xenditUrl}/_sim/payment_requests?${query}`, {
    headers: simulatorTestKey,
  });
  if (!response.ok) throw new Error(`/_sim/payment_requests answered ${response.status}`);
  return ((await response.json()) as { data: ProviderRecord[] }).data;
}

export const mug = { product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' };
export const tote = { product_id: 'id-canvas-tote', quantity: 1, price: 149_000, currency: 'IDR' };

/** A virtual-account order of one mug: REQUIRES_ACTION once the provider accepts it. */
export function vaOrder(overrides: Record<string, unknown> = {}) {
  return {
    amount: 89_000,
    currency: 'IDR',
    country: 'ID',
    channel: 'BCA_VIRTUAL_ACCOUNT',
    type: 'PAY',
    orders: [mug],
    ...overrides,
  };
}

/** A direct-debit order of a mug and a tote, paid with OTP 222000. */
export function directDebitOrder() {
  return {
    amount: 238_000,
    currency: 'IDR',
    country: 'ID',
    channel: 'BRI_DIRECT_DEBIT',
    type: 'PAY',
    orders: [mug, tote],
    channel_properties: { mobile_number: '+628111111111' },
  };
}

/** A clock far enough ahead that every threshold of the reconciler has passed. */
export const later = () => new Date(Date.now() + 10 * 60_000);
