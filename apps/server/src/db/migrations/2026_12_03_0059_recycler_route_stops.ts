import type { Kysely } from 'kysely';

/**
 * Recyclers' routes: the micro-routes each member works (whose open pickups they may take), and
 * the pickups assigned to a member (by a coordinator, or taken by the member) with what happened
 * at the door (collected, or nobody there and why). One assignment per pickup.
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recycler_member_routes')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('recycler_members.id').onDelete('cascade'))
    .addColumn('micro_route_id', 'integer', (c) => c.notNull().references('recycler_micro_routes.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('recycler_member_routes_pk', ['member_id', 'micro_route_id'])
    .execute();
  await db.schema.createIndex('recycler_member_routes_route').on('recycler_member_routes').column('micro_route_id').execute();

  await db.schema
    .createTable('recycler_stops')
    .addColumn('request_id', 'integer', (c) => c.primaryKey().references('pickup_requests.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('recycler_organizations.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'integer', (c) => c.notNull().references('recycler_members.id').onDelete('cascade'))
    .addColumn('micro_route_id', 'integer', (c) => c.references('recycler_micro_routes.id').onDelete('set null'))
    // coordinador | miembro: who made the assignment
    .addColumn('assigned_via', 'text', (c) => c.notNull())
    .addColumn('assigned_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    // null (to visit) | recogido | no-estaba
    .addColumn('outcome', 'text')
    .addColumn('outcome_reason', 'text')
    .addColumn('outcome_note', 'text')
    .addColumn('outcome_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recycler_stops_member').on('recycler_stops').column('member_id').execute();
  await db.schema.createIndex('recycler_stops_organization').on('recycler_stops').column('organization_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recycler_stops').execute();
  await db.schema.dropTable('recycler_member_routes').execute();
}
