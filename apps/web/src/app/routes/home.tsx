import { Stack, Title } from '@mantine/core';
import { ProductCatalog } from '@/features/products/components/product-catalog';

/** /, /{appId} and /products: the product grid. */
export function HomeRoute() {
  return (
    <Stack>
      <Title order={2}>Products</Title>
      <ProductCatalog />
    </Stack>
  );
}
