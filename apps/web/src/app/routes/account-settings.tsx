import { Stack, Title } from '@mantine/core';
import { AccountSettings } from '@/features/account/components/account-settings';
import { useChannels } from '@/features/channels/api/get-channels';

export function AccountSettingsRoute() {
  // The store's country, as its channels name it, for an example number in the market's form.
  const channels = useChannels();
  return (
    <Stack>
      <Title order={2}>Account Settings</Title>
      <AccountSettings country={channels.data?.channels[0]?.country} />
    </Stack>
  );
}
