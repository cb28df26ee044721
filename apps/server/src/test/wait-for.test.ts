import { expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';

it('answers the first value the check finds, and fails naming what never came', async () => {
  let reads = 0;
  expect(await waitFor('the third read', () => ++reads >= 3 && reads)).toBe(3);
  await expect(waitFor('an event that never comes', () => false, 200)).rejects.toThrow(
    'an event that never comes: not within 200 ms',
  );
});
