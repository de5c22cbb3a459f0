/** What the last database ping found. */
export type DatabaseProbeResult = {
  reachable: boolean;
  /** Round trip of the ping in ms; null when it failed. */
  latency_ms: number | null;
};

export type DatabaseProbe = {
  /** The last result while it is younger than `maxAgeMs`, else undefined (no ping started). */
  fresh(): DatabaseProbeResult | undefined;
  /** A fresh result: the cached one, the ping already in flight, or a new ping. */
  check(): Promise<DatabaseProbeResult>;
};

export type DatabaseProbeOptions = {
  /** Resolves to the round trip in ms; rejects when the database is unreachable. */
  ping: () => Promise<number>;
  /** How long a result is reused. */
  maxAgeMs?: number;
  /** A ping slower than this counts as unreachable (a partitioned network can hang a query). */
  timeoutMs?: number;
  /** Called once per failed ping, not once per health request. */
  onFailure?: (err: unknown) => void;
  now?: () => number;
};

/**
 * Database reachability for GET /back/api/health without a query per request: load balancers
 * and monitors poll it often, and a ping per probe made the health check cost more than the
 * rest of the request. One ping runs at a time and every caller meanwhile shares it; its result
 * is reused for `maxAgeMs` (1 s by default). So the answer can be up to `maxAgeMs` stale: an
 * outage shows within that window plus one ping (at most `timeoutMs` when the ping hangs), and
 * so does the recovery — failures are cached for the same short window, never longer.
 */
export function createDatabaseProbe(options: DatabaseProbeOptions): DatabaseProbe {
  const { ping, maxAgeMs = 1000, timeoutMs = 2000, onFailure, now = Date.now } = options;
  let last: DatabaseProbeResult | undefined;
  let checkedAt = 0;
  let inFlight: Promise<DatabaseProbeResult> | undefined;

  function fresh(): DatabaseProbeResult | undefined {
    return last && now() - checkedAt < maxAgeMs ? last : undefined;
  }

  async function run(): Promise<DatabaseProbeResult> {
    let timer: NodeJS.Timeout | undefined;
    let result: DatabaseProbeResult;
    try {
      const latency = await Promise.race([
        ping(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`database ping took longer than ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      result = { reachable: true, latency_ms: latency };
    } catch (err) {
      onFailure?.(err);
      result = { reachable: false, latency_ms: null };
    } finally {
      clearTimeout(timer);
    }
    last = result;
    checkedAt = now();
    return result;
  }

  function check(): Promise<DatabaseProbeResult> {
    const cached = fresh();
    if (cached) return Promise.resolve(cached);
    inFlight ??= run().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  return { fresh, check };
}
