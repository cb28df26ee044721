import { useEffect, useRef, useState } from 'react';

/**
 * Marks the element a navigation gave the keyboard to (the new screen's heading, or <main> while
 * it loads, app/screen-focus.ts) for as long as it has it.
 */
export const navigationFocusAttribute = 'data-navigation-focus';

/**
 * Whether the keyboard is nowhere the customer put it: on the page's body (where a removed button
 * drops it), on a button disabled while it had the focus (where browsers differ on whether it stays,
 * and no key works), in a dialog that is closing, or where the last navigation put it (the screen's
 * heading). Code that moves the focus after an action, or to what a link named, does so only then,
 * so it never takes the keyboard from where the customer has gone.
 */
export function focusIsLost(page: Document = document): boolean {
  const active = page.activeElement;
  return (
    active === null ||
    active === page.body ||
    active.matches(':disabled') ||
    active.hasAttribute(navigationFocusAttribute) ||
    active.closest('[role="dialog"]') !== null
  );
}

/**
 * Gives the keyboard back to what opened a modal or drawer whose code loads when it first opens.
 * Mantine's modals remember the focused element when `opened` changes to true, not when they
 * mount already open, which such a modal always does: without this, its first close (and every
 * close of one that unmounts when closed) left the keyboard on the page's body. Call it in the
 * lazily loaded component, with the `opened` it gives its modal.
 */
export function useFocusReturn(opened: boolean): void {
  // The mount's render runs before the modal's focus trap moves anything: this is the opener.
  const [opener] = useState(() => (opened ? document.activeElement : null));
  // Later opens are Mantine's to remember: this gives the focus back once, at the first close.
  const returned = useRef(false);

  useEffect(() => {
    if (opened || returned.current || !(opener instanceof HTMLElement)) return;
    returned.current = true;
    giveBack(opener);
  }, [opened, opener]);

  // A modal that goes when it closes (rather than playing its closing transition) does the same.
  // React's StrictMode (in development) unmounts and mounts a new component once to rehearse: the
  // give-back that rehearsal's unmount scheduled is cancelled when it mounts again, or it would
  // take the keyboard out of the dialog just opened.
  const pending = useRef<number | undefined>(undefined);
  useEffect(() => {
    window.clearTimeout(pending.current);
    return () => {
      if (!returned.current && opener instanceof HTMLElement) pending.current = giveBack(opener);
    };
  }, [opener]);
}

/** As Mantine does when it remembered: a moment after the close, unless the focus went on. */
function giveBack(opener: HTMLElement): number {
  return window.setTimeout(() => {
    // The opener's own page: a give-back scheduled as the page goes (a test's) finds no global one.
    if (opener.isConnected && focusIsLost(opener.ownerDocument)) {
      opener.focus({ preventScroll: true });
    }
  }, 10);
}
