import type { PointKind } from '@puntoverde/contract';
import { nowIso, type Db } from '../../src/db/dialect.js';
import { getCatalogue } from '../../src/features/materials/materials.service.js';
import { toPointRow, type PointInput } from '../../src/features/points/point-writer.js';
import { bumpPointsVersion } from '../../src/features/points/points-version.js';
import { insertPoints } from '../../src/features/points/points.repository.js';

/** Points, their managers and containers, written the way the points feature writes them. */

export type PointAttrs = Partial<PointInput> & {
  name: string;
  lat: number;
  lng: number;
  materials: string[];
  kind?: PointKind;
};

/** Inserts active points (a punto limpio in Medellín unless told) and bumps the points version; their ids in order. */
export async function createPoints(db: Db, points: PointAttrs[]): Promise<number[]> {
  const catalogue = await getCatalogue(db);
  const ids = await insertPoints(
    db,
    points.map((p) =>
      toPointRow(catalogue, {
        kind: 'punto-limpio',
        address: 'Calle 1 # 2-3',
        city: 'Medellín',
        opening_hours: null,
        phone: null,
        photo_url: null,
        operator: null,
        source: 'manual',
        osm_id: null,
        ...p,
      }),
    ),
  );
  await bumpPointsVersion(db);
  return ids;
}

/** Makes each user the manager (tc_id 1) of its point. */
export async function assignManagers(db: Db, pairs: { pointId: number; userId: number }[]): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('point_managers')
    .values(pairs.map((p) => ({ point_id: p.pointId, user_id: p.userId, created_at: now })))
    .execute();
}

/** A container in service at `pointId` for `material` (a catalogue code); its id. */
export async function createContainer(
  db: Db,
  pointId: number,
  attrs: { material?: string; capacity_l?: number; fill_level?: number } = {},
): Promise<number> {
  const material = await db
    .selectFrom('materials')
    .select('id')
    .where('code', '=', attrs.material ?? 'pet')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('containers')
    .values({
      point_id: pointId,
      material_id: material.id,
      capacity_l: attrs.capacity_l ?? 1100,
      fill_level: attrs.fill_level ?? 40,
      status: 'en-servicio',
      last_emptied_at: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
