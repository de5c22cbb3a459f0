import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helper.js';
import { buildApp } from '../../app.js';
import { createDatabase, sqliteDriver } from '../../db/dialect.js';
import { storageFromConfig } from '../files/files.service.js';
import { backupSqlite, restoreSqlite } from './sqlite-backup.js';
import { pngBytes } from '../../../test/factories/files.js';
import { multipart, randomIp } from '../../../test/factories/http.js';
import { validPqr } from '../../../test/factories/pqr.js';

/**
 * db:backup / db:restore round trip on a real SQLite file in WAL mode, with PQR filings
 * (a PQR, its first event and the yearly counter in one transaction, plus an uploaded photo)
 * landing while the backup runs.
 */
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tmp(name: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `puntoverde-${name}-`));
  dirs.push(dir);
  return dir;
}

async function startApp(dataDir: string) {
  const config = testConfig({ dataDir, sqliteFile: path.join(dataDir, 'puntoverde.sqlite') });
  const database = createDatabase({ sqliteFile: config.sqliteFile });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return { app, config, close: async () => (await app.close(), await database.destroy()) };
}

function counts(file: string) {
  const db = new sqliteDriver.Database(file, { readonly: true });
  try {
    const n = (q: string) => Number((db.prepare(q).get() as { n: number }).n);
    return {
      pqr: n('select count(*) as n from pqr'),
      // Every PQR has its "radicada" event: a torn copy would show one without the other.
      withoutEvent: n(
        'select count(*) as n from pqr p where not exists (select 1 from pqr_event e where e.pqr_id = p.id)',
      ),
      files: n('select count(*) as n from files'),
    };
  } finally {
    db.close();
  }
}

describe('SQLite backup and restore', () => {
  it('copies a consistent state while PQRs are being filed, and restores it into a fresh data directory', async () => {
    const live = tmp('live');
    const server = await startApp(live);
    const file = async (i: number) => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/back/api/v1/pqr',
        remoteAddress: randomIp(),
        payload: validPqr({ subject: `Solicitud de prueba ${i}` }),
      });
      expect(res.statusCode).toBe(201);
    };
    for (let i = 0; i < 30; i++) await file(i);
    const upload = multipart(await pngBytes(), 'foto.png', 'image/png');
    const up = await server.app.inject({
      method: 'POST',
      url: '/back/api/v1/pqr/attachments',
      remoteAddress: randomIp(),
      ...upload,
    });
    expect(up.statusCode).toBe(201);

    const before = counts(server.config.sqliteFile).pqr;
    let writing = true;
    let filed = 0;
    const writer = (async () => {
      while (writing) {
        await file(1000 + filed);
        filed += 1;
      }
    })();
    const out = path.join(tmp('backup'), 'b1');
    const backup = await backupSqlite({
      sqliteFile: server.config.sqliteFile,
      storage: storageFromConfig({ dataDir: live }),
      secrets: { tokenSecret: server.config.tokenSecret, vapid: server.config.vapid },
      outDir: out,
    });
    writing = false;
    await writer;
    const after = counts(server.config.sqliteFile).pqr;
    await server.close();

    expect(backup.integrity).toBe('ok');
    const copy = counts(backup.database);
    expect(copy.pqr).toBeGreaterThanOrEqual(before);
    expect(copy.pqr).toBeLessThanOrEqual(after);
    expect(copy.withoutEvent).toBe(0);
    expect(backup.files).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8'))).toMatchObject({
      dialect: 'sqlite',
      database: 'puntoverde.sqlite',
      files: backup.files,
      storage: 'local',
    });

    // Restore into an empty data directory; the app starts on it and serves what was copied.
    const fresh = tmp('restored');
    const restored = await restoreSqlite({
      backupDir: out,
      sqliteFile: path.join(fresh, 'puntoverde.sqlite'),
      storage: storageFromConfig({ dataDir: fresh }),
      dataDir: fresh,
    });
    expect(restored.integrity).toBe('ok');
    expect(counts(restored.database)).toEqual(copy);
    expect(readdirSync(path.join(fresh, 'files'), { recursive: true }).length).toBeGreaterThan(0);
    const again = await startApp(fresh);
    try {
      // The secrets came back: sessions signed before the backup stay valid, push keeps its keys.
      expect(readFileSync(path.join(fresh, 'token-secret'), 'utf8').trim()).toBe(server.config.tokenSecret);
      expect(again.config.vapid.publicKey).toBe(server.config.vapid.publicKey);
      const radicado = (
        await again.app.db.selectFrom('pqr').select('radicado').orderBy('id', 'desc').executeTakeFirstOrThrow()
      ).radicado;
      expect(radicado).toMatch(/\d/);
      // A new filing continues the counter without reusing a radicado.
      await (async () => {
        const res = await again.app.inject({
          method: 'POST',
          url: '/back/api/v1/pqr',
          remoteAddress: randomIp(),
          payload: validPqr(),
        });
        expect(res.statusCode).toBe(201);
        expect(res.json<{ data: { radicado: string } }>().data.radicado).not.toBe(radicado);
      })();
    } finally {
      await again.close();
    }
  }, 120_000);

  it('refuses to restore a directory without a backup', async () => {
    const empty = tmp('empty');
    await expect(
      restoreSqlite({
        backupDir: empty,
        sqliteFile: path.join(empty, 'x.sqlite'),
        storage: storageFromConfig({ dataDir: empty }),
        dataDir: empty,
      }),
    ).rejects.toThrow(/does not exist/);
    expect(existsSync(path.join(empty, 'x.sqlite'))).toBe(false);
  });

  it('replaces a database that holds tables only with force', async () => {
    const live = tmp('live');
    const server = await startApp(live);
    const secrets = { tokenSecret: server.config.tokenSecret, vapid: server.config.vapid };
    const out = path.join(tmp('backup'), 'b1');
    await backupSqlite({
      sqliteFile: server.config.sqliteFile,
      storage: storageFromConfig({ dataDir: live }),
      secrets,
      outDir: out,
    });
    await server.close();

    const other = await startApp(tmp('other'));
    await other.close();
    const target = {
      backupDir: out,
      sqliteFile: other.config.sqliteFile,
      storage: storageFromConfig({ dataDir: other.config.dataDir }),
      dataDir: other.config.dataDir,
    };
    await expect(restoreSqlite(target)).rejects.toThrow(/already holds \d+ tables: pass --force/);
    const restored = await restoreSqlite({ ...target, force: true });
    expect(restored.integrity).toBe('ok');
  });

  it('refuses a PostgreSQL backup', async () => {
    const dir = tmp('pg-backup');
    writeFileSync(
      path.join(dir, 'manifest.json'),
      JSON.stringify({ format: 'puntoverde-backup', version: 1, dialect: 'postgres', database: 'puntoverde.pgdump' }),
    );
    writeFileSync(path.join(dir, 'puntoverde.pgdump'), 'PGDMP');
    await expect(
      restoreSqlite({
        backupDir: dir,
        sqliteFile: path.join(dir, 'x.sqlite'),
        storage: storageFromConfig({ dataDir: dir }),
        dataDir: dir,
      }),
    ).rejects.toThrow('This is a PostgreSQL backup: set DATABASE_URL');
  });
});
