import { useEffect, useState } from 'react';
import { Loader } from '@mantine/core';
import { isAwaitingProvider, otpResendCooldownSeconds } from '@store/contract/client';
import type { Payment } from '@store/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ErrorPanel } from '@/components/error-panel';
import { OtpForm } from '@/components/otp-form';
import { isApiError } from '@/lib/api-client';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { getPaymentQueryOptions, usePayment } from '../api/get-payment';
import { useResendPaymentOtp, useValidatePaymentOtp } from '../api/payment-mutations';
import { useResendCooldown } from '../hooks/use-resend-cooldown';
import { resultPageFor } from '../utils/result-page';
import { PaymentDeadEnd } from './payment-dead-end';

/**
 * OTP screen for a payment: validate and resend. It follows the payment itself, so that when the
 * payment ends another way (a third wrong code, an expiry, a webhook) the customer is taken to the
 * page that says so, with the reason, instead of typing into a dead form. It speaks of a password
 * sent only once the payment is known to exist.
 */
export function OtpScreen({ payment }: { payment: Pick<Payment, 'id'> }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const validate = useValidatePaymentOtp();
  const oneAtATime = useOneAtATime();
  const resend = useResendPaymentOtp();
  const read = usePayment(payment.id, { poll: true });
  const current = read.data;
  const cooldown = useResendCooldown(
    payment.id,
    current ? Date.parse(current.created) : null,
    otpResendCooldownSeconds,
  );

  useEffect(() => {
    if (!current || isAwaitingProvider(current)) return;
    navigate(`${resultPageFor(current.status)}?payment_id=${encodeURIComponent(current.id)}`, {
      replace: true,
    });
  }, [current, navigate]);

  if (current === undefined) {
    if (isApiError(read.error) && read.error.status === 404) {
      return (
        <PaymentDeadEnd
          title="Payment not found"
          message={`There is no payment ${payment.id} in your account, so no one-time password was sent for it. Your payments are in Orders, or shop again to start a new one.`}
        />
      );
    }
    return read.isPending ? (
      <Loader role="status" aria-label="Loading payment" />
    ) : (
      <ErrorPanel error={read.error} />
    );
  }

  /** A refused call may have ended the payment: read it again before the customer retries. */
  function refused(cause: unknown) {
    setError(cause);
    if (isApiError(cause) && cause.retryAfterSeconds !== null) {
      cooldown.waitFor(cause.retryAfterSeconds);
    }
    void queryClient.invalidateQueries({ queryKey: getPaymentQueryOptions(payment.id).queryKey });
  }

  function submit(otpCode: string) {
    // A double click or Enter pressed twice would send the code twice and spend two of the
    // customer's tries on one code.
    oneAtATime((done) => {
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
          onSettled: done,
        },
      );
    });
  }

  function resendOtp() {
    setError(null);
    resend.mutate(payment.id, {
      onSuccess: () => cooldown.waitFor(otpResendCooldownSeconds),
      onError: refused,
    });
  }

  return (
    <OtpForm
      confirms="the payment"
      submitting={validate.isPending}
      onSubmit={submit}
      error={error}
      onCloseError={() => setError(null)}
      resend={{
        onResend: resendOtp,
        pending: resend.isPending,
        done: resend.isSuccess,
        secondsLeft: cooldown.secondsLeft,
      }}
    />
  );
}
