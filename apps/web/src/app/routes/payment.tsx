import { useParams } from 'react-router';
import { OtpScreen } from '@/features/payments/components/otp-screen';
import { PaymentScreen } from '@/features/payments/components/payment-screen';

/** /payments/{paymentId}: the virtual-account screen or the OTP screen. */
export function PaymentRoute() {
  const { paymentId = '' } = useParams();
  return <PaymentScreen key={paymentId} paymentId={paymentId} variant="payment" />;
}

/** /payments/new/{paymentId}/paymentcode: a retail-outlet code, built like the virtual account. */
export function PaymentCodeRoute() {
  const { paymentId = '' } = useParams();
  return <PaymentScreen key={paymentId} paymentId={paymentId} variant="payment-code" />;
}

/** /payments/new/{paymentId}/otp. */
export function PaymentOtpRoute() {
  const { paymentId = '' } = useParams();
  return <OtpScreen key={paymentId} payment={{ id: paymentId }} />;
}
