import { useParams } from 'react-router';
import { PaymentScreen } from '@/features/payments/components/payment-screen';

/** /payments/{paymentId}: the virtual-account screen or the OTP screen. */
export function PaymentRoute() {
  const { paymentId = '' } = useParams();
  return <PaymentScreen key={paymentId} paymentId={paymentId} variant="payment" />;
}
