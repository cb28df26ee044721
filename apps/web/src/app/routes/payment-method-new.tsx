import { Card, Loader, Stack, Title } from '@mantine/core';
import { transactionTypesFor } from '@store/contract/client';
import { useNavigate } from 'react-router';
import { ErrorPanel } from '@/components/error-panel';
import { follow, nextStepAfterLinking } from '@/lib/next-step';
import { useChannels } from '@/features/channels/api/get-channels';
import { ChannelList } from '@/features/channels/components/channel-list';
import { useCreatePaymentMethod } from '@/features/payment-methods/api/payment-method-mutations';
import { linkRequestOf } from '@/features/payment-methods/utils/link-request';
import { LinkCardForm } from '../link-card-form';

/** /payment_methods/new: the Link card listing the channels a method can be saved from. */
export function PaymentMethodNewRoute() {
  const navigate = useNavigate();
  const channels = useChannels();
  const create = useCreatePaymentMethod();

  return (
    <Card withBorder maw={640}>
      <Stack gap="sm">
        <Title order={2}>Link</Title>
        {channels.isPending ? (
          <Loader role="status" aria-label="Loading payment channels" />
        ) : channels.data === undefined ? (
          <ErrorPanel error={channels.error} />
        ) : (
          <ChannelList
            channels={channels.data.channels}
            filter="saveable"
            transactionTypes={transactionTypesFor('LINK')}
            submitLabel="Link"
            disabled={create.isPending}
            onChoose={(channel, values) =>
              create.mutate(linkRequestOf(channel, values), {
                onSuccess: (method) => follow(nextStepAfterLinking(method), navigate),
              })
            }
            renderCardForm={(channel) => <LinkCardForm channel={channel} />}
          />
        )}
        {create.isError && <ErrorPanel error={create.error} onClose={create.reset} />}
      </Stack>
    </Card>
  );
}
