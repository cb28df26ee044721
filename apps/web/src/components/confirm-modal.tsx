import { useEffect, useRef } from 'react';
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
  // Once per opening: a double click lands its second press while the modal plays its closing
  // transition, still on the button, and would cancel or unlink a second time.
  const confirmed = useRef(false);
  useEffect(() => {
    if (opened) confirmed.current = false;
  }, [opened]);
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
            if (confirmed.current) return;
            confirmed.current = true;
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
