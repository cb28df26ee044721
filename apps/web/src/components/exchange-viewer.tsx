import { Code, Modal, Stack, Text, Title } from '@mantine/core';
import type { ProviderExchange } from '@store/contract/client';
import { useFocusReturn } from './focus-return';
import { useInnerModal } from './modal-layers';

function pretty(value: unknown): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/**
 * A block of headers or JSON: long lines wrap on a phone instead of running out of the dialog, and
 * what still scrolls can be reached and scrolled from the keyboard, under a name a screen reader
 * announces.
 */
function Block({ label, value }: { label: string; value: unknown }) {
  return (
    <Code
      block
      tabIndex={0}
      role="region"
      aria-label={label}
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: '100%' }}
    >
      {pretty(value)}
    </Code>
  );
}

function ExchangeViewer({ exchange }: { exchange: ProviderExchange }) {
  return (
    <Stack gap="sm">
      <Title order={4}>Request</Title>
      <Text ff="monospace" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {exchange.request.method} {exchange.request.url}
      </Text>
      <Text fw={500}>Headers</Text>
      <Block label="Request headers" value={exchange.request.headers} />
      <Text fw={500}>Body</Text>
      <Block label="Request body" value={exchange.request.data} />
      <Title order={4}>Response</Title>
      {exchange.response ? (
        <>
          <Text>Status {exchange.response.status}</Text>
          <Text fw={500}>Headers</Text>
          <Block label="Response headers" value={exchange.response.headers} />
          <Text fw={500}>Body</Text>
          <Block label="Response body" value={exchange.response.data} />
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
  useFocusReturn(opened);
  useInnerModal(opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Xendit Request and Response" size="xl">
      <ExchangeViewer exchange={exchange} />
    </Modal>
  );
}
