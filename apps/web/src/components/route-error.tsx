import { screenPaths } from '@store/contract/client';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The shell's error fallback for render errors and unknown routes. */
export function RouteError() {
  const error = useRouteError();
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
