import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/dialect.js';
import { versionCache } from '../../lib/version-cache.js';
import { readPointsVersion, writePointsVersion } from './points.repository.js';

/**
 * The points version as caches (the cluster index, cached map answers) see it: read from the
 * database at most once a second per database (another instance's write shows up within that
 * second), at once after a write made by this process.
 */
const version = versionCache<Executor>(readPointsVersion);

/** Called by every write of points in this process. */
export function pointsChangedHere(): void {
  version.changedHere();
}

export async function currentPointsVersion(db: Executor): Promise<string> {
  return version.current(db);
}

/** A new points version: caches here follow at once, other instances within a second. */
export async function bumpPointsVersion(db: Executor): Promise<void> {
  pointsChangedHere();
  await writePointsVersion(db, `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`);
}
