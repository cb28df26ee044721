import { lazy, Suspense } from 'react';
import { useOpenedOnce } from './opened-once';

export interface ErrorDialogProps {
  opened: boolean;
  title: string;
  error: unknown;
  onClose: () => void;
}

// The modal's code loads when an action first fails, not with every screen that may show it.
const ErrorModal = lazy(async () => ({ default: (await import('./error-modal')).ErrorModal }));

/** An action's failure in a modal, with the error's panel. */
export function ErrorDialog(props: ErrorDialogProps) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <ErrorModal {...props} />
    </Suspense>
  );
}
