import { useRef, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Anchor, Card, Grid, Stack, Text, Title } from '@mantine/core';
import {
  screenPaths,
  totalFor,
  voucherAppliesTo,
  type Channel,
  type Voucher,
} from '@store/contract/client';
import { Link } from 'react-router';
import { useCart, type CartLine } from '@/features/cart/stores/cart-store';
import { orderLinesOf } from '@/features/cart/utils/order-lines';
import { useChannels } from '@/features/channels/api/get-channels';
import { HostedPaymentLeft } from '@/features/checkout/components/hosted-payment-left';
import { OrderSummary } from '@/features/checkout/components/order-summary';
import { forgetHostedPayment } from '@/features/checkout/utils/hosted-checkout-cart';
import type { CheckoutOrder } from '@/features/checkout/utils/payment-request';
import {
  forgetSaveChoice,
  rememberSaveChoice,
  savePaymentMethodChosen,
} from '@/features/checkout/utils/save-choice';
import { useVouchers } from '@/features/vouchers/api/get-vouchers';
import { VoucherPicker } from '@/features/vouchers/components/voucher-picker';
import {
  chosenVoucherId,
  forgetVoucher,
  rememberVoucher,
} from '@/features/vouchers/stores/chosen-voucher';
import { useSession } from '@/lib/session';
import { formatPrice } from '@/utils/format';
import { CheckoutPaymentOptions } from '../checkout-payment-options';

/** Where the grid's columns stack: below Mantine's md breakpoint (62em). */
const stackedQuery = '(max-width: 61.99em)';

/**
 * Whether a voucher chosen earlier can still be used on this cart: it must leave something to pay
 * (the store refuses a voucher worth the whole order) and, when limited to one channel, that
 * channel must still be offered. The store prices the payment itself whatever is shown here.
 */
function stillApplies(
  voucher: Voucher,
  lines: readonly CartLine[],
  channels: readonly Channel[],
): boolean {
  const subtotal = totalFor(lines, null, null);
  return (
    subtotal - voucher.fixed_amount > 0 &&
    (voucher.payment_method_type === null ||
      channels.some((channel) => voucherAppliesTo(voucher, channel.code)))
  );
}

/**
 * The voucher chosen in this tab before a reload or a trip to the hosted checkout: restored only
 * while the store still lists it and it still applies to the cart and its channels.
 */
function useRestoredVoucher(lines: readonly CartLine[], enabled: boolean): Voucher | null {
  const session = useSession();
  const storedId = enabled && session !== null ? chosenVoucherId() : null;
  const vouchers = useVouchers(session?.claims.app_id ?? '', { enabled: storedId !== null });
  const channels = useChannels();
  if (storedId === null || vouchers.data === undefined || channels.data === undefined) return null;
  const voucher = vouchers.data.vouchers.find((listed) => listed.id === storedId);
  return voucher && stillApplies(voucher, lines, channels.data.channels) ? voucher : null;
}

/** /checkout: pick a channel (left), see the order and its total (right). */
export function CheckoutRoute() {
  const session = useSession();
  const cart = useCart();
  const [save, setSave] = useState(savePaymentMethodChosen);
  const chooseSave = (chosenSave: boolean) => {
    rememberSaveChoice(chosenSave);
    setSave(chosenSave);
  };
  const development = session?.claims.mode === 'development';
  // Undefined until the customer applies or removes one here: until then, the one chosen before.
  const [chosen, setChosen] = useState<Voucher | null | undefined>(undefined);
  const restored = useRestoredVoucher(cart.lines, development && chosen === undefined);
  const voucher = chosen === undefined ? restored : chosen;
  const applyVoucher = (applied: Voucher) => {
    rememberVoucher(applied.id);
    setChosen(applied);
  };
  // The remove control goes with the voucher it removes: the keyboard goes on to Enter voucher
  // code, rather than falling to the page's body.
  const voucherEntry = useRef<HTMLButtonElement>(null);
  const removeVoucher = () => {
    forgetVoucher();
    setChosen(null);
    voucherEntry.current?.focus();
  };
  // A payment made from this order used its voucher and its choice: the next order starts anew.
  const paid = () => {
    forgetVoucher();
    forgetSaveChoice();
    // Paid another way: a payment left open on the hosted checkout is no longer the order's.
    forgetHostedPayment();
    cart.clear();
  };
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
      <HostedPaymentLeft />
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
            <CheckoutPaymentOptions order={order} onSaveChange={chooseSave} onPaid={paid} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder>
            <Stack gap="sm">
              <OrderSummary
                lines={cart.lines}
                currency={currency}
                voucher={voucher}
                onRemoveVoucher={removeVoucher}
              />
              {session !== null && development && (
                <VoucherPicker
                  ref={voucherEntry}
                  appId={session.claims.app_id}
                  currency={currency}
                  onApply={applyVoucher}
                />
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
