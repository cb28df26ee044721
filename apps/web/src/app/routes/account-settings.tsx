import { Stack, Title } from '@mantine/core';
import { AccountSettings } from '@/features/account/components/account-settings';

export function AccountSettingsRoute() {
  return (
    <Stack>
      <Title order={2}>Account Settings</Title>
      <AccountSettings />
    </Stack>
  );
}
