import { Code, Modal, Stack, Text, Title } from '@mantine/core';
import type { ProviderExchange } from '@store/contract/client';

function pretty(value: unknown): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

function ExchangeViewer({ exchange }: { exchange: ProviderExchange }) {
  return (
    <Stack gap="sm">
      <Title order={4}>Request</Title>
      <Text ff="monospace" fw={600}>
        {exchange.request.method} {exchange.request.url}
      </Text>
      <Text fw={500}>Headers</Text>
      <Code block>{pretty(exchange.request.headers)}</Code>
      <Text fw={500}>Body</Text>
      <Code block>{pretty(exchange.request.data)}</Code>
      <Title order={4}>Response</Title>
      {exchange.response ? (
        <>
          <Text>Status {exchange.response.status}</Text>
          <Text fw={500}>Headers</Text>
          <Code block>{pretty(exchange.response.headers)}</Code>
          <Text fw={500}>Body</Text>
          <Code block>{pretty(exchange.response.data)}</Code>
        </>
      ) : (
        <Text>No response was received.</Text>
      )}
    </Stack>
  );
}

/** The provider's request and response behind an error, in a dialog. */
export function ExchangeViewerModal({
  exchange,
  opened,
  onClose,
}: {
  exchange: ProviderExchange;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Xendit Request and Response" size="xl">
      <ExchangeViewer exchange={exchange} />
    </Modal>
  );
}
