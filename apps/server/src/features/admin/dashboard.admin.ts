/** The back-office home: counts of what needs attention now, each one leading to its list. */
import { CONTAINER_FULL_PERCENT, REPORT_OPEN_STATUSES, type AdminDashboard } from '@puntoverde/contract';
import type { Db } from '../../db/dialect.js';
import { pqrAttentionCounts } from '../pqr/pqr-inbox.service.js';

/** How many of the fullest containers the home lists by name. */
export const DASHBOARD_FULLEST_LIMIT = 10;

export async function getDashboard(db: Db): Promise<AdminDashboard> {
  const fullOnActivePoints = () =>
    db
      .selectFrom('containers as c')
      .innerJoin('points as p', 'p.id', 'c.point_id')
      .innerJoin('materials as m', 'm.id', 'c.material_id')
      .where('c.fill_level', '>=', CONTAINER_FULL_PERCENT)
      .where('p.active', '=', 1);
  const [pqr, pending, reports, full, fullest] = await Promise.all([
    pqrAttentionCounts(db),
    db
      .selectFrom('pickup_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pendiente')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', [...REPORT_OPEN_STATUSES])
      .executeTakeFirstOrThrow(),
    fullOnActivePoints()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    fullOnActivePoints()
      .select([
        'p.id as point_id',
        'p.name as point_name',
        'c.id as container_id',
        'm.code as material',
        'm.name_es as material_name',
        'c.fill_level',
      ])
      .orderBy('c.fill_level', 'desc')
      .orderBy('c.id')
      .limit(DASHBOARD_FULLEST_LIMIT)
      .execute(),
  ]);
  return {
    pqr,
    requests_pending: Number(pending.n),
    reports_open: Number(reports.n),
    containers_full: Number(full.n),
    fullest: fullest.map((r) => ({ ...r, fill_level: Number(r.fill_level) })),
  };
}
