/**
 * A version stamp kept in the database (app_setting), as caches see it: read at most once per
 * `ttlMs` per database, so another instance's write shows up within that time, and at once
 * after a change made by this process (changedHere).
 */
export function versionCache<D extends object>(read: (db: D) => Promise<string>, ttlMs = 1000) {
  let generation = 0;
  const cached = new WeakMap<object, { value: string; readAt: number; generation: number }>();
  return {
    /** Called by every write of this process that changes what the version covers. */
    changedHere(): void {
      generation += 1;
    },
    async current(db: D): Promise<string> {
      const now = Date.now();
      const c = cached.get(db);
      if (c && c.generation === generation && now - c.readAt < ttlMs) return c.value;
      const value = await read(db);
      cached.set(db, { value, readAt: now, generation });
      return value;
    },
  };
}

