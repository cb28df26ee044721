import { Alert, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import {
  subscriptionChannelCodes,
  transactionTypesFor,
  type Channel,
} from '@store/contract/client';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorPanel } from '@/components/error-panel';
import { follow, nextStepAfterLinking } from '@/lib/next-step';
import { useChannels } from '@/features/channels/api/get-channels';
import { ChannelList } from '@/features/channels/components/channel-list';
import {
  useCreateCheckoutSessionPaymentMethod,
  useCreatePaymentMethod,
} from '@/features/payment-methods/api/payment-method-mutations';
import { linkRequestOf, randomReference } from '@/features/payment-methods/utils/link-request';
import {
  forgetSubscribeReturn,
  openedToSubscribe,
  subscribeReturnPath,
} from '@/features/subscriptions/utils/subscribe-return';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { LinkCardForm } from '../link-card-form';

/**
 * On the way to subscribing (from the Subscribe dialog), which of the channels listed can pay a
 * subscription: the list offers every saveable one, and a method of another (GCash, a direct
 * debit) would bring the customer back to a dialog that cannot use it.
 */
function SubscriptionChannelsNote({ channels }: { channels: readonly Channel[] }) {
  const codes = channels
    .filter((channel) => channel.is_saveable && subscriptionChannelCodes.includes(channel.code))
    .map((channel) => channel.code);
  if (codes.length === 0) return null;
  return (
    <Alert color="blue" title="Saving a method for a subscription">
      Only these can pay a subscription: {codes.join(', ')}. Other methods can be saved for checkout
      but not used for a subscription.
    </Alert>
  );
}

/** /payment_methods/new: the Link card listing the channels a method can be saved from. */
export function PaymentMethodNewRoute() {
  const navigate = useNavigate();
  const channels = useChannels();
  const create = useCreatePaymentMethod();
  const saveOnCheckout = useCreateCheckoutSessionPaymentMethod();
  const creating = create.isPending || saveOnCheckout.isPending;
  // Each press is a new method (its own reference and key): a double click would link two.
  const oneAtATime = useOneAtATime();
  const country = channels.data?.channels[0]?.country;
  // On the way to subscribing only when the Subscribe dialog opened this page (a reload keeps its
  // history state); opened any other way, a subscription given up earlier is not waiting here.
  const { state } = useLocation();
  const toSubscribe = openedToSubscribe(state) && subscribeReturnPath() !== null;
  useEffect(() => {
    if (!openedToSubscribe(state)) forgetSubscribeReturn();
  }, [state]);

  return (
    <Card withBorder maw={640}>
      <Stack gap="sm">
        <Title order={2}>Link</Title>
        {channels.isPending ? (
          <Loader role="status" aria-label="Loading payment channels" />
        ) : channels.data === undefined ? (
          <ErrorPanel error={channels.error} />
        ) : (
          <>
            {toSubscribe && <SubscriptionChannelsNote channels={channels.data.channels} />}
            {country && (
              <Stack gap={4}>
                <Button
                  variant="light"
                  disabled={creating}
                  onClick={() =>
                    oneAtATime((done) =>
                      saveOnCheckout.mutate(
                        { country, reference_id: randomReference() },
                        {
                          onSuccess: (method) => follow(nextStepAfterLinking(method), navigate),
                          onSettled: done,
                        },
                      ),
                    )
                  }
                >
                  Save on Xendit Checkout
                </Button>
                <Text size="sm" c="dimmed">
                  Choose the method to save on Xendit&apos;s own page.
                </Text>
              </Stack>
            )}
            <ChannelList
              channels={channels.data.channels}
              filter="saveable"
              transactionTypes={transactionTypesFor('LINK')}
              submitLabel="Link"
              disabled={creating}
              onChoose={(channel, values) =>
                oneAtATime((done) =>
                  create.mutate(linkRequestOf(channel, values), {
                    onSuccess: (method) => follow(nextStepAfterLinking(method), navigate),
                    onSettled: done,
                  }),
                )
              }
              renderCardForm={(channel) => <LinkCardForm channel={channel} />}
            />
          </>
        )}
        {create.isError && <ErrorPanel error={create.error} onClose={create.reset} />}
        {saveOnCheckout.isError && (
          <ErrorPanel error={saveOnCheckout.error} onClose={saveOnCheckout.reset} />
        )}
      </Stack>
    </Card>
  );
}
