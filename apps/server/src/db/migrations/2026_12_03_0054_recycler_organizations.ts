import type { Kysely } from 'kysely';
import { DOUBLE, withId } from './helpers.js';

/**
 * Organisations of recicladores de oficio: the organisation (NIT, SUI/RUPS id, regime), its
 * coordinators (point managers), service areas (NUAP), ECAs (a waste point of kind ECA with the SUI
 * annex's registration fields), macro-routes (NUMACRO) and micro-routes.
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('recycler_organizations'))
    .addColumn('name', 'text', (c) => c.notNull())
    // base-DV, e.g. 900123456-8
    .addColumn('nit', 'text', (c) => c.notNull().unique())
    .addColumn('rups_id', 'text')
    // decreto-596-2016 | decreto-1381-2024
    .addColumn('regime', 'text', (c) => c.notNull())
    .addColumn('regime_stage', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('recycler_coordinators')
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('recycler_organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('recycler_coordinators_pk', ['organization_id', 'user_id'])
    .execute();
  await db.schema.createIndex('recycler_coordinators_user').on('recycler_coordinators').column('user_id').execute();

  await withId(db, db.schema.createTable('recycler_service_areas'))
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('recycler_organizations.id').onDelete('cascade'),
    )
    .addColumn('nuap', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('municipality_dane', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('recycler_service_areas_nuap', ['organization_id', 'nuap'])
    .execute();

  await db.schema
    .createTable('recycler_ecas')
    // One organisation per ECA.
    .addColumn('point_id', 'integer', (c) => c.primaryKey().references('points.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('recycler_organizations.id').onDelete('cascade'),
    )
    .addColumn('nueca', 'text')
    .addColumn('service_area_id', 'integer', (c) => c.references('recycler_service_areas.id').onDelete('set null'))
    .addColumn('operation_start', 'text')
    // SUI codes: ownership 1..4, contract 1..5, status 1 operating / 2 inactive
    .addColumn('ownership', 'integer')
    .addColumn('contract', 'integer')
    .addColumn('capacity_t_month', DOUBLE)
    .addColumn('storage_m3', DOUBLE)
    .addColumn('storage_t', DOUBLE)
    .addColumn('land_use_compatible', 'integer')
    .addColumn('land_use_kind', 'text')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('status_date', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recycler_ecas_organization').on('recycler_ecas').column('organization_id').execute();

  await withId(db, db.schema.createTable('recycler_macro_routes'))
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('recycler_organizations.id').onDelete('cascade'),
    )
    .addColumn('numacro', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('service_area_id', 'integer', (c) => c.references('recycler_service_areas.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('recycler_macro_routes_numacro', ['organization_id', 'numacro'])
    .execute();

  await withId(db, db.schema.createTable('recycler_micro_routes'))
    .addColumn('macro_route_id', 'integer', (c) =>
      c.notNull().references('recycler_macro_routes.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    // Comma-separated: mo,tu,we,th,fr,sa,su
    .addColumn('days', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('km', DOUBLE, (c) => c.notNull())
    .addColumn('eca_point_id', 'integer', (c) => c.references('points.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recycler_micro_routes_macro')
    .on('recycler_micro_routes')
    .column('macro_route_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'recycler_micro_routes',
    'recycler_macro_routes',
    'recycler_ecas',
    'recycler_service_areas',
    'recycler_coordinators',
    'recycler_organizations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
