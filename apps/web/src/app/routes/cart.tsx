import { Card, Stack, Title } from '@mantine/core';
import { CartSummary } from '@/features/cart/components/cart-summary';

export function CartRoute() {
  return (
    <Stack maw={640}>
      <Title order={2}>Cart</Title>
      <Card withBorder>
        <CartSummary />
      </Card>
    </Stack>
  );
}
