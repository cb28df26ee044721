import { useEffect } from 'react';
import { screenPaths, type CatalogProduct, type SubscriptionTerms } from '@store/contract/client';
import { useNavigate, useSearchParams } from 'react-router';
import { useActivePaymentMethods } from '@/features/payment-methods/api/get-payment-methods';
import { SubscribeDialog } from '@/features/subscriptions/components/subscribe-dialog';
import { forgetSubscribeReturn } from '@/features/subscriptions/utils/subscribe-return';

/**
 * Subscribe on a product page: the dialog offered the customer's saved methods; once subscribed,
 * the Subscriptions screen, where the new plan turns ACTIVE by itself.
 */
export function SubscribeFlow({
  product,
  terms,
  onClose,
}: {
  product: CatalogProduct;
  terms: SubscriptionTerms;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const methods = useActivePaymentMethods();
  // Back on the product: the way back from saving a method has been taken.
  useEffect(forgetSubscribeReturn, []);
  /**
   * Done with the dialog (closed, or subscribed): the product's address no longer asks for it
   * (`?subscribe=1`, coming back from saving a method), so neither a reload nor Back from the
   * subscriptions opens it again.
   */
  const leaveDialog = () => {
    if (!search.has('subscribe')) return;
    setSearch(
      (current) => {
        current.delete('subscribe');
        return current;
      },
      { replace: true },
    );
  };
  return (
    <SubscribeDialog
      opened
      onClose={() => {
        leaveDialog();
        onClose();
      }}
      product={product}
      terms={terms}
      methods={methods}
      onSubscribed={() => {
        leaveDialog();
        navigate(screenPaths.subscriptions);
      }}
    />
  );
}
