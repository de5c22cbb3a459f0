import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgTestDatabase, TEST_DATABASE_URL, testConfig } from '../../../test/helper.js';
import { buildReportsWorld, mustFile, uploadReportPhoto, type ReportsWorld } from '../../../test/factories/reports.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createDatabase } from '../../db/dialect.js';
import { storageFromConfig } from '../files/files.service.js';
import { backupPostgres, restorePostgres } from './postgres-backup.js';

/**
 * db:backup / db:restore on PostgreSQL (pg_dump and pg_restore of the machine): a database
 * seeded through the API, dumped with its uploads and secrets, restored into a new database
 * and compared table by table; then the app runs on the copy with the sessions of before.
 */
const dirs: string[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

function tmp(name: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `puntoverde-${name}-`));
  dirs.push(dir);
  return dir;
}

async function pgDatabase(options: { empty?: boolean } = {}) {
  const database = await createPgTestDatabase(options);
  drops.push(database.drop);
  return database;
}

/** Every table's row count and a digest of all its rows (in text order), by name. */
async function snapshot(url: string): Promise<Record<string, { rows: number; digest: string }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' order by 1",
    );
    const out: Record<string, { rows: number; digest: string }> = {};
    for (const { tablename } of tables) {
      const t = pg.escapeIdentifier(tablename);
      const { rows } = await client.query<{ rows: number; digest: string | null }>(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${t} t`,
      );
      out[tablename] = { rows: rows[0]!.rows, digest: rows[0]!.digest ?? '' };
    }
    return out;
  } finally {
    await client.end();
  }
}

function filesUnder(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const full = path.join(e.parentPath, e.name);
        return [path.relative(dir, full), readFileSync(full).toString('base64')];
      }),
  );
}

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL backup and restore', () => {
  let source: { url: string };
  let live: string;
  let world: ReportsWorld;
  let secrets: { tokenSecret: string; vapid: { publicKey: string; privateKey: string } };
  let reportNumber: string;
  let backupDir: string;

  beforeAll(async () => {
    source = await pgDatabase();
    live = tmp('pg-live');
    const config = testConfig({ dataDir: live, databaseUrl: source.url });
    secrets = { tokenSecret: config.tokenSecret, vapid: config.vapid };
    const database = createDatabase({ databaseUrl: source.url, poolSize: 4 });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    try {
      world = await buildReportsWorld(app);
      const photo = await uploadReportPhoto(app, world.ana);
      reportNumber = (await mustFile(app, world.ana, { point_id: world.pointX, photos: [photo] })).number;
      await mustFile(app, world.bruno, { category: 'otro', description: 'Bolsas de basura junto al punto.' });
    } finally {
      await app.close();
      await database.destroy();
    }
    backupDir = path.join(tmp('pg-backups'), 'b1');
    const backup = await backupPostgres({
      databaseUrl: source.url,
      storage: storageFromConfig({ dataDir: live }),
      secrets,
      outDir: backupDir,
    });
    expect(backup.files).toBeGreaterThan(0);
    expect(backup.tables).toBeGreaterThan(20);
  }, 120_000);

  it('writes the archive layout with a manifest saying the dialect and the tools', () => {
    expect(readdirSync(backupDir).sort()).toEqual([
      'files',
      'manifest.json',
      'puntoverde.pgdump',
      'token-secret',
      'vapid.json',
    ]);
    const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 'puntoverde-backup',
      dialect: 'postgres',
      database: 'puntoverde.pgdump',
      storage: 'local',
    });
    expect(manifest.postgres.server_version).toMatch(/^\d+\.\d+/);
    expect(manifest.postgres.pg_dump_version).toMatch(/^\d+\.\d+/);
    // Password hashes and the session key: readable by the owner only.
    for (const name of ['puntoverde.pgdump', 'token-secret', 'vapid.json', 'manifest.json']) {
      expect(statSync(path.join(backupDir, name)).mode & 0o777).toBe(0o600);
    }
  });

  it('restores every table, row for row, the files and the secrets into a new database; the app runs on it', async () => {
    const target = await pgDatabase({ empty: true });
    const fresh = tmp('pg-restored');
    const restored = await restorePostgres({
      backupDir,
      databaseUrl: target.url,
      storage: storageFromConfig({ dataDir: fresh }),
      dataDir: fresh,
    });

    const [before, after] = [await snapshot(source.url), await snapshot(target.url)];
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(after).toEqual(before);
    expect(before['reports']!.rows).toBe(2);
    expect(before['users']!.rows).toBe(6);
    expect(restored.tables).toBe(Object.keys(before).length);
    expect(filesUnder(path.join(fresh, 'files'))).toEqual(filesUnder(path.join(live, 'files')));
    expect(readFileSync(path.join(fresh, 'token-secret'), 'utf8').trim()).toBe(secrets.tokenSecret);

    // The app on the copy, its secrets read from the restored DATA_DIR (none in the environment).
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO: 'false' },
      { dataDir: fresh, databaseUrl: target.url, webDistDir: path.join(fresh, 'no-web') },
    );
    expect(config.vapid.publicKey).toBe(secrets.vapid.publicKey);
    const database = createDatabase({ databaseUrl: target.url, poolSize: 2 });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    try {
      // A session signed before the backup is still good; the report and its photo are served.
      const res = await app.inject({
        method: 'GET',
        url: `/back/api/v1/reports/${reportNumber}`,
        headers: world.ana.headers,
      });
      expect(res.statusCode).toBe(200);
      const report = res.json<{ data: { number: string; photos: { url: string }[]; mine?: boolean } }>().data;
      expect(report.number).toBe(reportNumber);
      expect(report.photos).toHaveLength(1);
      const photo = await app.inject({ method: 'GET', url: report.photos[0]!.url, headers: world.ana.headers });
      expect(photo.statusCode).toBe(200);
      expect(photo.rawPayload.length).toBeGreaterThan(0);
    } finally {
      await app.close();
      await database.destroy();
    }
  }, 120_000);

  it('refuses a database that holds tables, and replaces them with force', async () => {
    const target = await pgDatabase();
    const fresh = tmp('pg-forced');
    const options = {
      backupDir,
      databaseUrl: target.url,
      storage: storageFromConfig({ dataDir: fresh }),
      dataDir: fresh,
    };
    await expect(restorePostgres(options)).rejects.toThrow(
      /^The database already holds \d+ tables: restore into an empty database, or pass --force to replace them\.$/,
    );
    // A table the backup does not have (a later migration's) goes too.
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    await client.query('create table later_migration (id integer primary key)');
    await client.end();
    await restorePostgres({ ...options, force: true });
    expect(await snapshot(target.url)).toEqual(await snapshot(source.url));
  }, 120_000);

  it('refuses a pg_dump older than the server, naming the package', async () => {
    const bin = tmp('old-pg-dump');
    const fake = path.join(bin, 'pg_dump');
    writeFileSync(fake, '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', { mode: 0o755 });
    const out = tmp('old-pg-dump-out');
    const attempt = backupPostgres({
      databaseUrl: source.url,
      storage: storageFromConfig({ dataDir: out }),
      secrets,
      outDir: path.join(out, 'b'),
      tools: { pgDump: fake },
    });
    await expect(attempt).rejects.toThrow(
      /^pg_dump 9\.6 cannot dump a PostgreSQL \d+ server: install postgresql-client-\d+ \(or newer\)\.$/,
    );
  });
});

describe('PostgreSQL backup refusals before any database', () => {
  it('names the package to install when pg_dump is missing', async () => {
    const out = tmp('no-pg-dump');
    const attempt = backupPostgres({
      databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
      storage: storageFromConfig({ dataDir: out }),
      secrets: { tokenSecret: 'x'.repeat(32), vapid: { publicKey: '', privateKey: '' } },
      outDir: path.join(out, 'b'),
      tools: { pgDump: '/nonexistent/bin/pg_dump' },
    });
    await expect(attempt).rejects.toThrow(
      /^pg_dump not found: install the postgresql-client package \(apt-get install postgresql-client\)\.$/,
    );
  });

  it('names the package to install when pg_restore is missing', async () => {
    const dir = tmp('no-pg-restore');
    writeFileSync(
      path.join(dir, 'manifest.json'),
      JSON.stringify({ format: 'puntoverde-backup', version: 1, dialect: 'postgres', database: 'puntoverde.pgdump' }),
    );
    writeFileSync(path.join(dir, 'puntoverde.pgdump'), 'PGDMP');
    const attempt = restorePostgres({
      backupDir: dir,
      databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
      storage: storageFromConfig({ dataDir: dir }),
      dataDir: dir,
      tools: { pgRestore: '/nonexistent/bin/pg_restore' },
    });
    await expect(attempt).rejects.toThrow(/^pg_restore not found: install the postgresql-client package/);
  });

  it('refuses a SQLite backup', async () => {
    const sqliteBackup = tmp('sqlite-backup');
    writeFileSync(path.join(sqliteBackup, 'puntoverde.sqlite'), '');
    const attempt = restorePostgres({
      backupDir: sqliteBackup,
      databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
      storage: storageFromConfig({ dataDir: sqliteBackup }),
      dataDir: sqliteBackup,
    });
    await expect(attempt).rejects.toThrow('This is a SQLite backup: unset DATABASE_URL');
  });
});
