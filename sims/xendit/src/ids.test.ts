import type * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { randomDigits } from './ids.ts';

vi.mock('node:crypto', async (importOriginal) => ({
  ...(await importOriginal<typeof crypto>()),
  // Every other byte is 252: one of 250 to 255, which `% 10` would make 0 to 5, so those likelier.
  randomFillSync: <T extends Uint8Array>(buffer: T): T => {
    for (let index = 0; index < buffer.length; index++) buffer[index] = index % 2 ? 3 : 252;
    return buffer;
  },
}));

describe("the simulator's random digits", () => {
  it('draws again for a byte that would make some digits likelier than others', () => {
    expect(randomDigits(12)).toBe('3'.repeat(12));
  });

  it('gives as many digits as asked, more than the pool holds too', () => {
    expect(randomDigits(5_000)).toHaveLength(5_000);
  });
});
