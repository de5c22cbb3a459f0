/**
 * Cooperative scheduling on the main thread. A phone runs the app's JavaScript about four
 * times slower than a laptop; any piece of work longer than 50 ms there is a "long task" that
 * delays the next tap or scroll. Work that can wait a moment (drawing a hundred map markers,
 * building the map) is cut into slices with a yield to the browser between them.
 */

type SchedulerWithYield = { yield?: () => Promise<void> };

/** Lets the browser handle input and paint, then resumes (ahead of other queued tasks where supported). */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Main-thread time one slice may take: a fifth of the long-task threshold on a fast machine. */
export const SLICE_MS = 8;

/**
 * Runs `steps` in slices of about `sliceMs`, yielding between them. Stops early (resolving
 * false) once `cancelled()` says the result is no longer wanted; resolves true when all ran.
 */
export async function runInSlices(
  steps: readonly (() => void)[],
  cancelled: () => boolean,
  options: { sliceMs?: number; now?: () => number; yieldFn?: () => Promise<void> } = {},
): Promise<boolean> {
  const { sliceMs = SLICE_MS, now = () => performance.now(), yieldFn = yieldToMain } = options;
  let next = 0;
  while (next < steps.length) {
    await yieldFn();
    if (cancelled()) return false;
    const deadline = now() + sliceMs;
    do {
      steps[next++]!();
    } while (next < steps.length && now() < deadline);
  }
  return true;
}

/** How long after start-up `afterStartup` waits before it looks for an idle moment... */
export const STARTUP_QUIET_MS = 5000;
/** ...and how long it then waits for one at most. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Runs `callback` on the first idle moment `delayMs` after now (or IDLE_TIMEOUT_MS after that,
 * idle or not): for work a page can do without while it starts (a menu that is closed, a form
 * below the fold), which would otherwise be one more long task of its start-up on a phone.
 * Answers a function that cancels it.
 */
export function afterStartup(callback: () => void, delayMs: number = STARTUP_QUIET_MS): () => void {
  let cancelIdle: () => void = () => undefined;
  const delay = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(callback, 200);
      cancelIdle = () => window.clearTimeout(handle);
    }
  }, delayMs);
  return () => {
    window.clearTimeout(delay);
    cancelIdle();
  };
}
