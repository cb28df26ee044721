import { useState } from 'react';
import { Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { isRefundableLine, refundedAmount, screenPaths } from '@store/contract/client';
import { useNavigate, useParams } from 'react-router';
import { ErrorDialog } from '@/components/error-dialog';
import { ErrorPanel } from '@/components/error-panel';
import { statusLabel } from '@/components/status-badge';
import { usePayment } from '@/features/payments/api/get-payment';
import { OrderLineList } from '@/features/payments/components/order-line-list';
import { PaymentWaysOn } from '@/features/payments/components/payment-dead-end';
import { useRefundPayment } from '@/features/refunds/api/refund-payment';
import { RefundAmount } from '@/features/refunds/components/refund-amount';
import { refundPendingSearch } from '@/features/refunds/utils/refund-outcome';
import { isApiError } from '@/lib/api-client';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

/**
 * The refund dialog's title: a refund refused because another of the payment is still pending has
 * not failed, the customer only has to wait for the first.
 */
function refundErrorTitle(error: unknown): string {
  return isApiError(error) && error.error_code === 'REFUND_IN_PROGRESS'
    ? 'Another refund is in progress'
    : 'Refund failed';
}

function RefundScreen({ paymentId }: { paymentId: string }) {
  const navigate = useNavigate();
  const payment = usePayment(paymentId);
  const refund = useRefundPayment();
  const [selected, setSelected] = useState<string[]>([]);
  const oneAtATime = useOneAtATime();

  function submit() {
    oneAtATime((done) =>
      refund.mutate(
        { paymentId, orders: selected },
        {
          onSuccess: ({ refund: created }) =>
            navigate(screenPaths.refundPending + refundPendingSearch(paymentId, created.orders), {
              replace: true,
            }),
          onSettled: done,
        },
      ),
    );
  }

  return (
    <Card withBorder maw={640}>
      <Stack gap="sm">
        {/* A payment id is one long word: on a phone it breaks rather than running out of the card. */}
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          Refund {paymentId}
        </Title>
        {payment.isPending ? (
          <Loader role="status" aria-label="Loading the payment" />
        ) : payment.data === undefined ? (
          <>
            <ErrorPanel error={payment.error} />
            {/* No such payment (a mistyped or old link): nothing to refund here. */}
            {isApiError(payment.error) && payment.error.status === 404 && <PaymentWaysOn />}
          </>
        ) : (
          <OrderLineList
            lines={payment.data.orders}
            isSelectable
            onSelectedChange={setSelected}
            canSelect={isRefundableLine}
            disabled={refund.isPending}
          />
        )}
        {payment.data !== undefined && !payment.data.orders.some(isRefundableLine) && (
          // Every box disabled, and nothing said why: only a paid line can be refunded, once.
          <Text size="sm">
            Nothing in this payment can be refunded now: a line can be refunded once it is paid, and
            only once. Its status is {statusLabel(payment.data.status)}.
          </Text>
        )}
        {payment.data !== undefined && (
          <RefundAmount
            lines={payment.data.orders.filter((line) => selected.includes(line.id))}
            voucher={payment.data.voucher !== null}
            left={payment.data.amount - refundedAmount(payment.data)}
          />
        )}
        <Button
          onClick={submit}
          disabled={selected.length === 0 || refund.isPending}
          loading={refund.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Refund
        </Button>
      </Stack>
      <ErrorDialog
        opened={refund.isError}
        title={refundErrorTitle(refund.error)}
        error={refund.error}
        onClose={refund.reset}
      />
    </Card>
  );
}

/** /payments/{paymentId}/refund. */
export function RefundRoute() {
  const { paymentId = '' } = useParams();
  if (!paymentId) throw new Error('Payment ID is required');
  return <RefundScreen key={paymentId} paymentId={paymentId} />;
}
