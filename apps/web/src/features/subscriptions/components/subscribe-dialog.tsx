import { useState } from 'react';
import { Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import {
  canBackSubscription,
  screenPaths,
  type CatalogProduct,
  type PaymentMethod,
  type Subscription,
  type SubscriptionTerms,
} from '@store/contract/client';
import { Link } from 'react-router';
import { ErrorPanel } from '@/components/error-panel';
import { useFocusReturn } from '@/components/focus-return';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { formatPerCycle, savedMethodDetail } from '@/utils/format';
import { useCreateSubscription } from '../api/subscription-mutations';
import { rememberSubscribeReturn, toSubscribeState } from '../utils/subscribe-return';
import { useCloseOnEscape } from '@/components/modal-layers';

export interface SavedMethods {
  isPending: boolean;
  error: unknown;
  /** The customer's ACTIVE methods; the dialog offers those that can back a subscription. */
  data: readonly PaymentMethod[] | undefined;
}

function methodLabel(method: PaymentMethod): string {
  return [method.channel_name, method.country, savedMethodDetail(method.details)]
    .filter(Boolean)
    .join(' ');
}

/**
 * Subscribe to a product: choose the saved card or e-wallet each cycle is charged to (or leave to
 * save one and come back), then confirm. The create carries an Idempotency-Key, so a double click
 * or a retry after an error makes one subscription.
 */
export function SubscribeDialog({
  opened,
  onClose,
  product,
  terms,
  methods,
  onSubscribed,
}: {
  opened: boolean;
  onClose: () => void;
  product: CatalogProduct;
  terms: SubscriptionTerms;
  methods: SavedMethods;
  onSubscribed: (subscription: Subscription) => void;
}) {
  const [methodId, setMethodId] = useState<string | null>(null);
  const create = useCreateSubscription();
  const idempotency = useIdempotencyKey('subscribe');
  const usable = (methods.data ?? []).filter(canBackSubscription);
  const others = (methods.data ?? []).length - usable.length;
  // One method that can pay (often the one just saved on the way here) is the customer's choice
  // already; with several, they choose.
  const chosen =
    usable.find((method) => method.id === methodId) ?? (usable.length === 1 ? usable[0] : null);
  const perCycle = formatPerCycle(
    { amount: terms.amount, currency: product.price.currency },
    terms.interval,
    terms.interval_count,
  );

  function confirm() {
    if (!chosen) return;
    const body = { product_id: product.id, payment_method_id: chosen.id };
    create.mutate(
      { body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (subscription) => {
          idempotency.reset();
          onSubscribed(subscription);
        },
      },
    );
  }

  useFocusReturn(opened);
  const closeOnEscape = useCloseOnEscape();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Subscribe to ${product.name}`}
      closeOnEscape={closeOnEscape}
      centered
    >
      <Stack gap="sm">
        <Text>
          {perCycle}, charged to the saved method you choose: the first cycle when the subscription
          starts, then each on its date until you cancel.
        </Text>
        {methods.isPending ? (
          <Loader role="status" aria-label="Loading payment methods" />
        ) : methods.data === undefined ? (
          <ErrorPanel error={methods.error} />
        ) : usable.length === 0 ? (
          <Text>You have no saved card or e-wallet that can pay a subscription yet.</Text>
        ) : (
          <Radio.Group
            label="Pay each cycle with"
            value={chosen?.id ?? null}
            onChange={(value) => {
              setMethodId(value);
              create.reset();
            }}
          >
            <Stack gap="xs" mt="xs">
              {usable.map((method) => (
                <Radio key={method.id} value={method.id} label={methodLabel(method)} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {others > 0 && (
          <Text size="sm" c="dimmed">
            Your other saved methods cannot pay a subscription: only cards and some e-wallets can be
            charged without you at each cycle.
          </Text>
        )}
        <Button
          component={Link}
          to={screenPaths.paymentMethodNew}
          state={toSubscribeState}
          variant="subtle"
          w="fit-content"
          onClick={() => rememberSubscribeReturn(product.id)}
        >
          Save a new card or e-wallet
        </Button>
        {create.isError && <ErrorPanel error={create.error} onClose={create.reset} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Not now
          </Button>
          <Button onClick={confirm} disabled={chosen === null} loading={create.isPending}>
            Confirm subscription
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
