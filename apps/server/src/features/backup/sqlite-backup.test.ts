import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helper.js';
import { buildApp } from '../../app.js';
import { createDatabase, sqliteDriver } from '../../db/dialect.js';
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
      filesDir: path.join(live, 'files'),
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

    // Restore into an empty data directory; the app starts on it and serves what was copied.
    const fresh = tmp('restored');
    const restored = await restoreSqlite({
      backupDir: out,
      sqliteFile: path.join(fresh, 'puntoverde.sqlite'),
      filesDir: path.join(fresh, 'files'),
    });
    expect(restored.integrity).toBe('ok');
    expect(counts(restored.database)).toEqual(copy);
    expect(readdirSync(path.join(fresh, 'files'), { recursive: true }).length).toBeGreaterThan(0);
    const again = await startApp(fresh);
    try {
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
        filesDir: path.join(empty, 'files'),
      }),
    ).rejects.toThrow(/does not exist/);
    expect(existsSync(path.join(empty, 'x.sqlite'))).toBe(false);
  });
});
