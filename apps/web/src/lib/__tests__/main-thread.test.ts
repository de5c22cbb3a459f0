import { describe, expect, it } from 'vitest';
import { runInSlices } from '../main-thread';

describe('runInSlices', () => {
  it('runs every step, in order, yielding whenever a slice has used its time', async () => {
    let clock = 0;
    const ran: number[] = [];
    const yields: number[] = [];
    // Each step takes 3 ms on the fake clock; slices of 8 ms hold three steps.
    const steps = Array.from({ length: 10 }, (_, i) => () => {
      ran.push(i);
      clock += 3;
    });
    const done = await runInSlices(steps, () => false, {
      sliceMs: 8,
      now: () => clock,
      yieldFn: async () => {
        yields.push(ran.length);
      },
    });
    expect(done).toBe(true);
    expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(yields).toEqual([0, 3, 6, 9]);
  });

  it('always makes progress, even when one step outlasts a slice', async () => {
    let clock = 0;
    const steps = [() => (clock += 50), () => (clock += 50)];
    let yields = 0;
    expect(await runInSlices(steps, () => false, { now: () => clock, yieldFn: async () => void (yields += 1) })).toBe(true);
    expect(yields).toBe(2);
  });

  it('stops at the next slice once cancelled', async () => {
    let clock = 0;
    let cancelled = false;
    const ran: number[] = [];
    const steps = Array.from({ length: 6 }, (_, i) => () => {
      ran.push(i);
      clock += 5;
      if (i === 1) cancelled = true;
    });
    const done = await runInSlices(steps, () => cancelled, { sliceMs: 8, now: () => clock, yieldFn: async () => undefined });
    expect(done).toBe(false);
    expect(ran).toEqual([0, 1]);
  });
});
