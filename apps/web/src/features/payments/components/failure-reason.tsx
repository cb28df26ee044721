import { Code, Stack, Text } from '@mantine/core';
import { describeFailure } from '@store/contract/client';
import { isApiError } from '@/lib/api-client';
import { usePayment } from '../api/get-payment';

/** Why the payment a failure page was reached for failed: a sentence, with the code beside it. */
export function FailureReason({ paymentId }: { paymentId: string }) {
  const payment = usePayment(paymentId);
  const status = payment.data?.status;
  if (isApiError(payment.error) && payment.error.status === 404) {
    // Not this account's: a payment made while signed in to another account or store (in another
    // tab, say) may well have succeeded there, and paying again would pay twice.
    return (
      <Text fw={500}>
        There is no payment {paymentId} in the account you are signed in to. If you paid while
        signed in to another account or store, sign in to that one to see whether it went through
        before paying again.
      </Text>
    );
  }
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
