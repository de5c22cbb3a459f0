import type { Kysely } from 'kysely';
import { DOUBLE, withId } from './helpers.js';

/**
 * An ally's points of sale: where people can use its offers (name, address, map position).
 * Staff and the ally's own staff keep them; an ally with none is found at its own address.
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('ally_points_of_sale'))
    .addColumn('ally_id', 'integer', (c) => c.notNull().references('allies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('city', 'text')
    .addColumn('lat', DOUBLE, (c) => c.notNull())
    .addColumn('lng', DOUBLE, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ally_points_of_sale_ally')
    .on('ally_points_of_sale')
    .columns(['ally_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ally_points_of_sale').execute();
}
