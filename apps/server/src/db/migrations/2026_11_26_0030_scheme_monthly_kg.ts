import { sql, type Kysely } from 'kysely';
import { DOUBLE, isPostgres } from './helpers.js';

/**
 * The whole scheme's collected kg per Bogotá month and material, kept by the database itself:
 * triggers on `pickup_request_items` add a row's `actual_kg` to its month when the row gets its
 * collection (insert or update) and take it away when the row changes or goes. Every write path
 * (collections, seeds, imports, a fix by hand in SQL) keeps the table exact, so the staff's
 * monthly figure and the landing page's totals read at most 10 rows per month instead of scanning
 * the ledger. Frozen in time: no app imports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheme_monthly_kg')
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('material_id', 'integer', (c) => c.notNull())
    .addColumn('kg', DOUBLE, (c) => c.notNull())
    .addPrimaryKeyConstraint('scheme_monthly_kg_pk', ['month', 'material_id'])
    .execute();

  if (isPostgres(db)) {
    await sql`
      create function scheme_monthly_kg_apply() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.actual_kg is not null and old.collected_on is not null then
          insert into scheme_monthly_kg (month, material_id, kg)
          values (substr(old.collected_on, 1, 7), old.material_id, -old.actual_kg)
          on conflict (month, material_id) do update set kg = scheme_monthly_kg.kg + excluded.kg;
        end if;
        if tg_op in ('UPDATE', 'INSERT') and new.actual_kg is not null and new.collected_on is not null then
          insert into scheme_monthly_kg (month, material_id, kg)
          values (substr(new.collected_on, 1, 7), new.material_id, new.actual_kg)
          on conflict (month, material_id) do update set kg = scheme_monthly_kg.kg + excluded.kg;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger pickup_request_items_scheme_monthly_kg
      after insert or delete or update of actual_kg, collected_on, material_id on pickup_request_items
      for each row execute function scheme_monthly_kg_apply()`.execute(db);
  } else {
    const add = (row: 'new' | 'old', sign: '' | '-') =>
      sql.raw(`insert into scheme_monthly_kg (month, material_id, kg)
        values (substr(${row}.collected_on, 1, 7), ${row}.material_id, ${sign}${row}.actual_kg)
        on conflict (month, material_id) do update set kg = kg + excluded.kg;`);
    const when = (row: 'new' | 'old') => sql.raw(`${row}.actual_kg is not null and ${row}.collected_on is not null`);
    await sql`create trigger pickup_request_items_scheme_kg_insert after insert on pickup_request_items
      when ${when('new')} begin ${add('new', '')} end`.execute(db);
    await sql`create trigger pickup_request_items_scheme_kg_delete after delete on pickup_request_items
      when ${when('old')} begin ${add('old', '-')} end`.execute(db);
    await sql`create trigger pickup_request_items_scheme_kg_update_old after update of actual_kg, collected_on, material_id on pickup_request_items
      when ${when('old')} begin ${add('old', '-')} end`.execute(db);
    await sql`create trigger pickup_request_items_scheme_kg_update_new after update of actual_kg, collected_on, material_id on pickup_request_items
      when ${when('new')} begin ${add('new', '')} end`.execute(db);
  }

  // What was collected before this migration.
  await sql`
    insert into scheme_monthly_kg (month, material_id, kg)
    select substr(collected_on, 1, 7), material_id, sum(actual_kg)
    from pickup_request_items
    where actual_kg is not null and collected_on is not null
    group by substr(collected_on, 1, 7), material_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists pickup_request_items_scheme_monthly_kg on pickup_request_items`.execute(db);
    await sql`drop function if exists scheme_monthly_kg_apply()`.execute(db);
  } else {
    for (const t of ['insert', 'delete', 'update_old', 'update_new']) {
      await sql.raw(`drop trigger if exists pickup_request_items_scheme_kg_${t}`).execute(db);
    }
  }
  await db.schema.dropTable('scheme_monthly_kg').execute();
}
