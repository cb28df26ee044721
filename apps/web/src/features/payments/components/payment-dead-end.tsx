import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { screenPaths } from '@store/contract/client';
import { Link } from 'react-router';

/**
 * A payment screen with nothing left to do there (a cancelled payment, a payment that does not
 * exist): says so, and offers the ways on, the customer's orders or the shop.
 */
export function PaymentDeadEnd({ title, message }: { title: string; message: string }) {
  return (
    <Card withBorder maw={520} padding="lg">
      <Stack gap="sm">
        <Title order={2}>{title}</Title>
        <Text>{message}</Text>
        <PaymentWaysOn />
      </Stack>
    </Card>
  );
}

/** The ways on from a payment screen with nothing to do: the customer's orders, or the shop. */
export function PaymentWaysOn() {
  return (
    <Group gap="sm">
      <Button component={Link} to={screenPaths.orders}>
        View Orders
      </Button>
      <Button component={Link} to={screenPaths.products} variant="default">
        Continue Shopping
      </Button>
    </Group>
  );
}
