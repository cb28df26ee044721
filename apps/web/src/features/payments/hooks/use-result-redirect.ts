import { useEffect } from 'react';
import { screenPaths } from '@store/contract/client';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { usePayment } from '../api/get-payment';
import { resultPageFor, type PaymentResultPage } from '../utils/result-page';

/**
 * A result page reached for a payment (`payment_id`) reads it and, when its status belongs on
 * another result page, goes there (keeping the hand-off parameters): a success page never shows
 * above a failed payment. A payment this customer does not have is not a success either. The
 * pending page keeps reading until the payment settles, then moves on by itself.
 */
export function useResultRedirect(page: PaymentResultPage, signedIn: boolean): void {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const paymentId = search.get('payment_id') ?? '';
  const payment = usePayment(paymentId, { enabled: signedIn, poll: true });
  const status = payment.data?.status;
  const missing = isApiError(payment.error) && payment.error.status === 404;
  useEffect(() => {
    const target = status ? resultPageFor(status) : missing ? screenPaths.paymentFailure : null;
    if (target && target !== page) navigate(`${target}${location.search}`, { replace: true });
  }, [status, missing, page, navigate, location.search]);
}
