import { Anchor, List, Stack, Text } from '@mantine/core';
import { screenPaths } from '@store/contract/client';
import { Link } from 'react-router';
import { formatPrice } from '@/utils/format';
import { usePayment } from '../api/get-payment';

/**
 * What a succeeded payment bought, for how much and how it was paid, with the way to its order:
 * a receipt in a few lines, so the success page tells more than that something succeeded.
 */
export function PurchaseSummary({ paymentId }: { paymentId: string }) {
  const payment = usePayment(paymentId).data;
  if (payment === undefined || payment.status !== 'SUCCEEDED') return null;
  return (
    <Stack gap={4} align="center" data-testid="purchase-summary">
      <Text fw={600}>You bought</Text>
      <List listStyleType="none" p={0} m={0} ta="center">
        {payment.orders.map((line) => (
          <List.Item key={line.id} style={{ overflowWrap: 'anywhere' }}>
            {line.product.name}
          </List.Item>
        ))}
      </List>
      <Text>
        Amount paid: {formatPrice({ amount: payment.amount, currency: payment.currency })}
      </Text>
      <Text>Paid with: {payment.channel_name}</Text>
      {/* The newest order comes first in Orders. */}
      <Anchor component={Link} to={screenPaths.orders}>
        View your order
      </Anchor>
    </Stack>
  );
}
