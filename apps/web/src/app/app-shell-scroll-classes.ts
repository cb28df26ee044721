/**
 * What Mantine's AppShell takes from react-remove-scroll: the class names that tell the scroll lock
 * of an open modal or drawer which fixed bars to pad. The build gives AppShell this module instead
 * of the library (vite.config.ts), so the first route does not load the scroll lock itself (4 KB
 * gzip), which only dialogs and drawers use, from their own chunks. The names are the library's
 * (app-shell-scroll-classes.test.ts compares them).
 */
export const RemoveScroll = {
  classNames: {
    fullWidth: 'width-before-scroll-bar',
    zeroRight: 'right-scroll-bar-position',
  },
};
