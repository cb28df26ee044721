import { Modal } from '@mantine/core';
import { ErrorPanel } from './error-panel';
import type { ErrorDialogProps } from './error-dialog';
import { useFocusReturn } from './focus-return';
import { useCloseOnEscape } from './modal-layers';

/** The modal of ErrorDialog (error-dialog.tsx), in a chunk of its own. */
export function ErrorModal({ opened, title, error, onClose }: ErrorDialogProps) {
  useFocusReturn(opened);
  const closeOnEscape = useCloseOnEscape();
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeOnEscape={closeOnEscape}>
      <ErrorPanel error={error} onClose={onClose} />
    </Modal>
  );
}
