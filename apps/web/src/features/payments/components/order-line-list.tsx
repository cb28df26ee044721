import { useEffect, useEffectEvent, useState } from 'react';
import { Checkbox, Group, Image, Stack, Text } from '@mantine/core';
import type { OrderLine } from '@store/contract/client';
import { Price } from '@/components/price';
import { StatusBadge } from '@/components/status-badge';

export interface OrderLineListProps {
  lines: readonly OrderLine[];
  /** Each line gets a checkbox; the caller hears the selected line ids. */
  isSelectable?: boolean;
  onSelectedChange?: (selectedIds: string[]) => void;
  /** Which lines may be selected (the others show their status only). */
  canSelect?: (line: OrderLine) => boolean;
  disabled?: boolean;
}

/** A payment's order lines, optionally selectable (the refund screen). */
export function OrderLineList({
  lines,
  isSelectable = false,
  onSelectedChange,
  canSelect = () => true,
  disabled = false,
}: OrderLineListProps) {
  const [selected, setSelected] = useState<string[]>([]);
  if (isSelectable && onSelectedChange === undefined) {
    throw new Error('onSelectedChange is required when isSelectable is true');
  }

  // A selected line that can no longer be selected (refunded meanwhile in another tab, the list
  // read again) leaves the selection, so the amount and the action never count it.
  const kept = selected.filter((id) => lines.some((line) => line.id === id && canSelect(line)));
  if (kept.length !== selected.length) setSelected(kept);
  const report = useEffectEvent((ids: string[]) => onSelectedChange?.(ids));
  useEffect(() => report(selected), [selected]);

  function toggle(id: string, checked: boolean) {
    setSelected(checked ? [...selected, id] : selected.filter((other) => other !== id));
  }

  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {lines.map((line) => (
        // The status and price go under the name when the row cannot hold them all (a phone, a
        // long status such as REFUND_FAILED), rather than past the card's edge.
        <Group key={line.id} component="li" justify="space-between" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 10rem', minWidth: 0 }}>
            {isSelectable && (
              <Checkbox
                aria-label={`Select ${line.product.name}`}
                checked={selected.includes(line.id)}
                disabled={disabled || !canSelect(line)}
                onChange={(event) => toggle(line.id, event.currentTarget.checked)}
              />
            )}
            <Image src={line.product.image_url} alt="" w={40} h={40} radius="sm" />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {line.product.name}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap" ml="auto">
            <StatusBadge status={line.status} size="sm" />
            <Price size="sm" money={{ amount: line.price, currency: line.currency }} />
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
