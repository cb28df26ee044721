import { screenPaths } from '@store/contract/client';
import { Button, Menu } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';

/**
 * The signed-in customer's menu in the wide top bar. Its own chunk (with the popover code): the
 * shell shows a plain Account button until the menu is first opened. An item leads to another
 * screen, whose heading takes the keyboard (screen-focus.ts), so the menu does not hand it back to
 * the Account button as it closes, as Mantine would a moment after that heading took it. It does
 * when nothing took it: the screen chosen was the one shown (its item goes with the menu, and the
 * keyboard with it), or Escape or a click beside it closed the menu. Mantine's own give-back missed
 * the first open anyway: the menu mounts already open then, and Mantine remembers no opener.
 */
export function AccountMenu({ onSignOut }: { onSignOut: () => void }) {
  const account = useRef<HTMLButtonElement>(null);
  const keepKeyboardNear = () => {
    // Mantine's own give-back waits as long: past a navigation's heading taking the keyboard.
    window.setTimeout(() => {
      const active = document.activeElement;
      const left = active === null || active === document.body || !active.isConnected;
      if (left || active.closest('[role="menu"]')) account.current?.focus();
    }, 10);
  };
  return (
    <Menu position="bottom-end" defaultOpened returnFocus={false} onClose={keepKeyboardNear}>
      <Menu.Target>
        <Button ref={account} variant="default">
          Account
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={screenPaths.accountSettings}>
          Account Settings
        </Menu.Item>
        <Menu.Item component={Link} to={screenPaths.subscriptions}>
          Subscriptions
        </Menu.Item>
        <Menu.Item onClick={onSignOut}>Sign Out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
