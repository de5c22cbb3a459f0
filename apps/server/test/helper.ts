import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDatabase, type DatabaseHandle } from '../src/db/dialect.js';

/** postgres:// URL when the suite runs against PostgreSQL; SQLite in memory otherwise. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
export const dialectUnderTest = TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/**
 * A fresh, empty database for one test file: SQLite in memory, or a new PostgreSQL database
 * (dropped again on destroy) when TEST_DATABASE_URL is set. A database rather than a schema:
 * Kysely's migrator introspects every schema of its database, which races with other test
 * files dropping theirs.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!TEST_DATABASE_URL) return createDatabase({ sqliteFile: ':memory:' });
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = createDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    ...handle,
    destroy: async () => {
      await handle.destroy();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
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
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, logger: false });
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
