import { lazy, Suspense } from 'react';
import { useOpenedOnce } from './opened-once';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}

// The modal's code (with its focus trap and scroll lock) loads when the dialog first opens, so the
// lists that offer it stay light.
const ConfirmModal = lazy(async () => ({
  default: (await import('./confirm-modal')).ConfirmModal,
}));

/**
 * Asks before an action that cannot be undone (unlinking a payment method, cancelling a
 * payment): the action runs only on the confirming button.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmModal {...props} />
    </Suspense>
  );
}
