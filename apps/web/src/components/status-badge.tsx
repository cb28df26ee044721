import { Badge, type BadgeProps } from '@mantine/core';

/**
 * Colours by what a status means, not by its kind: settled well, settled badly, still awaiting,
 * refunds, and over. Filled with the palette's darkest shades, so the white text keeps a contrast
 * of at least 4.5:1 (WCAG AA).
 */
const colourOf: Record<string, string> = {
  SUCCEEDED: 'green.9',
  PAID: 'green.9',
  ACTIVE: 'green.9',
  FAILED: 'red.9',
  REFUND_FAILED: 'red.9',
  REQUIRES_ACTION: 'blue.9',
  PENDING: 'blue.9',
  REFUND_PENDING: 'violet.9',
  REFUND_SUCCEEDED: 'violet.9',
  CANCELLED: 'gray.8',
  CANCELED: 'gray.8',
  EXPIRED: 'gray.8',
};

export function StatusBadge({ status, size }: { status: string; size?: BadgeProps['size'] }) {
  return (
    <Badge variant="filled" color={colourOf[status] ?? 'gray.8'} size={size}>
      {status}
    </Badge>
  );
}
