import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDatabase, type DatabaseHandle } from '../src/db/dialect.js';
import { migrateToLatest } from '../src/db/migrate.js';

/** postgres:// URL when the suite runs against PostgreSQL; SQLite in memory otherwise. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
export const dialectUnderTest = TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/**
 * A fresh database for one test file: SQLite in memory, or a new PostgreSQL database (dropped
 * again on destroy) when TEST_DATABASE_URL is set. A database rather than a schema: Kysely's
 * migrator introspects every schema of its database, which races with other test files
 * dropping theirs.
 *
 * On PostgreSQL the new database is a copy of a template that already holds every migration
 * (`migratedTemplate`): copying takes ~0.15 s where migrating takes ~0.6 s, for each of the
 * suite's ~200 databases. `empty: true` gives a database with no migrations (the migration
 * tests). On SQLite in memory migrating is fast, and every database starts empty.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<DatabaseHandle> {
  if (!TEST_DATABASE_URL) return createDatabase({ sqliteFile: ':memory:' });
  const pgDatabase = await createPgTestDatabase(options);
  const handle = createDatabase({ databaseUrl: pgDatabase.url, poolSize: 4 });
  return {
    ...handle,
    destroy: async () => {
      await handle.destroy();
      await pgDatabase.drop();
    },
  };
}

/**
 * A new PostgreSQL database of its own under TEST_DATABASE_URL's server (migrated unless
 * `empty`): its URL, for tools that connect by URL (pg_dump), and how to drop it.
 */
export async function createPgTestDatabase(options: { empty?: boolean } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = options.empty ? null : await migratedTemplate();
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
  return { url: databaseUrl(name), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

let template: Promise<string> | undefined;

/**
 * The name of a PostgreSQL database migrated to the latest migration, made once per machine
 * and migration set: its name carries a hash of the migrations' source, so a changed or new
 * migration makes a new template. Test workers (and concurrent runs) build it under an
 * advisory lock; it is built under a temporary name and renamed when complete, so a run that
 * dies half-way never leaves a half-migrated template.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');
    const hash = createHash('sha256');
    for (const file of readdirSync(dir).sort()) hash.update(file).update(readFileSync(path.join(dir, file)));
    const name = `tmpl_pv_${hash.digest('hex').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(724101)');
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const handle = createDatabase({ databaseUrl: databaseUrl(building), poolSize: 1 });
        try {
          await migrateToLatest(handle);
        } finally {
          await handle.destroy();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
        // Templates of earlier migration sets; one still being copied stays until next time.
        const old = await admin.query<{ datname: string }>(
          "select datname from pg_database where datname like 'tmpl\\_pv\\_%' and datname <> $1",
          [name],
        );
        for (const { datname } of old.rows) await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(724101)').catch(() => undefined);
      await admin.end();
    }
  })();
  return template;
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-test-'));
  return loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', TOKEN_SECRET: 'test-secret-'.padEnd(48, 'x'), DEMO: 'false' },
    { dataDir, sqliteFile: ':memory:', webDistDir: path.join(dataDir, 'no-web'), ...overrides },
  );
}

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close: () => Promise<void>;
};

/** Builds the real app on a fresh database; `close` tears both down. */
export async function buildTestApp(overrides: Partial<Config> = {}, options: Pick<BuildAppOptions, 'resolveHost'> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, logger: false, ...options });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.destroy();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
