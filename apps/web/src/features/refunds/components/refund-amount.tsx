import { Text } from '@mantine/core';
import type { OrderLine } from '@store/contract/client';
import { formatPrice } from '@/utils/format';

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
  const shown = formatPrice({ amount, currency: first.currency });
  return (
    <Text fw={600}>{voucher ? `Refund amount: up to ${shown}` : `Refund amount: ${shown}`}</Text>
  );
}
