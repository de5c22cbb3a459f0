/**
 * Anonymous public lists (the map of reports) are the same for everyone: answers are kept a few
 * seconds per database and query, and dropped at once when this instance changes any report.
 * Another instance's change shows within {@link PUBLIC_LIST_TTL_MS}.
 */
const PUBLIC_LIST_TTL_MS = 5000;
const PUBLIC_LIST_MAX_ENTRIES = 500;
type CacheEntry = { at: number; value: Promise<unknown> };
const publicListCache = new WeakMap<object, Map<string, CacheEntry>>();

/** Every write to reports calls this: cached public lists of that database are dropped. */
export function reportsChanged(db: object): void {
  publicListCache.delete(db);
}

/**
 * A public answer from the cache, or computed once: concurrent callers of a missing key share
 * the one query in flight (a burst at expiry does not run it fifty times). Failures are not kept.
 */
export function cachedPublic<T>(db: object, key: string, compute: () => Promise<T>): Promise<T> {
  let cache = publicListCache.get(db);
  if (!cache) publicListCache.set(db, (cache = new Map<string, CacheEntry>()));
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < PUBLIC_LIST_TTL_MS) return hit.value as Promise<T>;
  if (cache.size >= PUBLIC_LIST_MAX_ENTRIES) cache.clear();
  const value = compute();
  const entry: CacheEntry = { at: Date.now(), value };
  cache.set(key, entry);
  const own = cache;
  value.catch(() => {
    if (own.get(key) === entry) own.delete(key);
  });
  return value;
}
