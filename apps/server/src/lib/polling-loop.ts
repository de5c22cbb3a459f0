/**
 * The loop every outbox worker runs: `run` drains what is due, then the loop sleeps `pollMs`
 * (or until `kick()`), and again, until `stop()`, which waits for the current run to end. A run
 * that throws is logged and the loop goes on: the next poll tries again.
 */
export type PollingLoop = {
  start(): void;
  stop(): Promise<void>;
  /** Runs now instead of at the next poll (no effect while a run is under way or when stopped). */
  kick(): void;
  /** True once `stop()` was called: a long run checks it between batches. */
  stopping(): boolean;
};

export function createPollingLoop(options: {
  run: () => Promise<unknown>;
  pollMs: number;
  onError: (err: unknown) => void;
}): PollingLoop {
  let stopped = true;
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let wake: (() => void) | null = null;
  let loop: Promise<void> | null = null;

  async function runLoop(): Promise<void> {
    while (!stopped) {
      try {
        running = true;
        await options.run();
      } catch (err) {
        options.onError(err);
      } finally {
        running = false;
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, options.pollMs);
      });
      wake = null;
    }
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      loop = runLoop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      wake?.();
      await loop;
      loop = null;
    },
    kick() {
      if (!running) wake?.();
    },
    stopping: () => stopped && loop !== null,
  };
}
