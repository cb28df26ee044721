import { Fragment } from 'react';
import type { ButtonProps } from '@mantine/core';

/**
 * For a full-width button whose label can be wider than a phone: a channel's code and country
 * (STANDARD_CHARTERED_VIRTUAL_ACCOUNT TH, ROBINSONS_BANK_ONLINE_BANKING PH) or a saved method's
 * name and account. Mantine's label stays on one line and cuts what does not fit, which hid the
 * country, and at times most of the code, at 390 px; this wraps it onto a second line instead.
 */
export const wrappingLabel = {
  h: 'auto',
  mih: 'var(--button-height)',
  py: 8,
  styles: {
    label: { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.3 },
  },
} satisfies Partial<ButtonProps>;

/**
 * A code written with underscores, allowed to break after each of them (STANDARD_CHARTERED_
 * VIRTUAL_ACCOUNT) rather than inside a word. The text is unchanged, but a browser may read the
 * breaks into the accessible name: give the control its name (aria-label) too.
 */
export function BreakAfterUnderscores({ text }: { text: string }) {
  const parts = text.split('_');
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <>
          _<wbr />
        </>
      )}
    </Fragment>
  ));
}
