import { Button, Drawer, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { voucherCondition, type Currency, type Voucher } from '@store/contract/client';
import { ErrorPanel } from '@/components/error-panel';
import { formatPrice } from '@/utils/format';
import { useVouchers } from '../api/get-vouchers';
import { useFocusReturn } from '@/components/focus-return';

export interface VoucherDrawerProps {
  appId: string;
  opened: boolean;
  /** Currency of the order, to show each voucher's amount in. */
  currency: Currency;
  onClose: () => void;
  onApply: (voucher: Voucher) => void;
}

/** The development-mode voucher list in a right drawer (size 400). */
export function VoucherDrawer({ appId, opened, currency, onClose, onApply }: VoucherDrawerProps) {
  const vouchers = useVouchers(appId, { enabled: opened });

  useFocusReturn(opened);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={400} title="Vouchers">
      {vouchers.isPending ? (
        <Loader role="status" aria-label="Loading vouchers" />
      ) : vouchers.data === undefined ? (
        <ErrorPanel error={vouchers.error} />
      ) : vouchers.data.vouchers.length === 0 ? (
        <Text>No vouchers available.</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {vouchers.data.vouchers.map((voucher) => (
            <Paper key={voucher.id} component="li" withBorder p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text fw={600}>{voucher.code}</Text>
                  <Text size="sm">{voucher.description}</Text>
                  <Text size="sm" c="dimmed">
                    {formatPrice({ amount: voucher.fixed_amount, currency })} off
                    {voucher.payment_method_type === null
                      ? ' with any channel'
                      : ` ${voucherCondition(voucher) ?? ''}`}
                  </Text>
                </div>
                <Button
                  size="xs"
                  aria-label={`Apply ${voucher.code}`}
                  onClick={() => onApply(voucher)}
                >
                  Apply
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
