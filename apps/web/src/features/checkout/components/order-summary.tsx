import { ActionIcon, Badge, Divider, Group, Image, Stack, Text, Title } from '@mantine/core';
import {
  totalFor,
  voucherCondition,
  type Currency,
  type VoucherTerms,
} from '@store/contract/client';
import { formatPrice } from '@/utils/format';

export interface OrderSummaryLine {
  product_id: string;
  price: number;
  currency: Currency;
  product: { name: string; image_url: string };
}

export interface OrderSummaryProps {
  lines: readonly OrderSummaryLine[];
  currency: Currency;
  voucher: VoucherTerms | null;
  onRemoveVoucher: () => void;
}

/**
 * The right column of checkout: what is bought, the applied voucher with its condition, and the
 * total. A voucher limited to one channel leaves the total as it is for the other channels and
 * adds the total with that channel, so whatever channel is picked, its amount was on screen.
 */
export function OrderSummary({ lines, currency, voucher, onRemoveVoucher }: OrderSummaryProps) {
  const total = totalFor(lines, voucher, null);
  const condition = voucher ? voucherCondition(voucher) : null;
  return (
    <Stack gap="sm">
      <Title order={3}>Order Summary</Title>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {lines.map((line) => (
          <Group key={line.product_id} component="li" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Image src={line.product.image_url} alt="" w={40} h={40} radius="sm" />
              <Text>{line.product.name}</Text>
            </Group>
            <Text>{formatPrice({ amount: line.price, currency: line.currency })}</Text>
          </Group>
        ))}
      </Stack>
      {voucher && (
        <Group justify="space-between" wrap="nowrap">
          <Badge
            size="lg"
            variant="light"
            rightSection={
              <ActionIcon
                size="xs"
                variant="transparent"
                aria-label={`Remove voucher ${voucher.code}`}
                onClick={onRemoveVoucher}
              >
                ×
              </ActionIcon>
            }
          >
            {voucher.code}
          </Badge>
          <Text c="green.9" ta="right">
            - {formatPrice({ amount: voucher.fixed_amount, currency })}
            {condition && ` ${condition}`}
          </Text>
        </Group>
      )}
      <Divider />
      <Group justify="space-between">
        <Text fw={700}>Total</Text>
        <Text fw={700} data-testid="order-total">
          {formatPrice({ amount: total, currency })}
        </Text>
      </Group>
      {voucher?.payment_method_type && (
        <Group justify="space-between">
          <Text fw={700}>Total with {voucher.payment_method_type}</Text>
          <Text fw={700} data-testid="order-total-with-voucher-channel">
            {formatPrice({
              amount: totalFor(lines, voucher, voucher.payment_method_type),
              currency,
            })}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
