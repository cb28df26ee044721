import { Drawer } from '@mantine/core';
import { CartSummary } from './cart-summary';
import { useFocusReturn } from '@/components/focus-return';

/** The cart in a right-hand drawer, as the product page shows it after Add to Cart. */
export function CartDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  useFocusReturn(opened);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={400} title="Cart">
      <CartSummary />
    </Drawer>
  );
}
