import { Badge, type BadgeProps } from '@mantine/core';

/**
 * Colours by what a status means, not by its kind: settled well, settled badly, still awaiting,
 * refunds, and over. Each is dark enough for white text to keep a contrast of at least 6:1 (WCAG
 * AA asks 4.5:1; Mantine's green.9 gives only 4.4:1).
 */
const meaning = {
  well: '#166534',
  badly: '#991b1b',
  awaiting: '#1e40af',
  refunds: '#5b21b6',
  over: '#374151',
};

const colourOf: Record<string, string> = {
  SUCCEEDED: meaning.well,
  PAID: meaning.well,
  ACTIVE: meaning.well,
  FAILED: meaning.badly,
  REFUND_FAILED: meaning.badly,
  REQUIRES_ACTION: meaning.awaiting,
  PENDING: meaning.awaiting,
  SCHEDULED: meaning.awaiting,
  RETRYING: meaning.badly,
  REFUND_PENDING: meaning.refunds,
  REFUND_SUCCEEDED: meaning.refunds,
  CANCELLED: meaning.over,
  CANCELED: meaning.over,
  EXPIRED: meaning.over,
  INACTIVE: meaning.over,
};

/**
 * Payments say CANCELLED and payment methods CANCELED; the specification fixes only the latter as
 * a label customers see (the disabled CANCELED button), so every badge spells it that way.
 */
export function statusLabel(status: string): string {
  return status === 'CANCELLED' ? 'CANCELED' : status;
}

/** A status's badge; `label` words it where the status alone would mislead (a partial refund). */
export function StatusBadge({
  status,
  size,
  label,
}: {
  status: string;
  size?: BadgeProps['size'];
  label?: string;
}) {
  return (
    <Badge
      variant="filled"
      color={colourOf[status] ?? meaning.over}
      size={size}
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {label ?? statusLabel(status)}
    </Badge>
  );
}
