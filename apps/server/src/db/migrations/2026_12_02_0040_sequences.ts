import { sql, type Kysely } from 'kysely';

/**
 * One table for every gapless yearly consecutive (radicados, report and certificate numbers),
 * keyed by (name, year), instead of a counter table each: one function in the app takes every
 * number the same way. The counters' values are copied over. Frozen in time: no app imports.
 */
const COUNTERS = [
  ['pqr', 'pqr_counter'],
  ['report', 'report_counter'],
  ['certificate', 'certificate_counter'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sequences')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last_value', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sequences_pk', ['name', 'year'])
    .execute();
  for (const [name, table] of COUNTERS) {
    await sql`insert into sequences (name, year, last_value) select ${name}, year, last_value from ${sql.table(table)}`.execute(
      db,
    );
    await db.schema.dropTable(table).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, table] of COUNTERS) {
    await db.schema
      .createTable(table)
      .addColumn('year', 'integer', (c) => c.primaryKey())
      .addColumn('last_value', 'integer', (c) => c.notNull())
      .execute();
    await sql`insert into ${sql.table(table)} (year, last_value) select year, last_value from sequences where name = ${name}`.execute(
      db,
    );
  }
  await db.schema.dropTable('sequences').execute();
}
