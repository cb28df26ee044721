import { Text, type TextProps } from '@mantine/core';
import type { Money } from '@store/contract/client';
import { formatPrice } from '@/utils/format';

/**
 * A price ("IDR 125.000") kept on one line: on a phone a narrow column would otherwise put the
 * currency on one line and the amount on the next.
 */
export function Price({ money, ...props }: TextProps & { money: Money }) {
  return (
    <Text span {...props} style={{ whiteSpace: 'nowrap' }}>
      {formatPrice(money)}
    </Text>
  );
}
