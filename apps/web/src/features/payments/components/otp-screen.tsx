import { useEffect, useState } from 'react';
import { isAwaitingProvider } from '@store/contract/client';
import type { Payment } from '@store/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { OtpForm } from '@/components/otp-form';
import { getPaymentQueryOptions, usePayment } from '../api/get-payment';
import { useResendPaymentOtp, useValidatePaymentOtp } from '../api/payment-mutations';
import { resultPageFor } from '../utils/result-page';

/**
 * OTP screen for a payment: validate and resend. It follows the payment itself, so that when the
 * payment ends another way (a third wrong code, an expiry, a webhook) the customer is taken to the
 * page that says so, with the reason, instead of typing into a dead form.
 */
export function OtpScreen({ payment }: { payment: Pick<Payment, 'id'> }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const validate = useValidatePaymentOtp();
  const resend = useResendPaymentOtp();
  const current = usePayment(payment.id, { poll: true }).data;

  useEffect(() => {
    if (!current || isAwaitingProvider(current)) return;
    navigate(`${resultPageFor(current.status)}?payment_id=${encodeURIComponent(current.id)}`, {
      replace: true,
    });
  }, [current, navigate]);

  /** A refused call may have ended the payment: read it again before the customer retries. */
  function refused(cause: unknown) {
    setError(cause);
    void queryClient.invalidateQueries({ queryKey: getPaymentQueryOptions(payment.id).queryKey });
  }

  function submit(otpCode: string) {
    setError(null);
    validate.mutate(
      { paymentId: payment.id, otpCode },
      {
        onSuccess: (validated) =>
          navigate(
            `${resultPageFor(validated.status)}?payment_id=${encodeURIComponent(validated.id)}`,
            { replace: true },
          ),
        onError: refused,
      },
    );
  }

  function resendOtp() {
    setError(null);
    resend.mutate(payment.id, { onError: refused });
  }

  return (
    <OtpForm
      confirms="the payment"
      submitting={validate.isPending}
      onSubmit={submit}
      error={error}
      onCloseError={() => setError(null)}
      resend={{ onResend: resendOtp, pending: resend.isPending, done: resend.isSuccess }}
    />
  );
}
