import { describe, expect, it } from 'vitest';
import { cpuPerRequest, machineCpuMilliseconds, type CpuSplit } from './bench-processes.ts';

describe('cpuPerRequest', () => {
  const before: CpuSplit = {
    store: 1_000,
    simulator: 500,
    machine: 10_000,
    postgres: new Map([
      [101, 400],
      [102, 300],
    ]),
  };

  it('gives each process its time per request, PostgreSQL pid by pid', () => {
    // Backend 101 worked 200 ms, 102 ended within the load (its time is gone, not negative), 103
    // started within it: 100 + 200 ms in all over 100 requests.
    const after: CpuSplit = {
      store: 1_300,
      simulator: 600,
      machine: 10_800,
      postgres: new Map([
        [101, 600],
        [103, 100],
      ]),
    };
    expect(cpuPerRequest(() => after, before, 100)).toBe(
      'CPU per request: store 3000 µs, simulator 1000 µs, PostgreSQL 3000 µs; machine 8000 µs',
    );
  });

  it("gives the store's embedded database thread apart, within the store's time", () => {
    const embedded: CpuSplit = {
      store: 1_100,
      storeDatabase: 460,
      simulator: 550,
      machine: 10_200,
    };
    expect(
      cpuPerRequest(() => embedded, { ...before, storeDatabase: 400, postgres: undefined }, 50),
    ).toBe(
      'CPU per request: store 2000 µs (its database thread 1200 µs), simulator 1000 µs; machine 4000 µs',
    );
  });

  it('names PostgreSQL only when its server runs on this machine', () => {
    const embedded: CpuSplit = { store: 1_100, simulator: 550, machine: 10_200 };
    expect(cpuPerRequest(() => embedded, { ...before, postgres: undefined }, 50)).toBe(
      'CPU per request: store 2000 µs, simulator 1000 µs; machine 4000 µs',
    );
  });
});

describe('machineCpuMilliseconds', () => {
  it('grows with work done on this machine', () => {
    const start = machineCpuMilliseconds();
    const until = Date.now() + 100;
    while (Date.now() < until) Math.sqrt(Math.random());
    // Linux counts in ticks of 10 ms: a busy tenth of a second shows.
    expect(machineCpuMilliseconds()).toBeGreaterThan(start);
  });
});
