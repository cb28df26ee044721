import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  canRunNextCycle,
  isCancellableSubscription,
  screenPath,
  screenPaths,
  type Subscription,
  type SubscriptionCycle,
} from '@store/contract/client';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorPanel } from '@/components/error-panel';
import { focusIsLost } from '@/components/focus-return';
import { LoadMore } from '@/components/load-more';
import { StatusBadge } from '@/components/status-badge';
import { endsSession } from '@/lib/query-client';
import { formatDeadline, formatPerCycle, formatPrice, savedMethodDetail } from '@/utils/format';
import { useSubscription } from '../api/get-subscription';
import { useSubscriptions } from '../api/get-subscriptions';
import { useCancelSubscription, useRunNextSubscriptionCycle } from '../api/subscription-mutations';
import { cycleOutcome, subscriptionEnding } from '../utils/cycle-outcome';

type Mode = 'development' | 'live';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function CycleRow({ cycle }: { cycle: SubscriptionCycle }) {
  // When a charge falls due or is tried again: with its time zone, as payment deadlines are.
  const outcome = cycleOutcome(cycle, (value) => formatDeadline(value));
  return (
    <Paper component="li" withBorder p="xs" aria-label={`Cycle ${cycle.cycle_number}`}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600}>
            Cycle {cycle.cycle_number}
          </Text>
          <StatusBadge status={cycle.status} size="sm" />
        </Group>
        <Text size="sm">
          {formatPrice({ amount: cycle.amount, currency: cycle.currency })}
          {cycle.scheduled_date ? ` · due ${formatDeadline(cycle.scheduled_date)}` : ''}
          {cycle.attempts > 1 ? ` · ${cycle.attempts} attempts` : ''}
        </Text>
        {outcome.reason && (
          <Text size="sm" fw={500}>
            {outcome.reason}
          </Text>
        )}
        {outcome.next && <Text size="sm">{outcome.next}</Text>}
        {cycle.failure_code && (
          <Text size="xs" c="dimmed">
            Code for support: {cycle.failure_code}
          </Text>
        )}
        {cycle.payment_id && (
          // A paid cycle is a payment of the store's: listed, with its logs and refund, in Payments,
          // which brings this one into view.
          <Group gap="xs">
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              Payment {cycle.payment_id}
            </Text>
            <Button
              component={Link}
              to={screenPath('payments', {}, { payment_id: cycle.payment_id })}
              size="xs"
              variant="subtle"
              px={0}
            >
              View in Payments
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** A subscription's cycles, newest first, read with the subscription itself. */
function Cycles({ subscriptionId }: { subscriptionId: string }) {
  const detail = useSubscription(subscriptionId);
  if (detail.isPending) return <Loader size="sm" role="status" aria-label="Loading cycles" />;
  if (detail.data === undefined) return <ErrorPanel error={detail.error} />;
  const cycles = detail.data.cycles ?? [];
  if (cycles.length === 0) return <Text size="sm">No cycle yet.</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {cycles.map((cycle) => (
        <CycleRow key={cycle.id} cycle={cycle} />
      ))}
    </Stack>
  );
}

function Actions({
  subscription,
  mode,
  onViewLogs,
  titleRef,
}: {
  subscription: Subscription;
  mode: Mode;
  onViewLogs: (id: string) => void;
  /** The plan's title, where the keyboard goes once Cancel subscription has done its work. */
  titleRef: RefObject<HTMLHeadingElement | null>;
}) {
  const detail = useSubscription(subscription.id);
  const cancel = useCancelSubscription();
  const runNext = useRunNextSubscriptionCycle();
  const [confirming, setConfirming] = useState(false);
  // The list has no cycles; once read, the detail says whether one is scheduled.
  const current = detail.data ?? subscription;
  const cancellable = isCancellableSubscription(current);
  const showRun = canRunNextCycle(mode, current);
  const runButton = useRef<HTMLButtonElement>(null);
  const keepOnRun = useRef(false);
  useEffect(() => {
    // While a cycle runs its button is disabled, then gone until the next cycle is scheduled, and
    // the browser drops the keyboard's focus to the page's body. Once the run is over the focus
    // comes back to the button, meanwhile to the plan's title, not to the top of the page.
    if (!keepOnRun.current || runNext.isPending) return;
    const focused = document.activeElement;
    const button = runButton.current;
    const lost =
      !focused || focused === document.body || focused === button || focused === titleRef.current;
    if (!lost) keepOnRun.current = false;
    else if (button && !button.disabled) {
      button.focus();
      keepOnRun.current = false;
    } else titleRef.current?.focus();
    // The plan ended meanwhile: its title keeps the focus.
    if (!cancellable) keepOnRun.current = false;
  }, [runNext.isPending, showRun, cancellable, titleRef]);
  useEffect(() => {
    // Cancelled: the button the keyboard was on is gone, and focus with it (to the page's body,
    // or still in the closing confirmation); it goes to this plan, whose CANCELED status is read
    // next, not back to the top of the page.
    if (!cancellable && cancel.isSuccess && focusIsLost()) titleRef.current?.focus();
  }, [cancellable, cancel.isSuccess, titleRef]);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {cancellable && (
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={cancel.isPending}
            onClick={() => setConfirming(true)}
          >
            Cancel subscription
          </Button>
        )}
        {showRun && (
          <Button
            ref={runButton}
            size="xs"
            loading={runNext.isPending}
            onClick={(event) => {
              keepOnRun.current = document.activeElement === event.currentTarget;
              runNext.mutate(subscription.id);
            }}
          >
            Run next cycle now
          </Button>
        )}
        <Button size="xs" variant="light" onClick={() => onViewLogs(subscription.id)}>
          View Xendit Logs
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Cancel this subscription?"
        message={`${subscription.product_name} will not be charged again. Cycles already paid stay paid.`}
        confirmLabel="Cancel subscription"
        onConfirm={() => cancel.mutate(subscription.id)}
        onClose={() => setConfirming(false)}
      />
      {cancel.isError && <ErrorPanel error={cancel.error} onClose={cancel.reset} />}
      {runNext.isError && <ErrorPanel error={runNext.error} onClose={runNext.reset} />}
    </Stack>
  );
}

function SubscriptionCard({
  subscription,
  mode,
  onViewLogs,
}: {
  subscription: Subscription;
  mode: Mode;
  onViewLogs: (id: string) => void;
}) {
  const method = subscription.payment_method;
  const methodDetail = savedMethodDetail(method.details);
  const ending = subscriptionEnding(subscription);
  const titleRef = useRef<HTMLHeadingElement>(null);
  return (
    <Paper component="li" withBorder p="sm" aria-label={`Subscription ${subscription.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" ref={titleRef} tabIndex={-1}>
            {subscription.product_name}
          </Title>
          <StatusBadge status={subscription.status} />
        </Group>
        <Group gap="lg" align="flex-start">
          <Field label="Amount">
            {formatPerCycle(
              { amount: subscription.amount, currency: subscription.currency },
              subscription.interval,
              subscription.interval_count,
            )}
          </Field>
          <Field label="Next cycle">
            {subscription.next_cycle_date
              ? formatDeadline(subscription.next_cycle_date)
              : 'None scheduled'}
          </Field>
          <Field label="Paid with">
            {[method.channel_name, methodDetail].filter(Boolean).join(' ')}
          </Field>
          {/* With its zone, as the next cycle beside it: both are read in the same glance. */}
          <Field label="Since">{formatDeadline(subscription.created)}</Field>
        </Group>
        {ending && <Text fw={500}>{ending}</Text>}
        <Actions
          subscription={subscription}
          mode={mode}
          onViewLogs={onViewLogs}
          titleRef={titleRef}
        />
        <Divider label="Cycles" labelPosition="left" />
        <Cycles subscriptionId={subscription.id} />
      </Stack>
    </Paper>
  );
}

/** /subscriptions: the customer's plans, each with its cycles, cancel and (development) run now. */
export function SubscriptionsList({
  mode,
  onViewLogs,
}: {
  mode: Mode;
  onViewLogs: (subscriptionId: string) => void;
}) {
  const subscriptions = useSubscriptions();
  const expired = endsSession(subscriptions.error);
  if (subscriptions.isPending || expired) {
    return <Loader role="status" aria-label="Loading subscriptions" />;
  }
  if (subscriptions.data === undefined) return <ErrorPanel error={subscriptions.error} />;
  const all = subscriptions.data.pages.flatMap((page) => page.subscriptions);
  if (all.length === 0) {
    // A way on from the words: on a phone the navigation is behind the burger.
    return (
      <Stack gap="sm" align="flex-start">
        <Text>
          No subscriptions yet. Products sold by subscription offer Subscribe beside Add to Cart.
        </Text>
        <Button component={Link} to={screenPaths.products} variant="light">
          Browse Products
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {all.map((subscription) => (
          <SubscriptionCard
            key={subscription.id}
            subscription={subscription}
            mode={mode}
            onViewLogs={onViewLogs}
          />
        ))}
      </Stack>
      <LoadMore list={subscriptions} />
    </Stack>
  );
}
