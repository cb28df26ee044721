import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { screenPaths } from '@store/contract/client';
import { lazy, Suspense, useState } from 'react';
import {
  AppShell,
  Badge,
  Flex,
  Box,
  Burger,
  Button,
  Container,
  Group,
  Loader,
  Stack,
  Title,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useNavigate } from 'react-router';
import { useCart } from '@/features/cart/stores/cart-store';
import { useSession } from '@/lib/session';
import { useScreenLoading } from './screen-loading';
import { useLiveStatuses } from './use-live-statuses';

export const storeTitle = 'Xendit Demo Store';
/** From this width up the navigation sits in the top bar; below it collapses behind a burger. */
const wideQuery = '(min-width: 960px)';
/** On a phone the app id and mode go under the title, so neither is cut off. */
const headerHeight = { wide: 60, narrow: 84 };

const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazy(async () => ({ default: (await loadAccountMenu()).AccountMenu }));

export function MainLayout() {
  const session = useSession();
  const wide = useMediaQuery(wideQuery, false, { getInitialValueInEffect: false });
  const [navOpen, nav] = useDisclosure(false);
  const navigate = useNavigate();
  const screenLoading = useScreenLoading();
  const signOutHere = useSignOut();
  const { lines } = useCart();
  const [accountMenuWanted, setAccountMenuWanted] = useState(false);
  useLiveStatuses(session !== null);

  function signOut() {
    nav.close();
    // The menu opens when it mounts; the next customer's must wait for a click.
    setAccountMenuWanted(false);
    signOutHere('login');
    navigate(screenPaths.login);
  }

  // Fetched on hover or focus so that it opens at once; a failed fetch is retried on click.
  const prefetchAccountMenu = () => void loadAccountMenu().catch(() => undefined);
  const accountButton = (
    <Button
      variant="default"
      onPointerEnter={prefetchAccountMenu}
      onFocus={prefetchAccountMenu}
      onClick={() => setAccountMenuWanted(true)}
    >
      Account
    </Button>
  );

  const cartLabel = lines.length > 0 ? `Cart (${lines.length})` : 'Cart';
  const links = (
    <>
      <Button component={Link} to={screenPaths.orders} variant="subtle" onClick={nav.close}>
        Orders
      </Button>
      <Button component={Link} to={screenPaths.paymentMethods} variant="subtle" onClick={nav.close}>
        Payment Methods
      </Button>
      <Button component={Link} to={screenPaths.cart} variant="light" onClick={nav.close}>
        {cartLabel}
      </Button>
      <Button component={Link} to={screenPaths.home} variant="subtle" onClick={nav.close}>
        Home
      </Button>
    </>
  );

  return (
    <AppShell
      header={{ height: wide ? headerHeight.wide : headerHeight.narrow }}
      navbar={{
        width: 260,
        breakpoint: '60em',
        collapsed: { mobile: !navOpen || wide, desktop: true },
      }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {!wide && (
              <Burger
                opened={navOpen}
                onClick={nav.toggle}
                size="sm"
                aria-label="Toggle navigation"
              />
            )}
            <Flex
              direction={wide ? 'row' : 'column'}
              gap={wide ? 'sm' : 4}
              align={wide ? 'center' : 'flex-start'}
            >
              <Title order={1} size={wide ? 'h3' : 'h4'}>
                {storeTitle}
              </Title>
              {session && (
                // As the token has them (demo-id, development): badges upper-case by default.
                <Group gap="xs" wrap="nowrap">
                  <Badge
                    variant="outline"
                    aria-label="App id"
                    tt="none"
                    style={{ overflow: 'visible' }}
                  >
                    {session.claims.app_id}
                  </Badge>
                  <Badge
                    // Dark enough for white text at 4.5:1 and more (Mantine's orange.9 gives 3.9:1).
                    color={session.claims.mode === 'live' ? '#166534' : '#9a3412'}
                    aria-label="Mode"
                    tt="none"
                    style={{ overflow: 'visible' }}
                  >
                    {session.claims.mode}
                  </Badge>
                </Group>
              )}
            </Flex>
            {screenLoading && <Loader size="xs" role="status" aria-label="Loading page" />}
          </Group>
          {wide && (
            <Group gap="xs" component="nav" aria-label="Main" wrap="nowrap">
              {links}
              {session ? (
                accountMenuWanted ? (
                  <Suspense fallback={accountButton}>
                    <AccountMenu onSignOut={signOut} />
                  </Suspense>
                ) : (
                  accountButton
                )
              ) : (
                <Button component={Link} to={screenPaths.login}>
                  Sign in
                </Button>
              )}
            </Group>
          )}
        </Group>
      </AppShell.Header>

      {!wide && (
        <AppShell.Navbar p="md" component="nav" aria-label="Main">
          <Stack gap="xs" align="stretch">
            {links}
            {session ? (
              <>
                <Button
                  component={Link}
                  to={screenPaths.accountSettings}
                  variant="subtle"
                  onClick={nav.close}
                >
                  Account Settings
                </Button>
                {/* In the Account menu on a wide screen, where the top bar has no room left. */}
                <Button
                  component={Link}
                  to={screenPaths.subscriptions}
                  variant="subtle"
                  onClick={nav.close}
                >
                  Subscriptions
                </Button>
                <Button variant="subtle" color="red" onClick={signOut}>
                  Sign Out
                </Button>
              </>
            ) : (
              <Button component={Link} to={screenPaths.login} onClick={nav.close}>
                Sign in
              </Button>
            )}
          </Stack>
        </AppShell.Navbar>
      )}

      <AppShell.Main>
        <Container size="lg" px={0}>
          <Box mah={768} style={{ overflowY: 'auto' }} data-testid="page-container">
            <Outlet />
          </Box>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
