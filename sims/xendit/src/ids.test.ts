import { describe, expect, it } from 'vitest';
import { digitsFrom, randomDigits } from './ids.ts';

describe("the simulator's random digits", () => {
  it('draws again for a byte that would make some digits likelier than others', () => {
    // Every other byte is 252: one of 250 to 255, which `% 10` would make 0 to 5, so those likelier.
    let drawn = 0;
    const bytes = (count: number) =>
      Uint8Array.from({ length: count }, () => (drawn++ % 2 ? 3 : 252));
    expect(digitsFrom(bytes, 12)).toBe('3'.repeat(12));
  });

  it('gives as many digits as asked, more than the pool holds too', () => {
    expect(randomDigits(5_000)).toMatch(/^[0-9]{5000}$/);
  });
});
