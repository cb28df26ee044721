import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Colours that pass WCAG 2.1 AA contrast (4.5:1 for text): Mantine's default blue (shade 6), its
 * light and subtle variants' text and its dimmed grey measure 3.5:1 or less on white.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 9, dark: 8 },
  defaultRadius: 'md',
  autoContrast: true,
  // Plain objects, not Modal.extend(...): naming the components here would load them with the
  // first route, where none of them is shown.
  components: {
    // The close button is an icon: without a name a screen reader announces only "button".
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // The empty focus placeholder is a child that role="menu" does not allow; without it, the
    // arrow keys still move to the first item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/** Dimmed text in a grey that keeps 4.5:1 on white and on the light grey of cards. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Error messages and the text of an input in error: Mantine's red 6 gives 3.3:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-orange-light-color': 'var(--mantine-color-orange-9)',
    // Green 9 gives only 4.0:1 on its own light background.
    '--mantine-color-green-light-color': '#166534',
    // The notes of a status a page did not expect: Mantine's yellow gives 1.75:1, its darkest 2.8.
    '--mantine-color-yellow-light-color': '#854d0e',
    '--mantine-color-gray-light-color': 'var(--mantine-color-gray-8)',
    '--mantine-color-blue-outline': 'var(--mantine-color-blue-9)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-9)',
  },
  dark: {},
});
