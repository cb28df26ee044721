import { useParams } from 'react-router';
import { PaymentScreen } from '@/features/payments/components/payment-screen';

/** /payments/new/{paymentId}/paymentcode: a retail-outlet code, built like the virtual account. */
export function PaymentCodeRoute() {
  const { paymentId = '' } = useParams();
  return <PaymentScreen key={paymentId} paymentId={paymentId} variant="payment-code" />;
}
