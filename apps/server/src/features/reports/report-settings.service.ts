import { REPORT_POINT_MATCH_DEFAULT_M, type ReportPointMatch, type ReportSettings } from '@puntoverde/contract';
import { nowIso, type Db, type Executor } from '../../db/dialect.js';
import { recordAudit } from '../admin/audit.service.js';
import { nearestActivePoint } from '../points/points.service.js';
import * as repo from './reports.repository.js';

/**
 * Where a report filed without a point goes: the nearest active point within the distance staff
 * set (default {@link REPORT_POINT_MATCH_DEFAULT_M} m), so that point's managers see it; farther
 * from every point it stays with staff.
 */

export async function readReportSettings(db: Executor): Promise<ReportSettings> {
  const radius = await repo.readPointMatchRadius(db);
  return {
    point_match_radius_m: radius !== undefined && Number.isFinite(radius) ? radius : REPORT_POINT_MATCH_DEFAULT_M,
  };
}

/** Staff change the distance; the audit log keeps who and when, in the same transaction. */
export async function writeReportSettings(db: Db, actorId: number, settings: ReportSettings): Promise<ReportSettings> {
  await db.transaction().execute(async (trx) => {
    const before = await readReportSettings(trx);
    await repo.writePointMatchRadius(trx, settings.point_match_radius_m, nowIso());
    await recordAudit(trx, {
      actorId,
      action: 'update',
      entity: 'setting',
      entityId: 'reports',
      before,
      after: settings,
    });
  });
  return settings;
}

/** The point a report filed at this place without a point goes to, or null. */
export async function matchReportPoint(db: Executor, lat: number, lng: number): Promise<ReportPointMatch | null> {
  const { point_match_radius_m } = await readReportSettings(db);
  return nearestActivePoint(db, lat, lng, point_match_radius_m);
}
