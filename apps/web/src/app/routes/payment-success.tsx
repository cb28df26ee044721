import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { screenPaths } from '@store/contract/client';
import { useCart } from '@/features/cart/stores/cart-store';
import { takeHostedPayment } from '@/features/checkout/utils/hosted-checkout-cart';
import { forgetSaveChoice } from '@/features/checkout/utils/save-choice';
import { forgetVoucher } from '@/features/vouchers/stores/chosen-voucher';
import {
  AwaitPayment,
  BackToHome,
  CurrentPaymentStatus,
  HandOff,
  ResultCard,
  WhatWasBought,
} from '../result-page';

/**
 * Back from paying on the hosted checkout: the cart it was paid from is emptied now, and the
 * voucher and the Save Payment Method? choice made for it are forgotten.
 */
function ClearPaidCart() {
  const [search] = useSearchParams();
  const { clear } = useCart();
  const paymentId = search.get('payment_id');
  useEffect(() => {
    if (!takeHostedPayment(paymentId)) return;
    forgetVoucher();
    forgetSaveChoice();
    clear();
  }, [paymentId, clear]);
  return null;
}

export function PaymentSuccessRoute() {
  return (
    <AwaitPayment page={screenPaths.paymentSuccess}>
      <ResultCard
        title="Payment Successful!"
        message="Thank you for your purchase. Your transaction was successful."
      >
        <ClearPaidCart />
        <CurrentPaymentStatus expected="SUCCEEDED" />
        <WhatWasBought />
        <HandOff payment={screenPaths.paymentSuccess} />
        <BackToHome />
      </ResultCard>
    </AwaitPayment>
  );
}
