import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { navigationFocusAttribute } from '@/components/focus-return';

/**
 * After a navigation to another screen, the keyboard goes to the new screen's heading, so that a
 * keyboard or screen-reader customer starts there and hears where they are, instead of on the
 * page's body (where the followed link, now gone, left it) or on the link in the top bar. Back and
 * Forward do the same once the customer has acted on the page (they change the screen too), keeping
 * the scroll position the browser restores. The first load does not (the browser starts at the top
 * of the document), nor do its redirects before the customer has done anything, nor a change of
 * the query or hash alone, which keeps the same screen.
 *
 * The heading is the first h1 or h2 of the <main> landmark: the top bar's h1 is the store's name,
 * and each screen's own title is its first h2 (the page outside the shell, Payment Successful!,
 * has no <main>: its first heading). The last screen stays while the next one's code loads (the
 * router's transition); a screen whose heading comes with its data has none yet once shown: <main>
 * takes the keyboard meanwhile and hands it to the heading when it mounts, unless the customer
 * has moved it since.
 */
export function useScreenFocus(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPathname = useRef(pathname);

  useEffect(() => {
    if (pathname === shownPathname.current) return;
    shownPathname.current = pathname;
    if (!customerHasActed()) return;
    return focusScreenHeading(document, { preventScroll: navigationType === 'POP' });
  }, [pathname, navigationType]);
}

/** Sticky user activation: a click or key press since the document loaded. */
function customerHasActed(): boolean {
  return navigator.userActivation?.hasBeenActive ?? true;
}

/** Moves the keyboard to the screen's heading, now or when it mounts; returns the stop. */
function focusScreenHeading(page: Document, options: FocusOptions): () => void {
  const main = page.querySelector('main');
  const screen = main ?? page.body;
  const heading = () => screen.querySelector<HTMLElement>('h1, h2');
  // What the customer acted on to come here (a link, a menu item): still where they left it.
  const followed = page.activeElement;
  const leftBehind = () => keyboardLeftBehind(page, main, followed);

  const now = heading();
  if (now) {
    if (leftBehind()) takeKeyboard(now, options);
    return () => {};
  }
  if (main && leftBehind()) takeKeyboard(main, options);
  const observer = new MutationObserver(() => {
    if (!leftBehind()) return observer.disconnect();
    const mounted = heading();
    if (!mounted) return;
    observer.disconnect();
    takeKeyboard(mounted, options);
  });
  observer.observe(screen, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * Whether the keyboard is where the last screen left it, not where the new one or the customer
 * put it since: on the body, on an element gone with the last screen, on <main> while the heading
 * loads, or still on what was followed in the top bar or the navigation (where no screen puts it;
 * the link followed stays there) or in a menu (the Account menu's item keeps it while the menu
 * fades out). A control or dialog the new screen focused on purpose keeps it (a dialog's title bar
 * is a <header> too), as does anything the customer moved to while the screen loaded.
 */
function keyboardLeftBehind(
  page: Document,
  main: HTMLElement | null,
  followed: Element | null,
): boolean {
  const active = page.activeElement;
  if (active === null || active === page.body || !active.isConnected || active === main) {
    return true;
  }
  return (
    active === followed &&
    active.closest('header, nav, [role="menu"]') !== null &&
    active.closest('[role="dialog"]') === null
  );
}

/**
 * Focusable only while it has the keyboard, and without the focus ring (Mantine's class for
 * that): a heading is not a control, and the ring would frame every screen's title.
 */
function takeKeyboard(target: HTMLElement, options: FocusOptions) {
  const focusable = target.hasAttribute('tabindex');
  if (!focusable) {
    target.setAttribute('tabindex', '-1');
    target.classList.add('mantine-focus-never');
  }
  // What the screen itself focuses once loaded (a payment a link named) may take it from here.
  target.setAttribute(navigationFocusAttribute, '');
  const release = () => {
    // The window went to the background (another window, the developer tools): the heading
    // still has the keyboard, and gets it back with the window.
    if (target.ownerDocument.activeElement === target) return;
    target.removeEventListener('blur', release);
    target.removeAttribute(navigationFocusAttribute);
    if (focusable) return;
    target.removeAttribute('tabindex');
    target.classList.remove('mantine-focus-never');
  };
  target.addEventListener('blur', release);
  target.focus(options);
}
