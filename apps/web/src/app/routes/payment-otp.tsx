import { useParams } from 'react-router';
import { OtpScreen } from '@/features/payments/components/otp-screen';

/** /payments/new/{paymentId}/otp. */
export function PaymentOtpRoute() {
  const { paymentId = '' } = useParams();
  return <OtpScreen key={paymentId} payment={{ id: paymentId }} />;
}
