import { CONTAINER_FULL_PERCENT, REPORT_OPEN_STATUSES } from '@puntoverde/contract';
import type { Db } from '../../db/dialect.js';

/** The back-office home's counts, each one the size of a list an admin can open. */

export async function countPendingRequests(db: Db): Promise<number> {
  const row = await db
    .selectFrom('pickup_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pendiente')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countOpenReports(db: Db): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', [...REPORT_OPEN_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Full containers (fill level at or above CONTAINER_FULL_PERCENT) of active points. */
function fullOnActivePoints(db: Db) {
  return db
    .selectFrom('containers as c')
    .innerJoin('points as p', 'p.id', 'c.point_id')
    .innerJoin('materials as m', 'm.id', 'c.material_id')
    .where('c.fill_level', '>=', CONTAINER_FULL_PERCENT)
    .where('p.active', '=', 1);
}

export async function countFullContainers(db: Db): Promise<number> {
  const row = await fullOnActivePoints(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The fullest containers of active points, fullest first. */
export async function findFullestContainers(db: Db, limit: number) {
  return fullOnActivePoints(db)
    .select(['p.id as point_id', 'p.name as point_name', 'c.id as container_id', 'm.code as material', 'm.name_es as material_name', 'c.fill_level'])
    .orderBy('c.fill_level', 'desc')
    .orderBy('c.id')
    .limit(limit)
    .execute();
}
