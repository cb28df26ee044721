import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentAction } from '@store/contract/client';
import {
  continueLinkingStep,
  continuePaymentStep,
  follow,
  isAbsoluteUrl,
  nextStepAfterCardLink,
  nextStepAfterCardPayment,
  nextStepAfterLinking,
  nextStepAfterPayment,
} from './next-step';

const action = (type: string, value: string | null): PaymentAction => ({
  type,
  descriptor: null,
  value,
  paymentCode: null,
});

describe('the payment result after creation', () => {
  it("sends the browser to an absolute first action's URL", () => {
    expect(
      nextStepAfterPayment({
        id: 'pay_1',
        status: 'REQUIRES_ACTION',
        actions: [
          action('REDIRECT_CUSTOMER', 'https://sim.test/pay/pr-1'),
          action('X', '/payments/p1'),
        ],
      }),
    ).toEqual({ kind: 'external', url: 'https://sim.test/pay/pr-1' });
  });

  it("navigates within the store to a relative first action's value", () => {
    expect(
      nextStepAfterPayment({
        id: 'pay_1',
        status: 'REQUIRES_ACTION',
        actions: [action('PRESENT_TO_CUSTOMER', '/payments/p1')],
      }),
    ).toEqual({ kind: 'internal', path: '/payments/p1' });
    expect(
      nextStepAfterPayment({
        id: 'pay_1',
        status: 'PENDING',
        actions: [action('VALIDATE_OTP', '/payments/new/p1/otp')],
      }),
    ).toEqual({ kind: 'internal', path: '/payments/new/p1/otp' });
  });

  it('without actions goes by status, to a result page that names the payment', () => {
    expect(nextStepAfterPayment({ id: 'pay_1', status: 'SUCCEEDED', actions: [] })).toEqual({
      kind: 'internal',
      path: '/payments/success?payment_id=pay_1',
    });
    expect(nextStepAfterPayment({ id: 'pay_1', status: 'FAILED', actions: [] })).toEqual({
      kind: 'internal',
      path: '/payments/failure?payment_id=pay_1',
    });
    expect(nextStepAfterPayment({ id: 'pay_1', status: 'PENDING', actions: [] })).toEqual({
      kind: 'internal',
      path: '/payments/pending?payment_id=pay_1',
    });
    expect(nextStepAfterPayment({ id: 'pay_1', status: 'REQUIRES_ACTION', actions: [] })).toEqual({
      kind: 'internal',
      path: '/payments/pending?payment_id=pay_1',
    });
  });

  it('sends a cancelled payment to the failure page, as every result screen does', () => {
    expect(nextStepAfterPayment({ id: 'pay_1', status: 'CANCELLED', actions: [] })).toEqual({
      kind: 'internal',
      path: '/payments/failure?payment_id=pay_1',
    });
  });

  it('ignores actions without a value', () => {
    expect(
      nextStepAfterPayment({
        id: 'pay_1',
        status: 'SUCCEEDED',
        actions: [action('NOTHING', null)],
      }),
    ).toEqual({ kind: 'internal', path: '/payments/success?payment_id=pay_1' });
  });
});

describe('Continue Payment and Continue Linking', () => {
  it("prefers the REDIRECT_CUSTOMER action's value, else any action's", () => {
    expect(
      continuePaymentStep({
        actions: [action('OTHER', '/x'), action('REDIRECT_CUSTOMER', 'https://sim.test/p')],
      }),
    ).toEqual({ kind: 'external', url: 'https://sim.test/p' });
    expect(
      continuePaymentStep({ actions: [action('VALIDATE_OTP', '/payments/new/p/otp')] }),
    ).toEqual({ kind: 'internal', path: '/payments/new/p/otp' });
    expect(continuePaymentStep({ actions: [] })).toBeNull();
  });

  it('continues a link on the provider page or the store OTP screen', () => {
    expect(
      continueLinkingStep({
        id: 'pm_1',
        actions: [{ type: 'REDIRECT_CUSTOMER', value: 'https://sim.test/link' }],
      }),
    ).toEqual({ kind: 'external', url: 'https://sim.test/link' });
    expect(
      continueLinkingStep({
        id: 'pm_1',
        actions: [{ type: 'VALIDATE_OTP', value: '/payment_methods/new/pm_1/otp' }],
      }),
    ).toEqual({ kind: 'internal', path: '/payment_methods/new/pm_1/otp' });
    expect(continueLinkingStep({ id: 'pm_1', actions: [] })).toBeNull();
  });

  it('ends a link on its result page, naming the method', () => {
    expect(nextStepAfterLinking({ id: 'pm_1', status: 'ACTIVE', actions: [] })).toEqual({
      kind: 'internal',
      path: '/payment_methods/success?payment_method_id=pm_1',
    });
    expect(nextStepAfterLinking({ id: 'pm_1', status: 'FAILED', actions: [] })).toEqual({
      kind: 'internal',
      path: '/payment_methods/failure?payment_method_id=pm_1',
    });
  });

  it('tells a URL that leaves the store from a store path', () => {
    expect(isAbsoluteUrl('https://sim.test/p')).toBe(true);
    expect(isAbsoluteUrl('xenditdemo://payments/success')).toBe(true);
    expect(isAbsoluteUrl('/payments/p1')).toBe(false);
  });
});

describe('the next step after the cards script', () => {
  const scriptUrl = 'https://sim.test/3ds/pr-1';

  it("lets the script's action_url stand in when the answer requires action but has none", () => {
    expect(
      nextStepAfterCardPayment({ id: 'pay_1', status: 'REQUIRES_ACTION', actions: [] }, scriptUrl),
    ).toEqual({ kind: 'external', url: scriptUrl });
    expect(
      nextStepAfterCardLink({ id: 'pm_1', status: 'REQUIRES_ACTION', actions: [] }, scriptUrl),
    ).toEqual({ kind: 'external', url: scriptUrl });
  });

  it("prefers the answer's own action to the script's", () => {
    expect(
      nextStepAfterCardPayment(
        {
          id: 'pay_1',
          status: 'REQUIRES_ACTION',
          actions: [action('REDIRECT_CUSTOMER', 'https://sim.test/3ds/own')],
        },
        scriptUrl,
      ),
    ).toEqual({ kind: 'external', url: 'https://sim.test/3ds/own' });
    expect(
      nextStepAfterCardLink(
        {
          id: 'pm_1',
          status: 'REQUIRES_ACTION',
          actions: [{ type: 'REDIRECT_CUSTOMER', value: 'https://sim.test/3ds/own' }],
        },
        scriptUrl,
      ),
    ).toEqual({ kind: 'external', url: 'https://sim.test/3ds/own' });
  });

  it('goes to the result once the answer no longer requires action, or without a script URL', () => {
    expect(
      nextStepAfterCardPayment({ id: 'pay_1', status: 'SUCCEEDED', actions: [] }, scriptUrl),
    ).toEqual({ kind: 'internal', path: '/payments/success?payment_id=pay_1' });
    expect(
      nextStepAfterCardPayment({ id: 'pay_1', status: 'REQUIRES_ACTION', actions: [] }, undefined),
    ).toEqual({ kind: 'internal', path: '/payments/pending?payment_id=pay_1' });
    expect(nextStepAfterCardLink({ id: 'pm_1', status: 'ACTIVE', actions: [] }, scriptUrl)).toEqual(
      {
        kind: 'internal',
        path: '/payment_methods/success?payment_method_id=pm_1',
      },
    );
    expect(
      nextStepAfterCardLink({ id: 'pm_1', status: 'REQUIRES_ACTION', actions: [] }, undefined),
    ).toEqual({ kind: 'internal', path: '/payment_methods' });
  });
});

describe('taking a step', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('replaces the current entry when asked, so Back leaves a paid checkout behind', () => {
    const navigate = vi.fn();
    follow({ kind: 'internal', path: '/payments/pay_1' }, navigate, { replace: true });
    follow({ kind: 'internal', path: '/orders' }, navigate);
    expect(navigate.mock.calls).toEqual([
      ['/payments/pay_1', { replace: true }],
      ['/orders', { replace: false }],
    ]);
  });

  it('leaves the store with location.replace when asked, else with location.assign', () => {
    const location = { assign: vi.fn(), replace: vi.fn() };
    vi.stubGlobal('location', location);
    follow({ kind: 'external', url: 'https://sim.test/pay/pr-1' }, vi.fn(), { replace: true });
    follow({ kind: 'external', url: 'https://sim.test/pay/pr-2' }, vi.fn());
    expect(location.replace).toHaveBeenCalledWith('https://sim.test/pay/pr-1');
    expect(location.assign).toHaveBeenCalledWith('https://sim.test/pay/pr-2');
  });
});
