import { describe, expect, it } from 'vitest';
import type { CreatePaymentRequestBody } from '@store/xendit';
import { channelIn } from '../channels.ts';
import type { SimContext } from '../sim-context.ts';
import { firstStep } from './channel-actions.ts';

const ctx = { publicUrl: 'http://simulator.test' } as SimContext;

/** The first step of a payment of `amount` IDR on an Indonesian e-wallet. */
function walletStep(channelCode: string, amount = 50_000) {
  const channel = channelIn(channelCode, 'ID');
  if (!channel) throw new Error(`${channelCode} is not offered in ID`);
  const body = {
    reference_id: 'order-1',
    type: 'PAY',
    country: 'ID',
    currency: 'IDR',
    request_amount: amount,
    channel_code: channelCode,
    channel_properties: { success_return_url: 'https://store.example/success' },
  } as CreatePaymentRequestBody;
  return firstStep(
    ctx,
    'pr-1',
    body,
    { channel, channelCode },
    { ...body.channel_properties },
    undefined,
  );
}

describe("an e-wallet's page left unanswered", () => {
  it('ends the request after the time the provider gives the wallet', () => {
    expect(walletStep('DANA').expiresInMs).toBe(30 * 60 * 1000);
    expect(walletStep('SHOPEEPAY').expiresInMs).toBe(30 * 60 * 1000);
    expect(walletStep('LINKAJA').expiresInMs).toBe(5 * 60 * 1000);
    expect(walletStep('ASTRAPAY', 50_000).expiresInMs).toBe(15 * 60 * 1000);
  });

  it('does not end one already due to fail, nor a push approval, which has no page', () => {
    expect(walletStep('DANA', 20105).expiresInMs).toBeUndefined();
    expect(walletStep('OVO').expiresInMs).toBeUndefined();
  });
});
