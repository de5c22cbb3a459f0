import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Members of an organisation of recicladores (the SUI's Relación de miembros), recorded by its
 * coordinators with or without an account of their own, with the code their id card's QR carries.
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('recycler_members'))
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('recycler_organizations.id').onDelete('cascade'),
    )
    // CC | CE | PP | NIT
    .addColumn('id_type', 'text', (c) => c.notNull())
    .addColumn('id_number', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'text', (c) => c.notNull())
    .addColumn('id_issue_date', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('address', 'text')
    .addColumn('municipality_dane', 'text', (c) => c.notNull())
    .addColumn('vehicle_type', 'text', (c) => c.notNull())
    .addColumn('plate', 'text')
    // activo | suspendido | retirado
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('photo_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('card_code', 'text', (c) => c.notNull().unique())
    // Ley 1581 de 2012: when the member's authorisation was recorded, and by whom.
    .addColumn('consent_at', 'text', (c) => c.notNull())
    .addColumn('consent_recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('recycler_members_document', ['organization_id', 'id_type', 'id_number'])
    .execute();
  await db.schema.createIndex('recycler_members_user').on('recycler_members').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recycler_members').execute();
}
