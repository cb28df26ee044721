import { Alert, Button, Code, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ProviderExchange } from '@store/contract';
import { isApiError } from '@/lib/api-client';

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

export interface ErrorPanelProps {
  error: unknown;
  onClose?: () => void;
}

/**
 * The one way the storefront shows a failed call: the error code and message, and the provider's
 * request and response when the server attached them.
 */
export function ErrorPanel({ error, onClose }: ErrorPanelProps) {
  const [viewerOpen, viewer] = useDisclosure(false);
  const code = isApiError(error) ? error.error_code : 'ERROR';
  const message = isApiError(error)
    ? error.error_message
    : error instanceof Error
      ? error.message
      : String(error);
  const exchange = isApiError(error) ? error.response : undefined;

  return (
    <Alert
      color="red"
      title={code}
      withCloseButton={onClose !== undefined}
      onClose={onClose}
      closeButtonLabel="Close error"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {exchange && (
          <>
            <Button size="xs" variant="light" color="red" onClick={viewer.open}>
              View Xendit Request and Response
            </Button>
            <Modal
              opened={viewerOpen}
              onClose={viewer.close}
              title="Xendit Request and Response"
              size="xl"
            >
              <ExchangeViewer exchange={exchange} />
            </Modal>
          </>
        )}
      </Stack>
    </Alert>
  );
}
