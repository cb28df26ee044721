import type { ReactNode } from 'react';
import { Button, Grid, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { CatalogProduct, Product } from '@store/contract/client';
import { formatPerCycle, formatPrice } from '@/utils/format';

export interface ProductDetailProps {
  product: CatalogProduct;
  inCart: boolean;
  onAddToCart: (product: Product) => void;
  /** Beside Add to Cart, for a product sold by subscription too (the app composes it). */
  subscribeAction?: ReactNode;
}

/**
 * The catalogue's pictures are 400 x 340: stated on the element, the page is laid out before the
 * picture arrives, and the text beside or under it does not move when it does.
 */
const pictureSize = { width: 400, height: 340 };

export function ProductDetail({
  product,
  inCart,
  onAddToCart,
  subscribeAction,
}: ProductDetailProps) {
  const terms = product.subscription;
  return (
    <Grid gutter="xl">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Image
          src={product.image_url}
          alt={product.name}
          radius="md"
          mah={400}
          fit="contain"
          {...pictureSize}
          fetchPriority="high"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Stack>
          <Title order={2}>{product.name}</Title>
          <Text size="xl" fw={600}>
            {formatPrice(product.price)}
          </Text>
          {terms && (
            <Text>
              Or by subscription:{' '}
              <Text span fw={600}>
                {formatPerCycle(
                  { amount: terms.amount, currency: product.price.currency },
                  terms.interval,
                  terms.interval_count,
                )}
              </Text>
            </Text>
          )}
          <Text>{product.description}</Text>
          <Group gap="sm">
            {/* Added to Cart does nothing, but keeps the keyboard: a disabled button would drop
                it to the page's body as the cart drawer opens, and the drawer would have
                nowhere to give it back to when it closes. */}
            <Button
              onClick={() => {
                if (!inCart) onAddToCart(product);
              }}
              data-disabled={inCart || undefined}
              aria-disabled={inCart || undefined}
              w="fit-content"
            >
              {inCart ? 'Added to Cart' : 'Add to Cart'}
            </Button>
            {terms && subscribeAction}
          </Group>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

export function ProductDetailSkeleton() {
  return (
    <Grid gutter="xl" role="status" aria-busy="true" aria-label="Loading product">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Skeleton h={300} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Stack>
          <Skeleton h={28} w="60%" />
          <Skeleton h={20} w="30%" />
          <Skeleton h={60} />
          <Skeleton h={36} w={140} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
