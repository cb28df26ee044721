import { useParams } from 'react-router';
import { PaymentMethodOtpScreen } from '@/features/payment-methods/components/payment-method-otp-screen';

/** /payment_methods/new/{paymentMethodId}/otp. */
export function PaymentMethodOtpRoute() {
  const { paymentMethodId = '' } = useParams();
  return <PaymentMethodOtpScreen key={paymentMethodId} paymentMethodId={paymentMethodId} />;
}
