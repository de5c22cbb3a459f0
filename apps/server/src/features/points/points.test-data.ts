import type { PointKind } from '@puntoverde/contract';
import type { Db } from '../../db/dialect.js';
import { nowIso } from '../../db/dialect.js';
import { signTestToken } from '../../../test/test-session.js';
import { getCatalogue } from '../materials/materials.service.js';
import { toPointRow, type PointInput } from './point-writer.js';
import { bumpPointsVersion } from './points-version.js';
import { insertPoints } from './points.repository.js';

/** Builders for the points feature's tests (users are inserted directly until identity factories exist). */

let userSeq = 0;

export async function createTestUser(
  db: Db,
  secret: string,
  opts: { tc_id?: number; is_admin?: boolean; name?: string } = {},
): Promise<{ id: number; token: string }> {
  userSeq += 1;
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({
      email: `points-test-${userSeq}-${Date.now()}@example.co`,
      password_hash: null,
      tc_id: opts.tc_id ?? 2,
      id_empresa: null,
      is_admin: opts.is_admin ? 1 : 0,
      name: opts.name ?? `Usuario ${userSeq}`,
      first_name: null,
      last_name: null,
      company_name: null,
      contact_name: null,
      document_type: null,
      document_number: null,
      phone: null,
      address: null,
      city: null,
      lat: null,
      lng: null,
      email_verified_at: now,
      data_policy_version: null,
      data_policy_accepted_at: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await signTestToken(db, secret, row.id);
  return { id: row.id, token };
}

export async function createTestPoints(
  db: Db,
  points: (Partial<PointInput> & { name: string; lat: number; lng: number; materials: string[]; kind?: PointKind })[],
): Promise<number[]> {
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
