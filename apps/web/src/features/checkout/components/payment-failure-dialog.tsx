import { lazy, Suspense, useState } from 'react';

// The dialog (with the modal code) is a chunk of its own, fetched when first shown.
const PaymentFailedModal = lazy(async () => ({
  default: (await import('./payment-failed-modal')).PaymentFailedModal,
}));

/** Why creating the payment failed, shown over the checkout while `opened`. */
export function PaymentFailureDialog({
  opened,
  error,
  onClose,
}: {
  opened: boolean;
  error: unknown;
  onClose: () => void;
}) {
  // Once shown, the dialog stays mounted, so that it closes with its transition.
  const [shown, setShown] = useState(false);
  if (opened && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <PaymentFailedModal opened={opened} error={error} onClose={onClose} />
    </Suspense>
  );
}
