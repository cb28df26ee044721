import { describe, expect, it } from 'vitest';
import { returnUrls } from './return-urls.ts';

describe('return URLs', () => {
  it("send a payment's browser back to the payment result pages", () => {
    expect(returnUrls('https://store.test', 'payment', 'pay_1', 'web')).toEqual({
      success_return_url: 'https://store.test/payments/success?payment_id=pay_1',
      failure_return_url: 'https://store.test/payments/failure?payment_id=pay_1',
    });
  });

  it('send a link back to the linking result pages, naming a client other than the web app', () => {
    expect(returnUrls('https://store.test', 'linking', 'pm_1', 'ios')).toEqual({
      success_return_url:
        'https://store.test/payment_methods/success?payment_method_id=pm_1&source=ios',
      failure_return_url:
        'https://store.test/payment_methods/failure?payment_method_id=pm_1&source=ios',
    });
  });
});
