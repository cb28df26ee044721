import { useRef, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Anchor, Card, Grid, Stack, Text, Title } from '@mantine/core';
import {
  channelTakes,
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
 * Why a voucher cannot be used on this cart, in words; null when it can. It must leave something
 * to pay (the store refuses a voucher worth the whole order) and, when limited to one channel,
 * that channel must be offered and take what is left: an OVO voucher leaving IDR 0 was shown as
 * "Total with OVO: IDR 0" while OVO, which takes IDR 100 or more, left the channel list. The store
 * prices the payment itself whatever is shown here.
 */
function whyVoucherCannotApply(
  voucher: Voucher,
  lines: readonly CartLine[],
  channels: readonly Channel[],
): string | null {
  const subtotal = totalFor(lines, null, null);
  if (subtotal - voucher.fixed_amount <= 0) {
    return `${voucher.code} is worth the whole order: a voucher must leave something to pay.`;
  }
  if (voucher.payment_method_type === null) return null;
  const usable = channels.filter((channel) => voucherAppliesTo(voucher, channel.code));
  if (usable.length === 0) {
    return `${voucher.code} is for ${voucher.payment_method_type}, which this store does not offer now.`;
  }
  if (!usable.some((channel) => channelTakes(channel, totalFor(lines, voucher, channel.code)))) {
    return `${voucher.code} leaves an amount ${voucher.payment_method_type} does not take for this order.`;
  }
  return null;
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
  return voucher && whyVoucherCannotApply(voucher, lines, channels.data.channels) === null
    ? voucher
    : null;
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
  const channels = useChannels();
  const [voucherRefused, setVoucherRefused] = useState<string | null>(null);
  const applyVoucher = (applied: Voucher) => {
    const why = channels.data
      ? whyVoucherCannotApply(applied, cart.lines, channels.data.channels)
      : null;
    setVoucherRefused(why);
    if (why !== null) return;
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
              {voucherRefused !== null && (
                <Text size="sm" role="alert">
                  {voucherRefused}
                </Text>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
