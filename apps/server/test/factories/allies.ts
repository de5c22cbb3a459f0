import type { Kysely } from 'kysely';
import { nowIso } from '../../src/db/dialect.js';
import type { Database } from '../../src/db/types.js';

/** A published ally (aliado, comercio, Medellín) named `name`; returns its id. */
export async function createAlly(db: Kysely<Database>, name: string): Promise<number> {
  const at = nowIso();
  const row = await db
    .insertInto('allies')
    .values({
      kind: 'aliado',
      name,
      logo_file_id: null,
      category: 'comercio',
      description: 'Aliado de prueba',
      benefits: '',
      website: null,
      email: null,
      phone: null,
      address: null,
      city: 'Medellín',
      lat: null,
      lng: null,
      published: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
