import { Code, Stack, Text } from '@mantine/core';
import { describeFailure } from '@store/contract/client';
import { usePayment } from '../api/get-payment';

/** Why the payment a failure page was reached for failed: a sentence, with the code beside it. */
export function FailureReason({ paymentId }: { paymentId: string }) {
  const payment = usePayment(paymentId);
  const status = payment.data?.status;
  if (status !== 'FAILED' && status !== 'CANCELLED') return null;
  const code = payment.data?.failure_code ?? null;
  return (
    <Stack gap={4} align="center">
      <Text fw={500}>
        {status === 'CANCELLED' ? 'The payment was cancelled.' : describeFailure(code)}
      </Text>
      {code && (
        <Text size="sm">
          Code for support: <Code>{code}</Code>
        </Text>
      )}
    </Stack>
  );
}
