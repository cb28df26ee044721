import { Button, Stack } from '@mantine/core';
import type { PaymentMethod } from '@store/contract/client';
import { wrappingLabel } from '@/components/wrapping-label';
import { savedMethodDetail } from '@/utils/format';

/** Full-width buttons, one per saved ACTIVE method; a click pays with it at once. */
export function SavedMethodList({
  methods,
  disabled,
  onChoose,
}: {
  methods: readonly PaymentMethod[];
  disabled: boolean;
  onChoose: (method: PaymentMethod) => void;
}) {
  return (
    <Stack gap="xs">
      {methods.map((method) => (
        <Button
          key={method.id}
          fullWidth
          {...wrappingLabel}
          variant="default"
          disabled={disabled}
          onClick={() => onChoose(method)}
        >
          {[method.channel_name, method.country, savedMethodDetail(method.details)]
            .filter(Boolean)
            .join(' ')}
        </Button>
      ))}
    </Stack>
  );
}
