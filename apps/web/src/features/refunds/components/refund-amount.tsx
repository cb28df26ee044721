import { Text } from '@mantine/core';
import type { OrderLine } from '@store/contract/client';
import { Price } from '@/components/price';

/**
 * What the selected lines come to. With a voucher the store refunds at most what is left of the
 * payment (`left`), so the voucher's discount comes off the last lines refunded: the figure is
 * capped there, and is an upper bound.
 */
export function RefundAmount({
  lines,
  voucher,
  left,
}: {
  lines: readonly OrderLine[];
  voucher: boolean;
  left: number;
}) {
  const [first] = lines;
  if (first === undefined) return <Text size="sm">Select the order lines to refund.</Text>;
  const amount = Math.min(
    lines.reduce((sum, line) => sum + line.price, 0),
    left,
  );
  return (
    <Text fw={600}>
      Refund amount: {voucher && 'up to '}
      <Price inherit money={{ amount, currency: first.currency }} />
    </Text>
  );
}
