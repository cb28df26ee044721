import { screenPaths } from '@store/contract/client';
import { ActionIcon, Button, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatPrice } from '@/utils/format';
import { formatCartTotal, useCart } from '../stores/cart-store';

/** The cart's lines, total and actions; shown on /cart and in the product page's drawer. */
export function CartSummary() {
  const { lines, total, remove, clear } = useCart();

  if (lines.length === 0) {
    // The specification's words, and a way on from them: on a phone the navigation is behind
    // the burger, so an empty cart was a page with nothing to press.
    return (
      <Stack gap="sm" align="flex-start">
        <Text>Your cart is empty.</Text>
        <Button component={Link} to={screenPaths.products} variant="light">
          Continue Shopping
        </Button>
      </Stack>
    );
  }

  return (
    <Stack>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {lines.map((line) => (
          <Group key={line.product_id} component="li" wrap="nowrap" justify="space-between">
            <Group wrap="nowrap" gap="sm">
              <Image src={line.product.image_url} alt="" w={48} h={48} radius="sm" />
              <div>
                <Text fw={500}>{line.product.name}</Text>
                <Text size="sm" c="dimmed">
                  {formatPrice({ amount: line.price, currency: line.currency })}
                </Text>
              </div>
            </Group>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${line.product.name}`}
              onClick={() => remove(line.product_id)}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <Group justify="space-between">
        <Text fw={600}>Total</Text>
        <Text fw={600} data-testid="cart-total">
          {formatCartTotal(total)}
        </Text>
      </Group>
      <Group justify="space-between">
        <Button variant="subtle" color="gray" onClick={clear}>
          Clear Cart
        </Button>
        <Button component={Link} to={screenPaths.checkout}>
          Continue to Checkout
        </Button>
      </Group>
    </Stack>
  );
}
