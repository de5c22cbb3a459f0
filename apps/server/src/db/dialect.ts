import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import { createRequire } from 'node:module';
import pg from 'pg';
import type { Database } from './types.js';

/**
 * better-sqlite3 13 (Node-API, prebuilt, declares Node >= 22) on Node 22 and later; 12 on
 * Node 20, where 13 crashes. 12 on Node 24 aborts at exit (`Assertion failed: (env) != nullptr`
 * in a `Statement` destructor: Node 24's `node::ObjectWrap` removes a cleanup hook after the
 * environment is gone), which 13's Node-API wrappers do not do. Same API in both.
 */
export const sqliteDriver: { module: string; Database: typeof BetterSqlite3 } = (() => {
  const require = createRequire(import.meta.url);
  const module = Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-v13' : 'better-sqlite3';
  return { module, Database: require(module) as typeof BetterSqlite3 };
})();
const SQLite = sqliteDriver.Database;

export type DialectName = 'sqlite' | 'postgres';

export type Db = Kysely<Database>;

/** What every repository function takes first: the database or an open transaction. */
export type Executor = Db | Transaction<Database>;

export type DatabaseHandle = {
  db: Db;
  dialect: DialectName;
  /** PostgreSQL schema holding the tables (public unless a test asked for its own). */
  schema: string | undefined;
  /** Runs a trivial query; resolves to the round-trip time in ms, rejects when unreachable. */
  ping: () => Promise<number>;
  /** PostgreSQL's connection pool as it stands (metrics); absent on SQLite's single connection. */
  poolStats?: () => PoolStats;
  destroy: () => Promise<void>;
};

export type PoolStats = {
  /** Connections open, idle or in use. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: every connection is busy. */
  waiting: number;
  max: number;
};

export type DatabaseOptions = {
  /** postgres:// URL; when absent, SQLite at `sqliteFile`. */
  databaseUrl?: string | undefined;
  /** SQLite file path or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL schema to use as search_path (tests give each file its own). */
  pgSchema?: string;
  /** Max connections in the PostgreSQL pool. */
  poolSize?: number;
};

// PostgreSQL returns int8 (count(*), bigserial) as strings; our ids and counts fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric → number (we only use it for kg and percentages, far from float precision limits).
pg.types.setTypeParser(1700, (v) => Number(v));

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // An idle client whose connection the server closes (restart, failover, admin command)
    // is an 'error' event on the pool; unhandled it would crash the process. The pool drops
    // that client and the next query opens a new one; outages show in /back/api/health.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      schema: options.pgSchema ?? 'public',
      // Straight to the pool: the health check should cost a round trip, not a query build.
      ping: () => timed(() => pool.query('select 1')),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max,
      }),
      destroy: () => db.destroy(),
    };
  }
  const file = options.sqliteFile ?? ':memory:';
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the writer; foreign keys are off by default in SQLite.
  if (file !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const pingStatement = sqlite.prepare('select 1');
  return {
    db,
    dialect: 'sqlite',
    schema: undefined,
    // A prepared statement on the same connection: proves the file is open and readable.
    ping: () => timed(async () => pingStatement.get()),
    destroy: () => db.destroy(),
  };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return Math.round((performance.now() - start) * 100) / 100;
}

/** The current instant as stored in every timestamp column (ISO 8601 UTC text, portable). */
export function nowIso(): string {
  return new Date().toISOString();
}
