import { Text } from '@mantine/core';
import type { OrderLine } from '@store/contract/client';
import { Price } from '@/components/price';

/**
 * What the selected lines come to. With a voucher the store refunds at most what was paid, so the
 * voucher's discount comes off the last lines refunded: the figure is then an upper bound.
 */
export function RefundAmount({
  lines,
  voucher,
}: {
  lines: readonly OrderLine[];
  voucher: boolean;
}) {
  const [first] = lines;
  if (first === undefined) return <Text size="sm">Select the order lines to refund.</Text>;
  const amount = lines.reduce((sum, line) => sum + line.price, 0);
  return (
    <Text fw={600}>
      Refund amount: {voucher && 'up to '}
      <Price inherit money={{ amount, currency: first.currency }} />
    </Text>
  );
}
