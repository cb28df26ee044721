import { useState } from 'react';
import { Anchor, Card, Checkbox, Grid, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { CreatePaymentRequest, PaymentMethod, Voucher } from '@store/contract';
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
import { useSavedPaymentMethods } from '@/features/checkout/api/get-saved-payment-methods';
import { OrderSummary } from '@/features/checkout/components/order-summary';
import { SavedMethodList } from '@/features/checkout/components/saved-method-list';
import { useIdempotencyKey } from '@/features/checkout/hooks/use-idempotency-key';
import { orderTotal } from '@/features/checkout/utils/order-total';
import { paymentResultDestination } from '@/features/checkout/utils/payment-result';
import { VoucherDrawer } from '@/features/vouchers/components/voucher-drawer';
import { useSession } from '@/lib/session';
import { CheckoutCardPayment } from '../checkout-card-payment';

/** The specification's fixed placeholder reference of every storefront payment. */
const paymentReferenceId = 'demo-store-order';

/** /checkout: pick a channel (left), see the order and its total (right). */
export function CheckoutRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const cart = useCart();
  const channels = useChannels();
  const savedMethods = useSavedPaymentMethods();
  const createPayment = useCreatePayment();
  const idempotencyKey = useIdempotencyKey();
  const [save, setSave] = useState(false);
  const [voucher, setVoucher] = useState<Voucher | null>(null);
  const [vouchersOpen, vouchers] = useDisclosure(false);

  const currency = cart.total.currency;
  if (cart.lines.length === 0 || currency === null) {
    return (
      <Stack align="flex-start">
        <Title order={2}>Checkout</Title>
        <Text>Your cart is empty.</Text>
        <Anchor component={Link} to="/">
          Back to Home
        </Anchor>
      </Stack>
    );
  }

  const development = session?.claims.mode === 'development';
  const transactionTypes = checkoutTransactionTypes(save);
  const total = orderTotal(cart.lines, voucher);
  const offered = channels.data?.channels ?? [];

  const saved = savedMethods.data ?? [];

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
      orders: cart.lines.map((line) => ({
        product_id: line.product_id,
        quantity: line.quantity,
        price: line.price,
        currency: line.currency,
      })),
      ...(voucher ? { voucher_id: voucher.id } : {}),
      ...(Object.keys(values).length > 0 ? { channel_properties: values } : {}),
    };
    createPayment.mutate(
      { body, idempotencyKey: idempotencyKey.keyFor(body) },
      {
        onSuccess: (payment) => {
          idempotencyKey.reset();
          cart.clear();
          const destination = paymentResultDestination(payment);
          if (destination.kind === 'external') window.location.assign(destination.url);
          else navigate(destination.path);
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
              {saved.length > 0 && (
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
              {channels.isPending ? (
                <Loader aria-label="Loading payment channels" />
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
                  <Anchor component="button" type="button" onClick={vouchers.open}>
                    Enter voucher code
                  </Anchor>
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
                </>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      <Modal opened={createPayment.isError} onClose={createPayment.reset} title="Payment failed">
        <ErrorPanel error={createPayment.error} onClose={createPayment.reset} />
      </Modal>
    </Stack>
  );
}
