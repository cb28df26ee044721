import { describe, expect, it } from 'vitest';
import { medianRound } from './bench-table.ts';

describe('the median round', () => {
  it('is the middle ratio, whatever the order the rounds ran in', () => {
    const rounds = [0.693, 0.683, 0.914, 0.419, 0.576].map((ratio, round) => ({ ratio, round }));
    expect(medianRound(rounds)).toEqual({ ratio: 0.683, round: 1 });
  });

  it('is the lower of the two middle ones of an even count', () => {
    expect(medianRound([{ ratio: 0.8 }, { ratio: 0.6 }, { ratio: 0.7 }, { ratio: 0.9 }])).toEqual({
      ratio: 0.7,
    });
  });

  it('refuses no rounds', () => {
    expect(() => medianRound([])).toThrow('no rounds');
  });
});
