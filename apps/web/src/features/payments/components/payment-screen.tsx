import { useState } from 'react';
import { Loader, Stack } from '@mantine/core';
import { ErrorPanel } from '@/components/error-panel';
import { isApiError } from '@/lib/api-client';
import { usePayment } from '../api/get-payment';
import { OtpScreen } from './otp-screen';
import { PaymentCodeScreen, useMoveOnWhenSettled } from './payment-code-screen';
import { PaymentWaysOn } from './payment-dead-end';

const virtualAccount = ['VIRTUAL_ACCOUNT_NUMBER'] as const;
const paymentCode = ['PAYMENT_CODE', 'QR_STRING'] as const;

/**
 * /payments/{id} (virtual account or OTP, whichever action the payment has) and
 * /payments/new/{id}/paymentcode. Polls while the outcome is open and moves on once it settles.
 */
export function PaymentScreen({
  paymentId,
  variant,
}: {
  paymentId: string;
  variant: 'payment' | 'payment-code';
}) {
  const payment = usePayment(paymentId, { poll: true });
  const [leaving, setLeaving] = useState(false);
  useMoveOnWhenSettled(leaving ? undefined : payment.data);

  if (payment.isPending) return <Loader role="status" aria-label="Loading payment" />;
  if (payment.data === undefined) {
    return (
      <Stack gap="sm" align="flex-start">
        <ErrorPanel error={payment.error} />
        {/* A payment that is not there (a mistyped or old link) leaves nothing to do here. */}
        {isApiError(payment.error) && payment.error.status === 404 && <PaymentWaysOn />}
      </Stack>
    );
  }
  const data = payment.data;

  if (variant === 'payment-code') {
    return (
      <PaymentCodeScreen
        payment={data}
        descriptors={paymentCode}
        title="Payment Code"
        onLeaving={setLeaving}
      />
    );
  }
  const hasOtp = data.actions.some((action) => action.descriptor === 'VALIDATE_OTP');
  const hasVirtualAccount = data.actions.some(
    (action) => action.descriptor === 'VIRTUAL_ACCOUNT_NUMBER',
  );
  if (hasOtp && !hasVirtualAccount) return <OtpScreen payment={data} />;
  return (
    <PaymentCodeScreen
      payment={data}
      descriptors={virtualAccount}
      title="Payment"
      onLeaving={setLeaving}
    />
  );
}
