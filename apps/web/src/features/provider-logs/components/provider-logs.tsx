import { Accordion, Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { ClientConfig, ProviderOperation } from '@store/contract/client';
import { getClientConfig } from '@/lib/config';
import { formatDateTime } from '@/utils/format';
import { buildTraceLinks } from '../utils/trace-links';

function pretty(value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

function JsonSections({ sections }: { sections: { label: string; value: unknown }[] }) {
  return (
    <Accordion multiple variant="contained" chevronPosition="left">
      {sections.map(({ label, value }) => (
        <Accordion.Item key={label} value={label}>
          <Accordion.Control>{label}</Accordion.Control>
          <Accordion.Panel>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {pretty(value)}
            </Code>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function traceBases(): ClientConfig['trace_links'] | null {
  try {
    return getClientConfig().trace_links;
  } catch {
    return null;
  }
}

function RequestEntry({
  operation,
}: {
  operation: Extract<ProviderOperation, { kind: 'request' }>;
}) {
  const { request, response } = operation.exchange;
  const bases = traceBases();
  const links = response && bases ? buildTraceLinks(response, operation.mode, bases) : null;
  const requestId = response?.headers['request-id'];

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text ff="monospace" fw={600} size="sm" style={{ wordBreak: 'break-all' }}>
          {request.method} {request.url}
        </Text>
        <Badge
          color={response && response.status < 400 ? 'green' : 'red'}
          variant="light"
          style={{ flexShrink: 0 }}
        >
          {response ? response.status : 'No response'}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {formatDateTime(operation.created)}
      </Text>
      {requestId && <Text size="sm">Request ID: {requestId}</Text>}
      {links && (
        <Group gap="xs">
          {[
            ['APM Trace', links.apmTrace],
            ['Log Search', links.logSearch],
            ['Admin Dashboard', links.adminDashboard],
          ].map(([label, href]) => (
            <Button
              key={label}
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              variant="light"
            >
              {label}
            </Button>
          ))}
        </Group>
      )}
      <JsonSections
        sections={[
          { label: 'Request Headers', value: request.headers },
          { label: 'Request Body', value: request.data },
          ...(response
            ? [
                { label: 'Response Headers', value: response.headers },
                { label: 'Response Body', value: response.data },
              ]
            : []),
        ]}
      />
    </Stack>
  );
}

/** The provider requests and webhooks of one payment, oldest first. */
export function ProviderLogs({ operations }: { operations: readonly ProviderOperation[] }) {
  if (operations.length === 0) return <Text>No Xendit operations yet.</Text>;
  return (
    <Stack gap="md">
      {operations.map((operation) => (
        <Paper key={operation.id} withBorder p="sm" aria-label={`Operation ${operation.id}`}>
          {operation.kind === 'request' ? (
            <RequestEntry operation={operation} />
          ) : (
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600} size="sm">
                  Webhook {operation.event}
                </Text>
                <Badge variant="light" color={operation.ignored_reason ? 'gray' : undefined}>
                  {operation.ignored_reason ? 'webhook ignored' : 'webhook'}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {formatDateTime(operation.created)}
              </Text>
              {operation.ignored_reason ? (
                <Text size="sm">Ignored, not applied: {operation.ignored_reason}</Text>
              ) : null}
              <JsonSections sections={[{ label: 'Data', value: operation.data }]} />
            </Stack>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
