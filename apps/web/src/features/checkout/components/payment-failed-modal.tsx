import { Button, Modal, Stack, Text } from '@mantine/core';
import { describeFailure } from '@store/contract/client';
import { ErrorPanel } from '@/components/error-panel';
import { isApiError } from '@/lib/api-client';
import { useFocusReturn } from '@/components/focus-return';
import { useCloseOnEscape } from '@/components/modal-layers';

/**
 * Why creating the payment failed, over the checkout: the reason in the customer's words, then
 * the error panel with the code and message for developers. Nothing was paid and the cart is as
 * it was, so closing the dialog is trying another payment method.
 */
export function PaymentFailedModal({
  opened,
  error,
  onClose,
}: {
  opened: boolean;
  error: unknown;
  onClose: () => void;
}) {
  const code = isApiError(error) ? error.error_code : null;
  // The store's own refusal carries no provider exchange: the provider was never asked.
  const byStore =
    isApiError(error) && error.status >= 400 && error.status < 500 && error.response === undefined;
  useFocusReturn(opened);
  const closeOnEscape = useCloseOnEscape();
  return (
    <Modal opened={opened} onClose={onClose} title="Payment failed" closeOnEscape={closeOnEscape}>
      <Stack gap="sm">
        <Text fw={500}>{describeFailure(code, { byStore })}</Text>
        <Text size="sm">Your cart is unchanged. Choose another payment method or try again.</Text>
        <Button onClick={onClose} data-autofocus>
          Try Another Payment Method
        </Button>
        <ErrorPanel error={error} />
      </Stack>
    </Modal>
  );
}
