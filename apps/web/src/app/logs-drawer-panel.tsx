import { Drawer, Loader } from '@mantine/core';
import type { ProviderOperation } from '@store/contract/client';
import { ErrorPanel } from '@/components/error-panel';
import { ProviderLogs } from '@/features/provider-logs/components/provider-logs';
import { useFocusReturn } from '@/components/focus-return';
import { useCloseOnEscape } from '@/components/modal-layers';

export interface LogsQuery {
  isPending: boolean;
  error: unknown;
  data: { xendit_operations?: ProviderOperation[] | undefined } | undefined;
}

/**
 * View Xendit Logs: one payment's, payment method's or subscription's provider exchanges and
 * webhooks, right drawer (800).
 */
export function LogsDrawer({
  id,
  query,
  onClose,
}: {
  id: string | null;
  query: LogsQuery;
  onClose: () => void;
}) {
  useFocusReturn(id !== null);
  const closeOnEscape = useCloseOnEscape();
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      closeOnEscape={closeOnEscape}
      position="right"
      size={800}
      title={id ? `Xendit Logs ${id}` : 'Xendit Logs'}
    >
      {id === null ? null : query.isPending ? (
        <Loader role="status" aria-label="Loading logs" />
      ) : query.data === undefined ? (
        <ErrorPanel error={query.error} />
      ) : (
        <ProviderLogs operations={query.data.xendit_operations ?? []} />
      )}
    </Drawer>
  );
}
