import type { Kysely } from 'kysely';
import { DOUBLE, withId } from './helpers.js';

/**
 * Weighing at an organisation's ECA: its scales (with the legal-metrology verification
 * certificate and its expiry), the scale tickets (tiquetes de báscula) with a gapless yearly
 * number, their material lines (gross, tare, net and rejects in kg) and the pickups each closes.
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('recycler_scales'))
    .addColumn('eca_point_id', 'integer', (c) => c.notNull().references('recycler_ecas.point_id').onDelete('cascade'))
    .addColumn('serial', 'text', (c) => c.notNull())
    .addColumn('capacity_kg', DOUBLE, (c) => c.notNull())
    .addColumn('division_g', DOUBLE, (c) => c.notNull())
    .addColumn('certificate_number', 'text', (c) => c.notNull())
    // YYYY-MM-DD, the last day the verification is valid
    .addColumn('certificate_expires_on', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('recycler_scales_serial', ['eca_point_id', 'serial'])
    .execute();

  await withId(db, db.schema.createTable('recycler_tickets'))
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('recycler_organizations.id').onDelete('cascade'),
    )
    .addColumn('eca_point_id', 'integer', (c) => c.notNull().references('points.id'))
    .addColumn('scale_id', 'integer', (c) => c.notNull().references('recycler_scales.id'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('recycler_members.id'))
    .addColumn('operator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('macro_route_id', 'integer', (c) => c.references('recycler_macro_routes.id').onDelete('set null'))
    .addColumn('micro_route_id', 'integer', (c) => c.references('recycler_micro_routes.id').onDelete('set null'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    // TQ-YYYY-NNNNNN
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('weighed_at', 'text', (c) => c.notNull())
    // Bogotá day of weighed_at (weeks of Mis pesajes, the SUI's week of the month)
    .addColumn('weighed_on', 'text', (c) => c.notNull())
    // pendiente | confirmado | anulado
    .addColumn('status', 'text', (c) => c.notNull())
    // telefono | firma
    .addColumn('confirmation', 'text')
    .addColumn('confirmed_at', 'text')
    .addColumn('confirmed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('signature_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    // The ticket this one corrects (and voids), and why.
    .addColumn('corrects_ticket_id', 'integer', (c) => c.references('recycler_tickets.id'))
    .addColumn('void_reason', 'text')
    .addColumn('voided_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recycler_tickets_org_day')
    .on('recycler_tickets')
    .columns(['organization_id', 'weighed_on'])
    .execute();
  await db.schema.createIndex('recycler_tickets_member').on('recycler_tickets').column('member_id').execute();
  await db.schema.createIndex('recycler_tickets_eca').on('recycler_tickets').column('eca_point_id').execute();

  await withId(db, db.schema.createTable('recycler_ticket_lines'))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('recycler_tickets.id').onDelete('cascade'))
    .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id'))
    .addColumn('gross_kg', DOUBLE, (c) => c.notNull())
    .addColumn('tare_kg', DOUBLE, (c) => c.notNull())
    .addColumn('net_kg', DOUBLE, (c) => c.notNull())
    .addColumn('reject_kg', DOUBLE, (c) => c.notNull())
    // The pickup request these kilos were collected at, when the line closes one.
    .addColumn('request_id', 'integer', (c) => c.references('pickup_requests.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('recycler_ticket_lines_ticket').on('recycler_ticket_lines').column('ticket_id').execute();

  await db.schema
    .createTable('recycler_ticket_pickups')
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('recycler_tickets.id').onDelete('cascade'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('pickup_requests.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('recycler_ticket_pickups_pk', ['ticket_id', 'request_id'])
    .execute();
  await db.schema
    .createIndex('recycler_ticket_pickups_request')
    .on('recycler_ticket_pickups')
    .column('request_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['recycler_ticket_pickups', 'recycler_ticket_lines', 'recycler_tickets', 'recycler_scales'])
    await db.schema.dropTable(table).execute();
}
