import { Skeleton, Stack } from '@mantine/core';
import { ErrorPanel } from '@/components/error-panel';
import { useCustomer } from '../api/get-customer';
import { useUpdateCustomer } from '../api/update-customer';
import { AccountSettingsForm } from './account-settings-form';

export function AccountSettings({ country }: { country?: string }) {
  const customer = useCustomer();
  const update = useUpdateCustomer();

  if (customer.isPending) {
    return (
      <Stack maw={420} role="status" aria-busy="true" aria-label="Loading account">
        <Skeleton h={56} />
        <Skeleton h={76} />
        <Skeleton h={36} w={100} />
      </Stack>
    );
  }
  if (customer.isError) return <ErrorPanel error={customer.error} />;

  return (
    <AccountSettingsForm
      customer={customer.data}
      country={country}
      isUpdating={update.isPending}
      saved={update.isSuccess}
      error={update.error}
      onUpdate={(record) => update.mutate(record)}
      onDismissError={update.reset}
    />
  );
}
