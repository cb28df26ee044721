import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Anchor, Box, Card, Checkbox, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  screenPaths,
  type CreatePaymentRequest,
  type PaymentMethod,
  type Voucher,
} from '@store/contract/client';
import { Link, useNavigate } from 'react-router';
import { ErrorPanel } from '@/components/error-panel';
import { useCart } from '@/features/cart/stores/cart-store';
import { useChannels } from '@/features/channels/api/get-channels';
import {
  ChannelList,
  type ChannelPropertyValues,
} from '@/features/channels/components/channel-list';
import { checkoutTransactionTypes } from '@/features/channels/utils/channel-filter';
import { useCreatePayment } from '@/features/checkout/api/create-payment';
import { orderLinesOf } from '@/features/cart/utils/order-lines';
import { useActivePaymentMethods } from '@/features/payment-methods/api/get-payment-methods';
import { OrderSummary } from '@/features/checkout/components/order-summary';
import { SavedMethodList } from '@/features/checkout/components/saved-method-list';
import { useIdempotencyKey } from '@/features/checkout/hooks/use-idempotency-key';
import { orderTotal } from '@/features/checkout/utils/order-total';
import { follow, nextStepAfterPayment } from '@/lib/next-step';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { CheckoutCardPayment } from '../checkout-card-payment';

// The drawer and the dialog (with the modal code) are chunks of their own, fetched when first shown.
const VoucherDrawer = lazy(async () => ({
  default: (await import('@/features/vouchers/components/voucher-drawer')).VoucherDrawer,
}));
const PaymentFailedModal = lazy(async () => ({
  default: (await import('@/features/checkout/components/payment-failed-modal')).PaymentFailedModal,
}));

/** The specification's fixed placeholder reference of every storefront payment. */
const paymentReferenceId = 'demo-store-order';

/** /checkout: pick a channel (left), see the order and its total (right). */
export function CheckoutRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const cart = useCart();
  const channels = useChannels();
  const savedMethods = useActivePaymentMethods();
  // The lists are the screen's biggest render: deferred, React renders them in slices between
  // which the page stays responsive.
  const shownChannels = useDeferredValue(channels.data);
  const shownSaved = useDeferredValue(savedMethods.data);
  const createPayment = useCreatePayment();
  const idempotencyKey = useIdempotencyKey();
  const [save, setSave] = useState(false);
  const [voucher, setVoucher] = useState<Voucher | null>(null);
  const [vouchersOpen, vouchers] = useDisclosure(false);
  const [vouchersWanted, setVouchersWanted] = useState(false);
  // Once shown, the failure dialog stays mounted, so that it closes with its transition.
  const [failureShown, setFailureShown] = useState(false);
  if (createPayment.isError && !failureShown) setFailureShown(true);

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

  const development = session?.claims.mode === 'development';
  const transactionTypes = checkoutTransactionTypes(save);
  const total = orderTotal(cart.lines, voucher);
  const offered = shownChannels?.channels ?? [];

  const saved = shownSaved ?? [];
  // The saved methods and the channels appear together, so the page moves once, not twice.
  const listsPending =
    channels.isPending ||
    savedMethods.isPending ||
    (channels.data !== undefined && shownChannels === undefined) ||
    (savedMethods.data !== undefined && shownSaved === undefined);

  /** Pays with a channel (and its inputs) or with a saved method's token. */
  function pay(
    choice: { channel: string; country: string; paymentTokenId?: string },
    values: ChannelPropertyValues,
  ) {
    if (currency === null || createPayment.isPending) return;
    const body: CreatePaymentRequest = {
      amount: total,
      currency,
      country: choice.country,
      channel: choice.channel,
      reference_id: paymentReferenceId,
      type: save && choice.paymentTokenId === undefined ? 'PAY_AND_SAVE' : 'PAY',
      ...(choice.paymentTokenId === undefined ? {} : { payment_token_id: choice.paymentTokenId }),
      orders: orderLinesOf(cart.lines),
      ...(voucher ? { voucher_id: voucher.id } : {}),
      ...(Object.keys(values).length > 0 ? { channel_properties: values } : {}),
    };
    createPayment.mutate(
      { body, idempotencyKey: idempotencyKey.keyFor(body) },
      {
        onSuccess: (payment) => {
          idempotencyKey.reset();
          cart.clear();
          follow(nextStepAfterPayment(payment), navigate);
        },
        // The store answered with a refusal: nothing was created, the cart stays, and trying
        // again is a new attempt. Without an answer (status 0) the same key is sent again.
        onError: (error) => {
          if (error instanceof ApiError && error.status > 0) idempotencyKey.reset();
        },
      },
    );
  }

  return (
    <Stack>
      <Title order={2}>Checkout</Title>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder>
            <Stack gap="sm">
              {!listsPending && saved.length > 0 && (
                <>
                  <Title order={3}>Select your payment method</Title>
                  <SavedMethodList
                    methods={saved}
                    disabled={createPayment.isPending}
                    onChoose={(method: PaymentMethod) =>
                      pay(
                        {
                          channel: method.channel,
                          country: method.country,
                          paymentTokenId: method.id,
                        },
                        {},
                      )
                    }
                  />
                </>
              )}
              <Title order={3}>
                {saved.length > 0 ? 'More Payment Options' : 'Payment Options'}
              </Title>
              <Checkbox
                label="Save Payment Method?"
                checked={save}
                onChange={(event) => setSave(event.currentTarget.checked)}
                disabled={createPayment.isPending}
              />
              {listsPending ? (
                // On narrow screens the order summary sits under the lists: the room kept for them
                // keeps it from jumping when they arrive.
                <Box mih="70vh">
                  <Loader aria-label="Loading payment channels" />
                </Box>
              ) : channels.data === undefined ? (
                <ErrorPanel error={channels.error} />
              ) : (
                <ChannelList
                  channels={offered}
                  filter={save ? 'saveable' : 'all'}
                  transactionTypes={transactionTypes}
                  disabled={createPayment.isPending}
                  onChoose={(channel, values) =>
                    pay({ channel: channel.code, country: channel.country }, values)
                  }
                  renderCardForm={(channel) => (
                    <CheckoutCardPayment
                      key={`${save}-${total}-${voucher?.id ?? ''}`}
                      channel={channel}
                      lines={cart.lines}
                      currency={currency}
                      voucher={voucher}
                      total={total}
                      save={save}
                      onPaid={() => cart.clear()}
                    />
                  )}
                />
              )}
              {createPayment.isPending && (
                <Text size="sm" c="dimmed">
                  Creating your payment...
                </Text>
              )}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder>
            <Stack gap="sm">
              <OrderSummary
                lines={cart.lines}
                currency={currency}
                voucher={voucher}
                total={total}
                onRemoveVoucher={() => setVoucher(null)}
              />
              {development && session && (
                <>
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => {
                      setVouchersWanted(true);
                      vouchers.open();
                    }}
                  >
                    Enter voucher code
                  </Anchor>
                  {vouchersWanted && (
                    <Suspense fallback={null}>
                      <VoucherDrawer
                        appId={session.claims.app_id}
                        opened={vouchersOpen}
                        currency={currency}
                        onClose={vouchers.close}
                        onApply={(chosen) => {
                          setVoucher(chosen);
                          vouchers.close();
                        }}
                      />
                    </Suspense>
                  )}
                </>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      {failureShown && (
        <Suspense fallback={null}>
          <PaymentFailedModal
            opened={createPayment.isError}
            error={createPayment.error}
            onClose={createPayment.reset}
          />
        </Suspense>
      )}
    </Stack>
  );
}
