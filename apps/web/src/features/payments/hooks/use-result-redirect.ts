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
 * pending page keeps reading until the payment settles, then moves on by itself. Answers whether
 * the page may say what it says: the payment's status is known and belongs here (or there is no
 * payment of a signed-in customer to read, or it cannot be read).
 */
export function useResultRedirect(page: PaymentResultPage, signedIn: boolean): boolean {
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
  if (!signedIn || paymentId === '') return true;
  if (status) return resultPageFor(status) === page;
  if (missing) return page === screenPaths.paymentFailure;
  return payment.isError;
}
