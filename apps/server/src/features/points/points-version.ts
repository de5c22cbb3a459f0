import type { Executor } from '../../db/dialect.js';
import { readPointsVersion } from './points.repository.js';

/**
 * The points version as caches see it: read from the database at most once a second per
 * database (another instance's write shows up within that second), at once after a write made
 * by this process.
 */
const VERSION_TTL_MS = 1000;
let generation = 0;
const cached = new WeakMap<object, { value: string; readAt: number; generation: number }>();

/** Called by every write of points in this process. */
export function pointsChangedHere(): void {
  generation += 1;
}

export async function currentPointsVersion(db: Executor): Promise<string> {
  const now = Date.now();
  const c = cached.get(db);
  if (c && c.generation === generation && now - c.readAt < VERSION_TTL_MS) return c.value;
  const value = await readPointsVersion(db);
  cached.set(db, { value, readAt: now, generation });
  return value;
}
