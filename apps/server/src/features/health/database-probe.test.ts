import { describe, expect, it, vi } from 'vitest';
import { createDatabaseProbe } from './database-probe.js';

/** A probe on a fake clock whose ping answers as `state.up` says, counting the pings. */
function setup(options: { timeoutMs?: number } = {}) {
  const state = { up: true, now: 0, pings: 0, hang: false };
  const onFailure = vi.fn();
  const probe = createDatabaseProbe({
    ping: () => {
      state.pings += 1;
      if (state.hang) return new Promise<number>(() => undefined);
      return state.up ? Promise.resolve(0.4) : Promise.reject(new Error('connection refused'));
    },
    maxAgeMs: 1000,
    now: () => state.now,
    onFailure,
    ...options,
  });
  return { probe, state, onFailure };
}

describe('database probe', () => {
  it('pings once and reuses the result for a second', async () => {
    const { probe, state } = setup();
    expect(probe.fresh()).toBeUndefined();
    expect(await probe.check()).toEqual({ reachable: true, latency_ms: 0.4 });
    state.now = 999;
    expect(probe.fresh()).toEqual({ reachable: true, latency_ms: 0.4 });
    await probe.check();
    expect(state.pings).toBe(1);
    state.now = 1000;
    expect(probe.fresh()).toBeUndefined();
    await probe.check();
    expect(state.pings).toBe(2);
  });

  it('lets concurrent callers share one ping', async () => {
    const { probe, state } = setup();
    const results = await Promise.all(Array.from({ length: 20 }, () => probe.check()));
    expect(state.pings).toBe(1);
    expect(new Set(results).size).toBe(1);
  });

  it('reports the database down once the window has passed, logging each failed ping once', async () => {
    const { probe, state, onFailure } = setup();
    await probe.check();
    state.up = false;
    state.now = 500;
    // Within the window the last answer stands: at most one second stale.
    expect((await probe.check()).reachable).toBe(true);
    state.now = 1000;
    await Promise.all([probe.check(), probe.check(), probe.check()]);
    expect(await probe.check()).toEqual({ reachable: false, latency_ms: null });
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('reports the recovery after the next window', async () => {
    const { probe, state } = setup();
    state.up = false;
    expect((await probe.check()).reachable).toBe(false);
    state.up = true;
    state.now = 1000;
    expect(await probe.check()).toEqual({ reachable: true, latency_ms: 0.4 });
  });

  it('counts a ping that hangs past the timeout as unreachable', async () => {
    const { probe, state, onFailure } = setup({ timeoutMs: 20 });
    state.hang = true;
    expect(await probe.check()).toEqual({ reachable: false, latency_ms: null });
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('20 ms') }));
  });
});
