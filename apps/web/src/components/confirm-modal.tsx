import { Button, Group, Modal, Text } from '@mantine/core';
import type { ConfirmDialogProps } from './confirm-dialog';
import { useFocusReturn } from './focus-return';

/** The modal of ConfirmDialog (confirm-dialog.tsx), in a chunk of its own. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  useFocusReturn(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Text mb="md">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Keep it
        </Button>
        <Button
          color="red"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
