import type { ReadinessCheckState } from '@puntoverde/contract';

/** Resolves when the dependency answers as this instance needs it; rejects, or resolves false, otherwise. */
export type ReadinessCheck = () => Promise<unknown>;

export type ReadinessProbeOptions<K extends string> = {
  /** Each dependency to check; null = not configured (reported, never failing). */
  checks: Record<K, ReadinessCheck | null>;
  /** How long a result is reused. */
  maxAgeMs?: number;
  /** A check slower than this fails (a partitioned network can hang a query or a ping). */
  timeoutMs?: number;
  /** Called once per failed check run, not once per request. */
  onFailure?: (check: K, err: unknown) => void;
  now?: () => number;
};

export type ReadinessProbe<K extends string> = {
  /** The last result while it is younger than `maxAgeMs`, else undefined (no check started). */
  fresh(): Record<K, ReadinessCheckState> | undefined;
  /** A fresh result: the cached one, the run already in flight, or a new run of every check. */
  check(): Promise<Record<K, ReadinessCheckState>>;
};

/**
 * The dependencies behind GET /back/api/health/ready, checked together without a query per
 * request: orchestrators poll readiness every few seconds on every instance. As with the
 * database probe of the liveness route, one run goes at a time, every caller meanwhile shares
 * it, and its result (failures too) is reused for `maxAgeMs` (1 s by default).
 */
export function createReadinessProbe<K extends string>(options: ReadinessProbeOptions<K>): ReadinessProbe<K> {
  const { checks, maxAgeMs = 1000, timeoutMs = 2000, onFailure, now = Date.now } = options;
  const names = Object.keys(checks) as K[];
  let last: Record<K, ReadinessCheckState> | undefined;
  let checkedAt = 0;
  let inFlight: Promise<Record<K, ReadinessCheckState>> | undefined;

  function fresh() {
    return last && now() - checkedAt < maxAgeMs ? last : undefined;
  }

  async function runOne(name: K): Promise<ReadinessCheckState> {
    const check = checks[name];
    if (!check) return 'not_configured';
    let timer: NodeJS.Timeout | undefined;
    try {
      const answer = await Promise.race([
        check(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`${name} check took longer than ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      if (answer === false) throw new Error(`${name} is not ready`);
      return 'ok';
    } catch (err) {
      onFailure?.(name, err);
      return 'failing';
    } finally {
      clearTimeout(timer);
    }
  }

  async function run(): Promise<Record<K, ReadinessCheckState>> {
    const states = await Promise.all(names.map(runOne));
    last = Object.fromEntries(names.map((name, i) => [name, states[i]])) as Record<K, ReadinessCheckState>;
    checkedAt = now();
    return last;
  }

  function check() {
    const cached = fresh();
    if (cached) return Promise.resolve(cached);
    inFlight ??= run().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  return { fresh, check };
}
