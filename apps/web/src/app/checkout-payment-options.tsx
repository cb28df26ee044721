import { lazy, Suspense, useDeferredValue, useRef, useState } from 'react';
import { Box, Button, Checkbox, Loader, Stack, Text, Title } from '@mantine/core';
import { channelTakes, totalFor } from '@store/contract/client';
import { ErrorPanel } from '@/components/error-panel';
import { useChannels } from '@/features/channels/api/get-channels';
import { ChannelList } from '@/features/channels/components/channel-list';
import { checkoutTransactionTypes } from '@/features/channels/utils/channel-filter';
import { PaymentFailureDialog } from '@/features/checkout/components/payment-failure-dialog';
import { SavedMethodList } from '@/features/checkout/components/saved-method-list';
import { useCheckoutPayment } from '@/features/checkout/hooks/use-checkout-payment';
import {
  cardPaymentRequestOf,
  checkoutSessionRequestOf,
  paymentRequestOf,
  type CheckoutOrder,
} from '@/features/checkout/utils/payment-request';
import { useActivePaymentMethods } from '@/features/payment-methods/api/get-payment-methods';
import { cancelPayment } from '@/features/payments/api/payment-mutations';

// The card form (8 KB of JavaScript, gzip) loads when the card channel is opened: most checkouts
// never show it, and /checkout stays under its budget.
const CardPayment = lazy(async () => ({
  default: (await import('@/features/cards/components/card-payment')).CardPayment,
}));

/**
 * The checkout's ways to pay for the order: the customer's saved methods, Save Payment Method?,
 * and the channels (the card channel with its card form). Choosing one pays.
 */
export function CheckoutPaymentOptions({
  order,
  onSaveChange,
  onPaid,
}: {
  order: CheckoutOrder;
  onSaveChange: (save: boolean) => void;
  onPaid: () => void;
}) {
  const channels = useChannels();
  const savedMethods = useActivePaymentMethods();
  // The lists are the screen's biggest render: deferred, React renders them in slices between
  // which the page stays responsive.
  const shownChannels = useDeferredValue(channels.data);
  const shownSaved = useDeferredValue(savedMethods.data);
  const checkout = useCheckoutPayment({
    onPaid,
    // Best effort: one paid meanwhile cannot be cancelled, and Payments shows both.
    onLeftReplaced: (left) => cancelPayment(left).catch(() => undefined),
  });
  const { createPayment, createOnCheckout } = checkout;
  // Every way to pay is disabled while a payment is created, which drops the keyboard on the
  // page's body: the button pressed is kept, and closing Payment failed gives the keyboard back to
  // it, where the customer tries again or moves on to another channel.
  const pressed = useRef<HTMLElement | null>(null);
  function rememberPressed() {
    pressed.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  const pay: typeof checkout.pay = (body) => {
    rememberPressed();
    checkout.pay(body);
  };
  const payOnCheckout: typeof checkout.payOnCheckout = (body) => {
    rememberPressed();
    checkout.payOnCheckout(body);
  };
  function closeFailure(reset: () => void) {
    reset();
    pressed.current?.focus();
  }
  // The store's market, as its channels name it.
  const country = shownChannels?.channels[0]?.country;
  // A card's payment completing counts too: its answer can take seconds, and a channel chosen
  // meanwhile made a second payment for the same order.
  const [cardCompleting, setCardCompleting] = useState(false);
  const creating = createPayment.isPending || createOnCheckout.isPending || cardCompleting;

  // A channel that cannot take this order's amount (a bank transfer's floor, a wallet's cap) is
  // not offered, nor a saved method of it: chosen, it could only be refused AMOUNT_OUT_OF_RANGE.
  const takes = (channelCode: string) => {
    const channel = shownChannels?.channels.find((candidate) => candidate.code === channelCode);
    return !channel || channelTakes(channel, totalFor(order.orders, order.voucher, channelCode));
  };
  const saved = (shownSaved ?? []).filter((method) => takes(method.channel));
  const offered = (shownChannels?.channels ?? []).filter((channel) => takes(channel.code));
  // The saved methods and the channels appear together, so the page moves once, not twice.
  const listsPending =
    channels.isPending ||
    savedMethods.isPending ||
    (channels.data !== undefined && shownChannels === undefined) ||
    (savedMethods.data !== undefined && shownSaved === undefined);

  return (
    <Stack gap="sm">
      {!listsPending && saved.length > 0 && (
        <>
          <Title order={3}>Select your payment method</Title>
          <SavedMethodList
            methods={saved}
            disabled={creating}
            onChoose={(method) =>
              pay(
                paymentRequestOf(order, {
                  channel: method.channel,
                  country: method.country,
                  paymentMethodId: method.id,
                }),
              )
            }
          />
        </>
      )}
      <Title order={3}>{saved.length > 0 ? 'More Payment Options' : 'Payment Options'}</Title>
      <Checkbox
        label="Save Payment Method?"
        checked={order.save}
        onChange={(event) => onSaveChange(event.currentTarget.checked)}
        disabled={creating}
      />
      {listsPending ? (
        // On narrow screens the order summary sits under the lists: the room kept for them
        // keeps it from jumping when they arrive.
        <Box mih="70vh">
          <Loader role="status" aria-label="Loading payment channels" />
        </Box>
      ) : channels.data === undefined ? (
        <ErrorPanel error={channels.error} />
      ) : (
        <>
          {country && (
            <Stack gap={4}>
              <Button
                variant="light"
                disabled={creating}
                onClick={() => payOnCheckout(checkoutSessionRequestOf(order, country))}
              >
                Pay on Xendit Checkout
              </Button>
              <Text size="sm" c="dimmed">
                Choose how to pay on Xendit&apos;s own page
                {order.save ? '; the method you pay with is saved' : ''}.
              </Text>
            </Stack>
          )}
          <ChannelList
            channels={offered}
            filter={order.save ? 'saveable' : 'all'}
            transactionTypes={checkoutTransactionTypes(order.save)}
            disabled={creating}
            onChoose={(channel, values) =>
              pay(
                paymentRequestOf(order, {
                  channel: channel.code,
                  country: channel.country,
                  channelProperties: values,
                }),
              )
            }
            renderCardForm={(channel) => (
              <Suspense fallback={<Loader role="status" aria-label="Loading card form" />}>
                <CardPayment
                  request={cardPaymentRequestOf(order, channel)}
                  onPaid={checkout.paidByCard}
                  onCompletingChange={setCardCompleting}
                />
              </Suspense>
            )}
          />
        </>
      )}
      {creating && (
        <Text size="sm" c="dimmed">
          Creating your payment...
        </Text>
      )}
      <PaymentFailureDialog
        opened={createPayment.isError}
        error={createPayment.error}
        onClose={() => closeFailure(createPayment.reset)}
      />
      <PaymentFailureDialog
        opened={createOnCheckout.isError}
        error={createOnCheckout.error}
        onClose={() => closeFailure(createOnCheckout.reset)}
      />
    </Stack>
  );
}
