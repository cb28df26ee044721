import { Loader } from '@mantine/core';
import { screenPaths, type PaymentMethodStatus } from '@store/contract/client';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorPanel } from '@/components/error-panel';
import { OtpForm } from '@/components/otp-form';
import { isApiError } from '@/lib/api-client';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { usePaymentMethod } from '../api/get-payment-method';
import { linkingOutcomePage } from '../hooks/use-linking-result-redirect';
import { useValidatePaymentMethodOtp } from '../api/payment-method-mutations';

/**
 * The linking result page for a method past its OTP: the one its status settles on, else the
 * success page, which waits (Linking Pending) while the provider has not said.
 */
const resultPageFor = (status: PaymentMethodStatus | 'NOT_FOUND') =>
  linkingOutcomePage(status) ?? screenPaths.linkingSuccess;

/**
 * OTP screen for linking a payment method; no Resend (specification: 'Not implemented'). It follows
 * the method itself, as the payment's OTP screen follows its payment: once the method waits for no
 * OTP (a third wrong code failed it, it was linked or unlinked, or it is not the customer's), the
 * customer goes to the linking result page that says so instead of typing into a dead form.
 */
export function PaymentMethodOtpScreen({ paymentMethodId }: { paymentMethodId: string }) {
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const validate = useValidatePaymentMethodOtp();
  const oneAtATime = useOneAtATime();
  const read = usePaymentMethod(paymentMethodId);
  const missing = isApiError(read.error) && read.error.status === 404;
  const status = missing ? 'NOT_FOUND' : read.data?.status;

  useEffect(() => {
    if (status === undefined || status === 'REQUIRES_ACTION') return;
    const query = `payment_method_id=${encodeURIComponent(paymentMethodId)}`;
    navigate(`${resultPageFor(status)}?${query}`, { replace: true });
  }, [status, paymentMethodId, navigate]);

  if (read.data === undefined && !missing) {
    return read.isPending ? (
      <Loader role="status" aria-label="Loading payment method" />
    ) : (
      <ErrorPanel error={read.error} />
    );
  }

  function submit(otpCode: string) {
    // One code at a time: a double click would spend two of the customer's tries on one code.
    oneAtATime((done) => {
      setError(null);
      validate.mutate(
        { paymentMethodId, otpCode },
        {
          onSuccess: (method) => {
            const query = `payment_method_id=${encodeURIComponent(method.id)}`;
            navigate(`${resultPageFor(method.status)}?${query}`, { replace: true });
          },
          // The mutation reads the customer's methods again (payment-method-mutations.ts): a code
          // that failed the method moves this screen on, by the effect above.
          onError: setError,
          onSettled: done,
        },
      );
    });
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
