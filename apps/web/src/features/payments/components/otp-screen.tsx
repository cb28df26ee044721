import { useState } from 'react';
import type { Payment } from '@store/contract/client';
import { useNavigate } from 'react-router';
import { OtpForm } from '@/components/otp-form';
import { useResendPaymentOtp, useValidatePaymentOtp } from '../api/payment-mutations';

/** OTP screen for a payment: validate (success page on success) and resend. */
export function OtpScreen({ payment }: { payment: Pick<Payment, 'id'> }) {
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const validate = useValidatePaymentOtp();
  const resend = useResendPaymentOtp();

  function submit(otpCode: string) {
    setError(null);
    validate.mutate(
      { paymentId: payment.id, otpCode },
      {
        onSuccess: (validated) =>
          navigate(
            validated.status === 'FAILED'
              ? `/payments/failure?payment_id=${encodeURIComponent(validated.id)}`
              : `/payments/success?payment_id=${encodeURIComponent(validated.id)}`,
            { replace: true },
          ),
        onError: setError,
      },
    );
  }

  function resendOtp() {
    setError(null);
    resend.mutate(payment.id, { onError: setError });
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
