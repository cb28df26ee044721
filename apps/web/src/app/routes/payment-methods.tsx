import { useState } from 'react';
import { Button, Card, Group, Loader, Stack, Title } from '@mantine/core';
import { screenPaths, transactionTypesFor } from '@store/contract/client';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorPanel } from '@/components/error-panel';
import { follow, nextStepAfterLinking } from '@/lib/next-step';
import { useChannels } from '@/features/channels/api/get-channels';
import { ChannelList } from '@/features/channels/components/channel-list';
import { useCreatePaymentMethod } from '@/features/payment-methods/api/payment-method-mutations';
import { PaymentMethodOtpScreen } from '@/features/payment-methods/components/payment-method-otp-screen';
import { PaymentMethodsList } from '@/features/payment-methods/components/payment-methods-list';
import { LinkCardForm } from '../link-card-form';
import { PaymentMethodLogsDrawer } from '../logs-drawer';

/** A random short reference for a payment method (specification section 9). */
function randomReference(): string {
  return crypto.randomUUID().replaceAll('-', '').slice(0, 12);
}

/** /payment_methods: the list, and Add Payment Method. */
export function PaymentMethodsRoute() {
  const [logsFor, setLogsFor] = useState<string | null>(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Payment Methods</Title>
        <Button component={Link} to={screenPaths.paymentMethodNew}>
          Add Payment Method
        </Button>
      </Group>
      <PaymentMethodsList onViewLogs={setLogsFor} />
      <PaymentMethodLogsDrawer paymentMethodId={logsFor} onClose={() => setLogsFor(null)} />
    </Stack>
  );
}

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
          <Loader aria-label="Loading payment channels" />
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
              create.mutate(
                {
                  channel: channel.code,
                  country: channel.country,
                  reference_id: randomReference(),
                  ...(Object.keys(values).length > 0 ? { channel_properties: values } : {}),
                },
                { onSuccess: (method) => follow(nextStepAfterLinking(method), navigate) },
              )
            }
            renderCardForm={(channel) => (
              <LinkCardForm
                channel={channel}
                reference={randomReference}
                onLinked={(method) => follow(nextStepAfterLinking(method), navigate)}
              />
            )}
          />
        )}
        {create.isError && <ErrorPanel error={create.error} onClose={create.reset} />}
      </Stack>
    </Card>
  );
}

/** /payment_methods/new/{paymentMethodId}/otp. */
export function PaymentMethodOtpRoute() {
  const { paymentMethodId = '' } = useParams();
  return <PaymentMethodOtpScreen key={paymentMethodId} paymentMethodId={paymentMethodId} />;
}
