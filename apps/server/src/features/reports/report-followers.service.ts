import type { Report } from '@puntoverde/contract';
import type { AuthUser } from '../../lib/auth-user.js';
import { reportsChanged } from './public-list-cache.js';
import { mustFind, publicView, type ReportsDeps } from './report-views.js';
import * as repo from './reports.repository.js';
import * as reportRows from './report-rows.js';

/** "Súmate al reporte": follow it (a duplicate's original is followed instead). */
export async function followReport(deps: ReportsDeps, user: AuthUser, number: string): Promise<Report> {
  let row = await mustFind(deps.db, number);
  if (row.status === 'duplicado' && row.duplicate_of_id !== null) row = (await reportRows.findById(deps.db, row.duplicate_of_id)) ?? row;
  if (row.reporter_id !== user.id) {
    const at = new Date().toISOString();
    await deps.db.transaction().execute(async (trx) => {
      if (await repo.addFollower(trx, row.id, user.id, at)) {
        await repo.insertEvent(trx, {
          report_id: row.id,
          kind: 'follow',
          from_status: null,
          to_status: null,
          actor_id: user.id,
          actor_name: user.name,
          message: 'Alguien más se sumó al reporte.',
          internal: 0,
          created_at: at,
        });
      }
    });
    reportsChanged(deps.db);
  }
  return publicView(deps, user, row);
}

export async function unfollowReport(deps: ReportsDeps, user: AuthUser, number: string): Promise<Report> {
  const row = await mustFind(deps.db, number);
  await repo.removeFollower(deps.db, row.id, user.id);
  reportsChanged(deps.db);
  return publicView(deps, user, row);
}
