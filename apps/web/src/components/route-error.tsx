import { screenPaths } from '@store/contract/client';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** What an address no route matches shows. */
export const notFound = '404 Not Found';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The shell's error fallback for render errors and unknown routes. */
export function RouteError({ error }: { error: unknown }) {
  return (
    <Stack p="xl" align="flex-start" role="alert">
      <Title order={2}>Oops! Sorry, an unexpected error has occurred.</Title>
      <Text c="dimmed">
        <i>{describe(error)}</i>
      </Text>
      <Anchor component={Link} to={screenPaths.home}>
        Back to Home
      </Anchor>
    </Stack>
  );
}
