import { screenPaths } from '@store/contract/client';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { OtpForm } from '@/components/otp-form';
import { useValidatePaymentMethodOtp } from '../api/payment-method-mutations';

/** OTP screen for linking a payment method; no Resend (specification: 'Not implemented'). */
export function PaymentMethodOtpScreen({ paymentMethodId }: { paymentMethodId: string }) {
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const validate = useValidatePaymentMethodOtp();

  function submit(otpCode: string) {
    setError(null);
    validate.mutate(
      { paymentMethodId, otpCode },
      {
        onSuccess: (method) => {
          const query = `payment_method_id=${encodeURIComponent(method.id)}`;
          navigate(
            method.status === 'FAILED'
              ? `${screenPaths.linkingFailure}?${query}`
              : `${screenPaths.linkingSuccess}?${query}`,
            { replace: true },
          );
        },
        onError: setError,
      },
    );
  }

  return (
    <OtpForm
      confirms="linking your account"
      submitting={validate.isPending}
      onSubmit={submit}
      error={error}
      onCloseError={() => setError(null)}
    />
  );
}
