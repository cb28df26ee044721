import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { navigationFocusAttribute } from '@/components/focus-return';

/**
 * After a navigation to another screen, the keyboard goes to the new screen's heading, so that a
 * keyboard or screen-reader customer starts there and hears where they are, instead of on the
 * page's body (where the followed link, now gone, left it) or on the link in the top bar. Back and
 * Forward do the same: they change the screen too. The first load does not (the browser starts at
 * the top of the document), nor do its redirects before the customer has done anything, nor a
 * change of the query or hash alone, which keeps the same screen.
 *
 * The heading is the first h1 or h2 of the <main> landmark: the top bar's h1 is the store's name,
 * and each screen's own title is its first h2 (the page outside the shell, Payment Successful!,
 * has no <main>: its first heading). A screen still loading (its chunk or its data) has none yet:
 * <main> takes the keyboard meanwhile and hands it to the heading when it mounts.
 */
export function useScreenFocus(): void {
  const { pathname } = useLocation();
  const shownPathname = useRef(pathname);

  useEffect(() => {
    if (pathname === shownPathname.current) return;
    shownPathname.current = pathname;
    if (!customerHasActed()) return;
    return focusScreenHeading(document);
  }, [pathname]);
}

/** Sticky user activation: a click or key press since the document loaded. */
function customerHasActed(): boolean {
  return navigator.userActivation?.hasBeenActive ?? true;
}

/** Moves the keyboard to the screen's heading, now or when it mounts; returns the stop. */
function focusScreenHeading(page: Document): () => void {
  const main = page.querySelector('main');
  const screen = main ?? page.body;
  const heading = () => screen.querySelector<HTMLElement>('h1, h2');

  const now = heading();
  if (now) {
    if (leftBehind(page, main)) takeKeyboard(now);
    return () => {};
  }
  if (main && leftBehind(page, main)) takeKeyboard(main);
  const observer = new MutationObserver(() => {
    if (!leftBehind(page, main)) return observer.disconnect();
    const mounted = heading();
    if (!mounted) return;
    observer.disconnect();
    takeKeyboard(mounted);
  });
  observer.observe(screen, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * Whether the keyboard is where the last screen left it, not where the new one put it: on the
 * body, on an element gone with the last screen, in the top bar or the navigation (where no screen
 * puts it; the link followed stays there), in a menu (the Account menu's item followed keeps it
 * while the menu fades out), or on <main> while the heading loads. A control or dialog the new
 * screen focused on purpose keeps it (a dialog's title bar is a <header> too).
 */
function leftBehind(page: Document, main: HTMLElement | null): boolean {
  const active = page.activeElement;
  if (active === null || active === page.body || !active.isConnected || active === main) {
    return true;
  }
  return (
    active.closest('header, nav, [role="menu"]') !== null &&
    active.closest('[role="dialog"]') === null
  );
}

/**
 * Focusable only while it has the keyboard, and without the focus ring (Mantine's class for
 * that): a heading is not a control, and the ring would frame every screen's title.
 */
function takeKeyboard(target: HTMLElement) {
  const focusable = target.hasAttribute('tabindex');
  if (!focusable) {
    target.setAttribute('tabindex', '-1');
    target.classList.add('mantine-focus-never');
  }
  // What the screen itself focuses once loaded (a payment a link named) may take it from here.
  target.setAttribute(navigationFocusAttribute, '');
  target.addEventListener(
    'blur',
    () => {
      target.removeAttribute(navigationFocusAttribute);
      if (focusable) return;
      target.removeAttribute('tabindex');
      target.classList.remove('mantine-focus-never');
    },
    { once: true },
  );
  target.focus();
}
