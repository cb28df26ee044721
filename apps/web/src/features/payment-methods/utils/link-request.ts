import type { CreatePaymentMethodRequest } from '@store/contract/client';

/** A random short reference for a payment method (specification section 9). */
export function randomReference(): string {
  return crypto.randomUUID().replaceAll('-', '').slice(0, 12);
}

/**
 * POST /payment_methods for a channel and the inputs it asked for. Each call is a new attempt:
 * its fresh reference is also the attempt's Idempotency-Key.
 */
export function linkRequestOf(
  channel: { code: string; country: string },
  channelProperties: Record<string, string> = {},
): CreatePaymentMethodRequest {
  return {
    channel: channel.code,
    country: channel.country,
    reference_id: randomReference(),
    ...(Object.keys(channelProperties).length > 0 ? { channel_properties: channelProperties } : {}),
  };
}
