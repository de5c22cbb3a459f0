import { describe, expect, it } from 'vitest';
import { createPacer } from './notification-worker.js';

describe('delivery pacing', () => {
  it('spaces starts by 1/rate even when many lanes ask at once', async () => {
    const pace = createPacer(100);
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        await pace();
        starts.push(performance.now());
      }),
    );
    starts.sort((a, b) => a - b);
    const span = starts[starts.length - 1]! - starts[0]!;
    // 12 starts at 100 per second: the last one 11 gaps (110 ms) after the first; timers may
    // fire a millisecond early, so allow for it. Unpaced, the span is under a millisecond.
    expect(span).toBeGreaterThanOrEqual(95);
  });

  it('does not wait when no rate is set', async () => {
    const pace = createPacer(0);
    let timerFired = false;
    setTimeout(() => (timerFired = true), 0);
    // 100 starts settle in microtasks, before any timer: nothing was spaced.
    await Promise.all(Array.from({ length: 100 }, () => pace()));
    expect(timerFired).toBe(false);
  });
});
