import { Modal } from '@mantine/core';
import { ErrorPanel } from './error-panel';
import type { ErrorDialogProps } from './error-dialog';
import { useFocusReturn } from './focus-return';

/** The modal of ErrorDialog (error-dialog.tsx), in a chunk of its own. */
export function ErrorModal({ opened, title, error, onClose }: ErrorDialogProps) {
  useFocusReturn(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <ErrorPanel error={error} onClose={onClose} />
    </Modal>
  );
}
