import { useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Anchor, Card, Grid, Stack, Text, Title } from '@mantine/core';
import { screenPaths, totalFor, type Voucher } from '@store/contract/client';
import { Link } from 'react-router';
import { useCart } from '@/features/cart/stores/cart-store';
import { orderLinesOf } from '@/features/cart/utils/order-lines';
import { OrderSummary } from '@/features/checkout/components/order-summary';
import type { CheckoutOrder } from '@/features/checkout/utils/payment-request';
import { VoucherPicker } from '@/features/vouchers/components/voucher-picker';
import { useSession } from '@/lib/session';
import { formatPrice } from '@/utils/format';
import { CheckoutPaymentOptions } from '../checkout-payment-options';

/** Where the grid's columns stack: below Mantine's md breakpoint (62em). */
const stackedQuery = '(max-width: 61.99em)';

/** /checkout: pick a channel (left), see the order and its total (right). */
export function CheckoutRoute() {
  const session = useSession();
  const cart = useCart();
  const [save, setSave] = useState(false);
  const [voucher, setVoucher] = useState<Voucher | null>(null);
  // Below md the summary stacks under a dozen channel buttons, so the amount also goes first.
  const stacked = useMediaQuery(stackedQuery, false, { getInitialValueInEffect: false });

  const currency = cart.total.currency;
  if (cart.lines.length === 0 || currency === null) {
    return (
      <Stack align="flex-start">
        <Title order={2}>Checkout</Title>
        <Text>Your cart is empty.</Text>
        <Anchor component={Link} to={screenPaths.home}>
          Back to Home
        </Anchor>
      </Stack>
    );
  }

  const order: CheckoutOrder = { orders: orderLinesOf(cart.lines), currency, voucher, save };
  // A voucher limited to one channel leaves the others' total whole: both amounts are shown.
  const total = totalFor(cart.lines, voucher, null);
  const voucherChannel = voucher?.payment_method_type ?? null;
  return (
    <Stack>
      <Title order={2}>Checkout</Title>
      {stacked && (
        <Text fw={700} data-testid="amount-to-pay">
          Amount to pay: {formatPrice({ amount: total, currency })}
          {voucherChannel &&
            `, ${formatPrice({ amount: totalFor(cart.lines, voucher, voucherChannel), currency })} with ${voucherChannel}`}
        </Text>
      )}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder>
            <CheckoutPaymentOptions order={order} onSaveChange={setSave} onPaid={cart.clear} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder>
            <Stack gap="sm">
              <OrderSummary
                lines={cart.lines}
                currency={currency}
                voucher={voucher}
                onRemoveVoucher={() => setVoucher(null)}
              />
              {session?.claims.mode === 'development' && (
                <VoucherPicker
                  appId={session.claims.app_id}
                  currency={currency}
                  onApply={setVoucher}
                />
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
