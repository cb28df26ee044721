import type {
  CreateCheckoutSessionPaymentRequest,
  CreatePaymentRequest,
  Payment,
} from '@store/contract/client';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { follow, nextStepAfterPayment } from '@/lib/next-step';
import { useCreateCheckoutSessionPayment } from '../api/create-checkout-session-payment';
import { useCreatePayment } from '../api/create-payment';
import { hostedPaymentLeft, rememberHostedPayment } from '../utils/hosted-checkout-cart';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';

/** The longest a cancel of the payment left open holds the browser before it leaves the page. */
const leftCancelWaitMs = 3_000;

/**
 * Pays at checkout: creates the payment once per attempt (one Idempotency-Key for the same order
 * sent again) and takes the browser to the payment's next step. A payment of this cart left open
 * on the hosted checkout is handed to `onLeftReplaced` once another is made for the cart, and the
 * browser waits for it (a while at most) before leaving: left open, it could still be paid
 * (Continue Payment) and the cart paid twice, and a request in flight is dropped with the page.
 * One whose create failed replaces nothing: the left payment is still the cart's way to pay.
 */
export function useCheckoutPayment({
  onPaid,
  onLeftReplaced,
}: {
  onPaid: () => void;
  onLeftReplaced: (leftPaymentId: string) => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const createPayment = useCreatePayment();
  const idempotencyKey = useIdempotencyKey('checkout');

  async function replaceLeft(payment: Pick<Payment, 'id' | 'status'>): Promise<void> {
    const left = hostedPaymentLeft();
    if (left === null || left === payment.id || payment.status === 'FAILED') return;
    await Promise.race([
      onLeftReplaced(left),
      new Promise((resolve) => setTimeout(resolve, leftCancelWaitMs)),
    ]);
  }

  /** The card form paid for the cart, through its own create: the next step waits for this. */
  async function paidByCard(payment: Pick<Payment, 'id' | 'status'>): Promise<void> {
    await replaceLeft(payment);
    onPaid();
  }

  function pay(body: CreatePaymentRequest) {
    if (createPayment.isPending) return;
    createPayment.mutate(
      { body, idempotencyKey: idempotencyKey.keyFor(body) },
      {
        onSuccess: async (payment) => {
          idempotencyKey.reset();
          await replaceLeft(payment);
          onPaid();
          follow(nextStepAfterPayment(payment), navigate, { replace: true });
        },
        // The store answered with a refusal: nothing was created, the cart stays, and trying
        // again is a new attempt. Without an answer (status 0) the same key is sent again.
        onError: (error) => {
          if (error instanceof ApiError && error.status > 0) idempotencyKey.reset();
        },
      },
    );
  }

  const createOnCheckout = useCreateCheckoutSessionPayment();

  /** Pays on the provider's hosted checkout: the cart stays until the customer comes back paid. */
  function payOnCheckout(body: CreateCheckoutSessionPaymentRequest) {
    if (createOnCheckout.isPending || createPayment.isPending) return;
    createOnCheckout.mutate(
      { body, idempotencyKey: idempotencyKey.keyFor({ ...body, checkout: true }) },
      {
        onSuccess: async (payment) => {
          idempotencyKey.reset();
          await replaceLeft(payment);
          rememberHostedPayment(payment.id);
          follow(nextStepAfterPayment(payment), navigate);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status > 0) idempotencyKey.reset();
        },
      },
    );
  }

  return { pay, createPayment, payOnCheckout, createOnCheckout, paidByCard };
}
