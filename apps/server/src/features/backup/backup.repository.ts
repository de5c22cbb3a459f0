import type BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

/**
 * What the backup commands ask the database itself (its catalog, not the app's rows), over the
 * raw connections they open: the Kysely handle is the running app's, and they run without it.
 */

export async function serverVersion(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ version: string }>("select current_setting('server_version') as version");
  return rows[0]!.version;
}

/** The tables outside PostgreSQL's own schemas, as `schema.table` quoted for SQL. */
export async function userTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ schemaname: string; tablename: string }>(
    "select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2",
  );
  return rows.map((r) => `${pg.escapeIdentifier(r.schemaname)}.${pg.escapeIdentifier(r.tablename)}`);
}

/** Drops the tables `userTables` named, with whatever depends on them. */
export async function dropTables(client: pg.Client, tables: string[]): Promise<void> {
  if (tables.length) await client.query(`drop table if exists ${tables.join(', ')} cascade`);
}

export function sqliteTableCount(db: BetterSqlite3.Database): number {
  return Number((db.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number }).n);
}

export function sqliteIntegrity(db: BetterSqlite3.Database): string {
  return String(db.pragma('integrity_check', { simple: true }));
}
