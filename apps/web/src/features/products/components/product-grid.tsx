import { screenPath } from '@store/contract/client';
import { Card, Image, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { CatalogProduct } from '@store/contract/client';
import { Link } from 'react-router';
import { formatPerCycle, formatPrice } from '@/utils/format';

const gridColumns = { base: 2, md: 3 };
const imageHeight = 160;
/**
 * Tiles in the first rows on any screen. Their pictures load first; the browser lays out and paints
 * the others only when they are scrolled near (content-visibility), at their usual height till then.
 */
const firstTiles = 6;
const laterTileStyle = { contentVisibility: 'auto', containIntrinsicSize: 'auto 232px' } as const;

function ProductTile({ product, first }: { product: CatalogProduct; first: boolean }) {
  const terms = product.subscription;
  return (
    <Card
      style={first ? undefined : laterTileStyle}
      component={Link}
      to={screenPath('product', { productId: product.id })}
      withBorder
      shadow="xs"
      padding="sm"
    >
      <Card.Section>
        <Image
          src={product.image_url}
          // The name is the tile's text: the link is named by what it shows (name and price).
          alt=""
          h={imageHeight}
          fit="cover"
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
        />
      </Card.Section>
      <Stack gap={2} mt="sm">
        <Text fw={600} lineClamp={2}>
          {product.name}
        </Text>
        <Text c="dimmed" size="sm">
          {formatPrice(product.price)}
        </Text>
        {terms && (
          <Text c="dimmed" size="sm">
            or{' '}
            {formatPerCycle(
              { amount: terms.amount, currency: product.price.currency },
              terms.interval,
              terms.interval_count,
            )}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function ProductGrid({ products }: { products: readonly CatalogProduct[] }) {
  return (
    <SimpleGrid cols={gridColumns}>
      {products.map((product, index) => (
        <ProductTile key={product.id} product={product} first={index < firstTiles} />
      ))}
    </SimpleGrid>
  );
}

export function ProductGridSkeleton() {
  return (
    <SimpleGrid cols={gridColumns} role="status" aria-busy="true" aria-label="Loading products">
      {Array.from({ length: 6 }, (_, index) => (
        <Card key={index} withBorder padding="sm">
          <Skeleton h={imageHeight} />
          <Skeleton h={14} mt="sm" w="70%" />
          <Skeleton h={12} mt={6} w="40%" />
        </Card>
      ))}
    </SimpleGrid>
  );
}
