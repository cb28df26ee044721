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
});

/** Dimmed text in a grey that keeps 4.5:1 on white and on the light grey of cards. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-orange-light-color': 'var(--mantine-color-orange-9)',
    '--mantine-color-green-light-color': 'var(--mantine-color-green-9)',
    '--mantine-color-gray-light-color': 'var(--mantine-color-gray-8)',
    '--mantine-color-blue-outline': 'var(--mantine-color-blue-9)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-9)',
  },
  dark: {},
});
