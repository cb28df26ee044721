import { screenPaths } from '@store/contract/client';
import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';

/**
 * The signed-in customer's menu in the wide top bar. Its own chunk (with the popover code): the
 * shell shows a plain Account button until the menu is first opened. Every item leads to another
 * screen, whose heading takes the keyboard (screen-focus.ts): the menu does not hand it back to
 * the Account button as it closes (Escape still does).
 */
export function AccountMenu({ onSignOut }: { onSignOut: () => void }) {
  return (
    <Menu position="bottom-end" defaultOpened returnFocus={false}>
      <Menu.Target>
        <Button variant="default">Account</Button>
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
