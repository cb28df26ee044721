import { lazy, Suspense, useState, type Ref } from 'react';
import { Anchor } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Currency, Voucher } from '@store/contract/client';

// The drawer (with the modal code) is a chunk of its own, fetched when first shown.
const VoucherDrawer = lazy(async () => ({
  default: (await import('./voucher-drawer')).VoucherDrawer,
}));

/** Enter voucher code: opens the app's voucher list and hands back the voucher chosen. */
export function VoucherPicker({
  appId,
  currency,
  onApply,
  ref,
}: {
  appId: string;
  currency: Currency;
  onApply: (voucher: Voucher) => void;
  /** The Enter voucher code button, for the screen to move the keyboard to. */
  ref?: Ref<HTMLButtonElement>;
}) {
  const [opened, drawer] = useDisclosure(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Anchor
        ref={ref}
        component="button"
        type="button"
        onClick={() => {
          setWanted(true);
          drawer.open();
        }}
      >
        Enter voucher code
      </Anchor>
      {wanted && (
        <Suspense fallback={null}>
          <VoucherDrawer
            appId={appId}
            opened={opened}
            currency={currency}
            onClose={drawer.close}
            onApply={(chosen) => {
              onApply(chosen);
              drawer.close();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
